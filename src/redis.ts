import { Redis } from 'ioredis';

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

/**
 * Fails fast instead of queueing commands while disconnected: a limits store that is
 * down must answer 503 at once, never hold requests or let them through.
 */
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

/**
 * A connection of its own for SUBSCRIBE: it queues while it connects and has no command
 * timeout (ioredis starts that timer while a command waits for the connection, so with the
 * limits connection's 1 s a new connection on a busy Redis lost its subscription); whoever
 * waits for it bounds the wait itself. ioredis resubscribes after every reconnect.
 */
export function subscriberConnection(redis: Redis): Redis {
  return redis.duplicate({ enableOfflineQueue: true, maxRetriesPerRequest: null, commandTimeout: undefined });
}
