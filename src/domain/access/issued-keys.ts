import { once } from 'node:events';
import { setTimeout as delay } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import type { Orm } from '../../db/em.js';
import { domainError } from '../../errors/domain-error.js';

/** The Redis set of issued key ids (under the stack's key prefix, so one per cell). */
export const ISSUED_KEYS = 'issued-keys';
/** A member that is no key id: present once the set was filled from the database. */
const FILLED = '~filled';
/** How long an issue waits for a connection still being made (then the SADD fails and the key is not issued). */
const CONNECT_WAIT_MS = 3000;
/** Key ids this process learnt from the set; beyond this many it starts again (costs a round trip each, never a wrong answer). */
const REMEMBERED = 100_000;

/**
 * Which key ids were ever issued, known without a database lookup (issue 41 item 6), so a
 * made-up key is refused for the price of one Redis round trip: no lookup, and no throttle.
 *
 * The set only grows: a key id is added when the key is issued (before its row commits, so a
 * key is never handed out unknown here), never removed. Revocation and expiry end a key where
 * they always did, by the lookup and the cached callers' drop on every api process
 * (access-changes.ts); the index only has to be a superset of the keys that can authenticate.
 * Its one duty is never to miss an issued key: a Redis that lost the set (restarted without
 * persistence, flushed, evicted) is filled again from api_keys by the first request that finds
 * the FILLED member missing, before that request is answered. Ids it vouched for are also kept in
 * this process's memory (they stay true), so a known key costs no round trip of its own.
 */
export class IssuedKeys {
  private readonly remembered = new Set<string>();
  private filling: Promise<Set<string>> | null = null;

  constructor(private readonly redis: Redis, private readonly orm: Orm) {}

  /** Adds an issued key id (call before the key's row commits: a phantom id costs a lookup, a missing one a valid key). */
  async add(keyId: string): Promise<void> {
    // A command-line process issues right after it starts: its connection may still be on its way.
    if (this.redis.status !== 'ready') await Promise.race([once(this.redis, 'ready'), delay(CONNECT_WAIT_MS, undefined, { ref: false })]);
    await this.redis.sadd(ISSUED_KEYS, keyId);
  }

  /** Whether `keyId` was issued; 503 service_unavailable when Redis cannot say. */
  async has(keyId: string): Promise<boolean> {
    if (this.remembered.has(keyId)) return true;
    let known: boolean;
    try {
      const [member, filled] = await this.redis.smismember(ISSUED_KEYS, keyId, FILLED);
      known = filled ? member === 1 : (await this.fill()).has(keyId);
    } catch {
      throw domainError('service_unavailable', 'The key index is unavailable; retry shortly.', {}, { retryAfterSeconds: 5 });
    }
    if (known) this.remember(keyId);
    return known;
  }

  /** Every key id of api_keys into the set, then FILLED; one at a time in this process. */
  private fill(): Promise<Set<string>> {
    this.filling ??= (async () => {
      const rows = await this.orm.em.fork().execute<{ key_id: string }[]>('select key_id from api_keys');
      const ids = rows.map((r) => r.key_id);
      for (let i = 0; i < ids.length; i += 10_000) await this.redis.sadd(ISSUED_KEYS, ...ids.slice(i, i + 10_000));
      await this.redis.sadd(ISSUED_KEYS, FILLED);
      return new Set(ids);
    })().finally(() => {
      this.filling = null;
    });
    return this.filling;
  }

  private remember(keyId: string): void {
    if (this.remembered.size >= REMEMBERED) this.remembered.clear();
    this.remembered.add(keyId);
  }
}
