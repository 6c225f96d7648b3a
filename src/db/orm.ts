import type pg from 'pg';
import { MikroORM, type Options } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ALL_ENTITIES } from '../entities/index.js';
import { MIGRATIONS } from '../../migrations/index.js';
import type { Config } from '../config.js';
import type { Orm } from './em.js';

/** The one way to open the ORM; tests pass their own database URL or pool size. */
export async function initORM(config: Pick<Config, 'databaseUrl' | 'dbPoolMax'> & Partial<Pick<Config, 'dbStatementTimeoutMs'>>, overrides: Partial<Options> = {}): Promise<Orm> {
  const orm = await MikroORM.init({
    clientUrl: config.databaseUrl,
    entities: ALL_ENTITIES,
    extensions: [Migrator],
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    pool: { min: 0, max: config.dbPoolMax },
    // No statement holds a connection forever (a locked table, a runaway query).
    driverOptions: config.dbStatementTimeoutMs ? { statement_timeout: config.dbStatementTimeoutMs } : {},
    allowGlobalContext: false,
    ensureDatabase: false,
    debug: false,
    ...overrides,
  });
  releaseEndedConnections(await orm.em.getConnection().getNativeClient());
  return orm;
}

/**
 * A pooled connection whose server side ends while it is checked out (its backend terminated: a
 * failover, an idle-in-transaction timeout, an operator's pg_terminate_backend) goes back to the
 * pool at once, as broken, so the pool drops it and opens another when asked. Its holder may
 * never give it back: Kysely's controlled transaction, which MikroORM's `transactional` runs on,
 * releases its connection only after a BEGIN, COMMIT or ROLLBACK that succeeds, and on a dead
 * connection they all fail (kysely-org/kysely#1990). Each such kill cost the pool a connection
 * for good, and `orm.close()` waited for them forever. The holder's own release, should it come
 * later, then does nothing.
 */
function releaseEndedConnections(pool: pg.Pool): void {
  const checkedOut = new Set<pg.PoolClient>();
  const watched = new WeakSet<pg.PoolClient>();
  pool.on('release', (_err, client) => checkedOut.delete(client));
  // pg-pool emits 'acquire' on every checkout, before it gives the client that checkout's release.
  pool.on('acquire', (client) => {
    checkedOut.add(client);
    if (watched.has(client)) return;
    watched.add(client);
    client.once('end', () => {
      if (!checkedOut.has(client)) return;
      const release = client.release;
      client.release = () => undefined;
      release(new Error('the PostgreSQL connection ended while checked out'));
    });
  });
}
