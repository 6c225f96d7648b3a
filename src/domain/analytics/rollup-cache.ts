import type { Redis } from 'ioredis';

/**
 * Reads of the daily rollups, cached in Redis under the tenant's rollup version (decisions:
 * "Analytics: the overview's rollup cache"). Every rebuild of a tenant's rollups bumps the
 * version in its own transaction, so an answer cached under an older version is never read
 * again: a snapshot (or the re-opened days of late events) changes the figures at once.
 * Rollups change only through a rebuild; what is read live (attention, ingestion counts,
 * operations, the wallet) stays outside.
 */

/** An old version's entries are never read again: they only wait for this to expire. */
const TTL_SECONDS = 3600;

export interface RollupCache {
  /** `read()`'s answer under `name` (which must say everything the read depends on besides the tenant and its rollups). */
  get<T>(name: string, read: () => Promise<T>): Promise<T>;
}

export function rollupCache(redis: Redis, tenantId: string, rollupVersion: string | null): RollupCache {
  return {
    async get<T>(name: string, read: () => Promise<T>): Promise<T> {
      // No rollups built yet: nothing worth keeping, and no version to key it by.
      if (rollupVersion === null) return read();
      const key = `analytics:rollups:${tenantId}:${rollupVersion}:${name}`;
      // A cache that does not answer is skipped: the rollups are still there to read.
      const hit = await redis.get(key).catch(() => null);
      if (hit !== null) return JSON.parse(hit) as T;
      const value = await read();
      await redis.set(key, JSON.stringify(value), 'EX', TTL_SECONDS).catch(() => undefined);
      return value;
    },
  };
}
