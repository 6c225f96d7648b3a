import { Redis } from 'ioredis';

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
