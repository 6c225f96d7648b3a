import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ensureDatabase } from '../../src/db/database.js';
import { initORM } from '../../src/db/orm.js';
import { migrateUp } from '../../src/db/migrations.js';

/** The admin URL of the PostgreSQL server the tests use, pointed at another database name. */
export function databaseUrl(name: string): string {
  const url = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sales_api_test');
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new, empty database of its own for a test that must break something on purpose (lock
 * a table, leave a migration out) without touching the shared test database. Migrated up
 * to `to` (a migration name), or fully. Returns its URL.
 */
export async function freshDatabase(prefix: string, to?: string): Promise<string> {
  // A random id, not the pid: pids repeat across containers sharing one PostgreSQL.
  const name = `${prefix}_${randomBytes(6).toString('hex')}`.toLowerCase();
  const url = databaseUrl(name);
  await ensureDatabase(url);
  const orm = await initORM({ databaseUrl: url, dbPoolMax: 2 });
  try {
    await migrateUp(orm, to);
  } finally {
    await orm.close(true);
  }
  return url;
}

export async function dropDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: databaseUrl('postgres') });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

/** A plain connection for holding a lock or reading rows behind the api's back. */
export async function sqlClient(url = process.env.DATABASE_URL!): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}
