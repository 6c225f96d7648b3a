import { Migration } from '@mikro-orm/migrations';

/**
 * What a delivery's last look found it held for (issue 30 item 1): `held_for` is the hold
 * reason its attempt activity last met, cleared when an attempt is recorded or when a wallet
 * release claims it. The release signals only the deliveries held for the wallet, each once per
 * hold (docs/decisions.md, "Wallet hold release"); the partial index keeps its claim on them.
 */
export class Migration20261125003000DeliveryHeldFor extends Migration {
  override up(): void {
    this.addSql(`
      alter table webhook_deliveries add column held_for text null;
      create index webhook_deliveries_held_for_idx on webhook_deliveries (tenant_id, held_for) where held_for is not null;
    `);
  }
}
