import { Migration } from '@mikro-orm/migrations';

/**
 * A tenant's own spend limits and primary domain (issue 9 items 7, 17, 18):
 * - spend_limits: overrides by key, `{daily_spend_limit_rub, operation_cost_cap_rub,
 *   widget_daily_ai_cap_rub}`; a key that is absent takes the cell's default, null means
 *   none, a decimal text is the limit in roubles (see src/domain/wallet/spend-limits.ts);
 * - primary_domain: the host (and port) that card page paths starting with `/` resolve
 *   against in the chat; null = none set.
 */
export class Migration20261123000100TenantLimits extends Migration {
  override up(): void {
    this.addSql(`
      alter table tenants add column spend_limits jsonb not null default '{}';
      alter table tenants add column primary_domain text;
    `);
  }
}
