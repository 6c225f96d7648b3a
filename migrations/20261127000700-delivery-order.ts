import { Migration } from '@mikro-orm/migrations';

/**
 * One conversation's (or one lead's) events reach each subscription in order (issue 31 item 5;
 * docs/decisions.md, "Keyed events go out in order"). An event carries its ordering key and a
 * number from a sequence (events of one transaction share created_at, so time cannot order
 * them); the relay copies both onto the deliveries, and the attempt finds an earlier unfinished
 * delivery of the same key and subscription through a partial index over unfinished keyed
 * deliveries only. Existing rows keep nulls (no table rewrite): they are not ordered.
 */
export class Migration20261127000700DeliveryOrder extends Migration {
  override up(): void {
    this.addSql(`
      create sequence outbox_events_seq;
      alter table outbox_events add column ordering_key text, add column seq bigint;
      alter table outbox_events alter column seq set default nextval('outbox_events_seq');
      alter sequence outbox_events_seq owned by outbox_events.seq;
      alter table webhook_deliveries add column ordering_key text, add column ordering_seq bigint;
      create index webhook_deliveries_ordering_idx on webhook_deliveries (webhook_id, ordering_key, ordering_seq)
        where ordering_key is not null and replay_of is null and state in ('pending', 'failed');
    `);
  }
}
