import { Migration } from '@mikro-orm/migrations';

/**
 * The support console's operators (docs/decisions.md, "Operators' identity"): an account each,
 * with a role, a scrypt password hash (its parameters stored with it), a TOTP secret (sealed with AES-256-GCM) and the
 * last TOTP step used (a code is accepted once). Sessions live on the server: the cookie carries
 * a random id whose SHA-256 alone is stored here, so a session ends when its row says so.
 */
export class Migration20261128010000SupportOperators extends Migration {
  override up(): void {
    this.addSql(`
      create table support_operators (
        id uuid primary key,
        email text not null,
        display_name text not null,
        role text not null check (role in ('viewer', 'operator', 'admin')),
        password_hash text not null,
        totp_secret_sealed text not null,
        totp_last_step bigint,
        disabled boolean not null default false,
        created_at timestamptz(3) not null,
        updated_at timestamptz(3) not null
      );
      create unique index support_operators_email on support_operators (lower(email));
      create table support_sessions (
        id uuid primary key,
        operator_id uuid not null references support_operators(id) on delete cascade,
        token_hash text not null unique,
        method text not null check (method in ('password', 'proxy')),
        address text,
        created_at timestamptz(3) not null,
        last_seen_at timestamptz(3) not null,
        -- A session unused for idle_ms ends; every session ends at expires_at.
        idle_ms integer not null,
        expires_at timestamptz(3) not null,
        ended_at timestamptz(3),
        ended_by text
      );
      create index support_sessions_operator on support_sessions (operator_id, created_at desc);
    `);
  }
}
