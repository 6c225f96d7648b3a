import { Migration } from '@mikro-orm/migrations';

/**
 * A subscription's max_per_second (issue 38 item 4): deliveries to it start no faster, across
 * the cluster (docs/decisions.md, "Deliveries at a subscription's rate"). Null for every
 * subscription there is: no limit, as before.
 */
export class Migration20261129020000SubscriptionRate extends Migration {
  override up(): void {
    this.addSql(`alter table webhooks add column max_per_second integer null
      constraint webhooks_max_per_second_range check (max_per_second between 1 and 1000);`);
  }
}
