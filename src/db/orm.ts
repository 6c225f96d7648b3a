import { MikroORM, type Options, type EntityManager } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ALL_ENTITIES } from '../entities/index.js';
import { MIGRATIONS } from '../../migrations/index.js';
import type { Config } from '../config.js';

export type Orm = MikroORM;
export type Em = EntityManager;

/** The one way to open the ORM; tests pass their own database URL or pool size. */
export async function initORM(config: Pick<Config, 'databaseUrl' | 'dbPoolMax'> & Partial<Pick<Config, 'dbStatementTimeoutMs'>>, overrides: Partial<Options> = {}): Promise<Orm> {
  return MikroORM.init({
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
}
