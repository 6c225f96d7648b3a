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
  /**
   * The answers of several reads, each under its name in `names` (which must say everything the
   * read depends on besides the tenant and its rollups): those held, in one round trip; the rest
   * from `read(missing)` in one go, then kept in one round trip.
   */
  getAll<K extends string>(names: Record<K, string>, read: (missing: K[]) => Promise<Partial<Record<K, unknown>>>): Promise<Partial<Record<K, unknown>>>;
}

export function rollupCache(redis: Redis, tenantId: string, rollupVersion: string | null): RollupCache {
  return {
    async getAll<K extends string>(names: Record<K, string>, read: (missing: K[]) => Promise<Partial<Record<K, unknown>>>): Promise<Partial<Record<K, unknown>>> {
      const parts = Object.keys(names) as K[];
      // No rollups built yet: nothing worth keeping, and no version to key it by.
      if (rollupVersion === null) return read(parts);
      const keys = parts.map((p) => `analytics:rollups:${tenantId}:${rollupVersion}:${names[p]}`);
      // A cache that does not answer is skipped: the rollups are still there to read.
      const hits = await redis.mget(...keys).catch(() => keys.map(() => null));
      const out: Partial<Record<K, unknown>> = {};
      parts.forEach((p, i) => {
        if (hits[i] != null) out[p] = JSON.parse(hits[i]!) as unknown;
      });
      const missing = parts.filter((p) => !(p in out));
      if (!missing.length) return out;
      const found = await read(missing);
      const keep = redis.pipeline();
      for (const p of missing) keep.set(keys[parts.indexOf(p)]!, JSON.stringify(found[p]), 'EX', TTL_SECONDS);
      await keep.exec().catch(() => undefined);
      return { ...out, ...found };
    },
  };
}
