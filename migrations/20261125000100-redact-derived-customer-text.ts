import { Migration } from '@mikro-orm/migrations';
import type { Em } from '../src/db/em.js';
import { scrubDerivedText } from '../src/domain/privacy/scrub-derived.js';

/**
 * Personal data behind its scopes (issue 25): the customer text that topics, actions, chat
 * answers, reports and the search and question rollups took in before the redaction step
 * existed is redacted once, tenant by tenant (decisions: "Personal data: scrubbing what was
 * derived before"). Later rows are redacted as they are written.
 */
export class Migration20261125000100RedactDerivedCustomerText extends Migration {
  override async up(): Promise<void> {
    // The migration's own transaction; the driver is PostgreSQL's (src/db/orm.ts).
    const em = this.getEntityManager() as unknown as Em;
    const tenants = await em.execute<{ id: string }[]>('select id from tenants order by id');
    for (const t of tenants) await scrubDerivedText(em, t.id);
  }
}
