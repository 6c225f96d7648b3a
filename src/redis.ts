import { Redis } from 'ioredis';

/**
 * Fails fast instead of queueing commands while disconnected: a limits store that is
 * down must answer 503 at once, never hold requests or let them through.
 */
/**
 * A pub/sub channel's name on this connection: the connection's key prefix, then `name`.
 * ioredis prefixes keys, never channels, and pub/sub ignores the database number, so without
 * this two stacks (or two test runs) on one Redis would hear each other's announcements.
 * A duplicate() of a connection keeps its prefix, so publisher and subscriber agree.
 */
export function channelName(redis: Redis, name: string): string {
  return prefixedChannel(redis.options.keyPrefix ?? '', name);
}

/** The same name from the prefix itself (REDIS_KEY_PREFIX), for code that holds the setting. */
export function prefixedChannel(redisKeyPrefix: string, name: string): string {
  return `${redisKeyPrefix}${name}`;
}

export function createRedis(url: string, keyPrefix: string): Redis {
  return new Redis(url, {
    keyPrefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
  });
}
