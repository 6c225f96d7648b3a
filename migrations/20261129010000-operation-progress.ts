import { Migration } from '@mikro-orm/migrations';

/**
 * How far an operation that works through many rows has come (POST /webhooks/{id}/recover:
 * counted when it started, redelivered and skipped so far). Null for every other operation,
 * as for every row written before: additive, nothing read changes.
 */
export class Migration20261129010000OperationProgress extends Migration {
  override up(): void {
    this.addSql('alter table operations add column progress jsonb;');
  }
}
