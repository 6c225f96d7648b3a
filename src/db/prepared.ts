import type { Orm } from './em.js';

/**
 * Runs `text` ($1, $2... placeholders) as a named prepared statement on MikroORM's own pool:
 * PostgreSQL parses and plans it once per connection instead of on every call (em.execute
 * inlines the parameters, so each call is a new statement to parse and plan). For the
 * statements on every request's path (the caller lookup); one `name` per text.
 */
export async function queryPrepared<T>(orm: Orm, name: string, text: string, values: unknown[]): Promise<T[]> {
  const pool = await orm.em.getConnection().getNativeClient();
  return (await pool.query({ name, text, values })).rows as T[];
}
