import { Migration } from '@mikro-orm/migrations';

/**
 * Which secrets wrote this database (docs/decisions.md, "One database, one set of secrets"): a
 * fingerprint of them and the checkout that first migrated it. A local stack started with other
 * secrets refuses the database instead of serving data it cannot read (sealed webhook secrets,
 * hashed keys).
 */
export class Migration20261127000200StackSecrets extends Migration {
  override up(): void {
    this.addSql(`
      create table stack_secrets (
        singleton boolean primary key default true check (singleton),
        fingerprint text not null,
        checkout text not null,
        created_at timestamptz not null default now()
      );
    `);
  }
}
