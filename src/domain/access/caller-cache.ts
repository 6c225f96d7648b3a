import type { Redis } from 'ioredis';
import type { Orm } from '../../db/orm.js';
import type { Logger } from '../../logger.js';
import { findCaller, type Caller } from './caller-lookup.js';
import { listenForAccessChanges, type AccessChange } from './access-changes.js';

interface Entry {
  caller: Caller;
  loadedAt: number;
}

/**
 * Key -> integration -> tenant as authentication sees it, kept `ttlMs` per key. An access
 * change announced on Redis (announceAccessChange) drops the entries of its key, integration
 * or tenant at once on every api process; the TTL bounds staleness if an announcement is missed.
 */
export class CallerCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every drop: a lookup that started before it is not cached (it may predate the change). */
  private generation = 0;
  private subscriber?: Redis;
  private listening: Promise<void> = Promise.resolve();

  constructor(private readonly orm: Orm, private readonly ttlMs: number) {}

  /** Subscribes to access changes (nothing to drop without a cache). */
  listen(redis: Redis, redisKeyPrefix: string, log: Logger): Promise<void> {
    if (this.ttlMs === 0) return this.listening;
    this.listening = listenForAccessChanges(redis, redisKeyPrefix, log, {
      drop: (change) => this.drop(change),
      reset: () => this.clear(),
    }).then((subscriber) => {
      this.subscriber = subscriber;
    });
    return this.listening;
  }

  /** Settles once the subscription of listen() is in place. */
  whenListening(): Promise<void> {
    return this.listening;
  }

  /** The caller of a key id; `beforeLookup` runs only when the database is to be asked (and may refuse by throwing). */
  async get(keyId: string, beforeLookup?: () => Promise<void>): Promise<Caller | null> {
    const now = Date.now();
    const hit = this.entries.get(keyId);
    if (hit && now - hit.loadedAt < this.ttlMs) return hit.caller;
    await beforeLookup?.();
    const generation = this.generation;
    const caller = await findCaller(this.orm.em.fork(), keyId);
    if (caller && this.ttlMs > 0 && generation === this.generation) {
      if (this.entries.size > 10_000) this.entries.clear();
      this.entries.set(keyId, { caller, loadedAt: now });
    }
    return caller;
  }

  drop(change: AccessChange): void {
    this.generation++;
    if ('keyId' in change) {
      this.entries.delete(change.keyId);
      return;
    }
    // A change names the live tenant or integration; their sandbox shadows follow it (a
    // trigger), so test-mode entries are dropped with any such change (rare, and cheap to reload).
    for (const [keyId, { caller }] of this.entries) {
      const named = 'tenantId' in change ? caller.tenant.id === change.tenantId : caller.integration.id === change.integrationId;
      if (named || caller.key.mode === 'test') this.entries.delete(keyId);
    }
  }

  private clear(): void {
    this.generation++;
    this.entries.clear();
  }

  close(): void {
    this.subscriber?.disconnect();
  }
}
