import { Migration } from '@mikro-orm/migrations';

/**
 * The strategist chat's turns (issue 14): one customer question in a session and the
 * strategist's answer, written by the `strategist.turn` operation that answers it. The turn's
 * state is its operation's (never stored twice); `action_ids` are the actions it proposed.
 */
export class Migration20261124007200StrategistTurns extends Migration {
  override up(): void {
    this.addSql(`
      create table strategist_turns (
        id uuid primary key,
        tenant_id uuid not null references tenants(id) deferrable initially deferred,
        integration_id uuid not null references integrations(id) deferrable initially deferred,
        session_id uuid not null references strategist_sessions(id) deferrable initially deferred,
        operation_id uuid not null references operations(id) deferrable initially deferred,
        question text not null,
        answer text,
        action_ids jsonb not null default '[]',
        created_at timestamptz(3) not null,
        answered_at timestamptz(3)
      );
      create index strategist_turns_session_idx on strategist_turns (session_id, created_at, id);
    `);
  }
}
