import { Migration } from '@mikro-orm/migrations';

/**
 * Timestamps to millisecond precision, the precision of JavaScript dates and therefore of page
 * cursors: a row stamped `.123456` by a database default would otherwise sort after a cursor
 * at `.123` and be returned again on every page.
 */
export class Migration20261122000300MillisecondTimestamps extends Migration {
  override up(): void {
    const columns: Record<string, string[]> = {
      tenants: ['created_at', 'updated_at'],
      integrations: ['created_at', 'updated_at'],
      api_keys: ['expires_at', 'revoked_at', 'created_at'],
      channels: ['created_at'],
      wallets: ['updated_at'],
      wallet_ledger: ['created_at'],
      fx_rates: ['updated_at'],
      idempotency_records: ['created_at', 'expires_at'],
      outbox_events: ['created_at', 'relayed_at'],
      key_expiry_notices: ['created_at'],
      disclosure_log: ['occurred_at'],
      disclosure_register: ['created_at'],
    };
    for (const [table, names] of Object.entries(columns)) {
      this.addSql(`alter table ${table} ${names.map((c) => `alter column ${c} type timestamptz(3)`).join(', ')};`);
    }
  }
}
