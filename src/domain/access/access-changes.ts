import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { prefixedChannel, subscriberConnection } from '../../redis.js';
import type { Logger } from '../../logger.js';

/** What changed: every cached caller of that tenant, integration or key is dropped. */
export type AccessChange = { tenantId: string } | { integrationId: string } | { keyId: string };

/** The announcement on the channel: the change and the list each listener acknowledges on. */
interface AccessNotice {
  change: AccessChange;
  reply: string;
}

/** How long an announcement waits for every listening api process to confirm. */
export const ACCESS_ACK_TIMEOUT_MS = 2000;

/** Channel names take no ioredis keyPrefix: the prefix is in the name, so two stacks never hear each other. */
export const accessChannel = (redisKeyPrefix: string): string => prefixedChannel(redisKeyPrefix, 'access-changed');

export interface AnnounceResult {
  /** api processes that heard the announcement (PUBLISH's count). */
  listeners: number;
  /** Of them, those that confirmed the drop within the time-out. */
  confirmed: number;
}

/**
 * Tells every api process that access changed (a key revoked, an integration's status or
 * scopes, a tenant's status) and waits until each one that heard it has dropped the cached
 * callers: PUBLISH counts the listeners, each pushes one acknowledgement onto the reply list
 * named in the notice, and this waits for that many (at most `timeoutMs`, then warns). Call
 * after the change commits; on return the very next request on any api process sees it.
 */
export async function announceAccessChange(redis: Redis, redisKeyPrefix: string, change: AccessChange, o: { log?: Logger; timeoutMs?: number } = {}): Promise<AnnounceResult> {
  const timeoutMs = o.timeoutMs ?? ACCESS_ACK_TIMEOUT_MS;
  const notice: AccessNotice = { change, reply: `access-ack:${randomUUID()}` };
  // Its own connection: BLPOP blocks it, and the shared one times commands out after 1 s.
  const conn = redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined, maxRetriesPerRequest: 1 });
  try {
    const listeners = await conn.publish(accessChannel(redisKeyPrefix), JSON.stringify(notice));
    const deadline = Date.now() + timeoutMs;
    let confirmed = 0;
    while (confirmed < listeners) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      if (await conn.blpop(notice.reply, Math.max(left, 10) / 1000)) confirmed++;
    }
    await conn.del(notice.reply);
    if (confirmed < listeners) o.log?.warn({ change, listeners, confirmed, timeout_ms: timeoutMs }, 'access change: not every api process confirmed the drop in time; the rest follow within AUTH_CACHE_MS');
    return { listeners, confirmed };
  } finally {
    conn.disconnect();
  }
}

/**
 * Subscribes to access changes on a connection of its own: `drop` runs for each, then the
 * notice is acknowledged on `redis` (a command connection); `reset` runs whenever the
 * subscription (re)connects, since changes may have been missed while it was down.
 */
export async function listenForAccessChanges(
  redis: Redis, redisKeyPrefix: string, log: Logger,
  on: { drop: (change: AccessChange) => void; reset: () => void },
): Promise<Redis> {
  const subscriber = subscriberConnection(redis);
  subscriber.on('error', (err: Error) => log.warn({ err: err.message }, 'access-change subscriber error'));
  subscriber.on('ready', on.reset);
  subscriber.on('message', (_channel: string, text: string) => {
    let notice: AccessNotice;
    try {
      notice = JSON.parse(text) as AccessNotice;
    } catch {
      return log.warn({ text }, 'access change: unreadable notice');
    }
    on.drop(notice.change);
    redis.multi().rpush(notice.reply, '1').pexpire(notice.reply, 10_000).exec()
      .catch((err: Error) => log.warn({ err: err.message }, 'access change: acknowledgement failed'));
  });
  await subscriber.subscribe(accessChannel(redisKeyPrefix)).catch((err: Error) => log.warn({ err: err.message }, 'access-change subscribe failed'));
  return subscriber;
}
