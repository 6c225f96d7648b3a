import { Migration } from '@mikro-orm/migrations';

/**
 * What support did in the console (docs/decisions.md, "A support console"): who (the operator's
 * name given at login), what (the action and its target), when, and what came of it. Written in
 * the transaction of the action itself, so an action without its record never commits.
 */
export class Migration20261127220000SupportActions extends Migration {
  override up(): void {
    this.addSql(`
      create table support_actions (
        id uuid primary key,
        operator text not null,
        action text not null,
        target_id text not null,
        tenant_id uuid,
        detail jsonb not null default '{}'::jsonb,
        created_at timestamptz(3) not null
      );
      create index support_actions_created on support_actions (created_at desc);
      create index support_actions_target on support_actions (target_id, created_at desc);
      alter table webhook_delivery_attempts add column answer_excerpt text;
    `);
  }
}
