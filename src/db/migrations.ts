import type { Orm } from './em.js';

/** Applies every pending migration; returns the names applied now. */
export async function migrateUp(orm: Orm, to?: string): Promise<string[]> {
  const applied = await orm.migrator.up(to ? { to } : undefined);
  return applied.map((m) => m.name);
}

/** Names of the migrations this database has applied (empty when none, or no table yet). */
export async function appliedMigrations(orm: Orm): Promise<Set<string>> {
  const rows = await orm.em.fork().execute<{ name: string }[]>(
    `select name from mikro_orm_migrations where to_regclass('mikro_orm_migrations') is not null`,
  ).catch((err: { code?: string }) => {
    if (err.code === '42P01') return [];
    throw err;
  });
  return new Set(rows.map((r) => r.name));
}
