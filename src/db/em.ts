import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';

/**
 * The types every module passes the database by: a transaction's (or fork's) entity manager and
 * the ORM. Types only, apart from orm.ts (which opens the ORM with the entities and the
 * migrations), so that importing them pulls in neither: a migration that calls domain code
 * imports no cycle back through orm.ts.
 */
export type Em = EntityManager;
export type Orm = MikroORM;
