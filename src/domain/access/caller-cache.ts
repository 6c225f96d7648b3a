import type { Redis } from 'ioredis';
import type { Orm } from '../../db/em.js';
import type { Clock } from '../../clock.js';
import type { Logger } from '../../logger.js';
import type { WalletCache } from '../wallet/wallet-cache.js';
import { findCaller, findCallerWithWallet, type Caller, type FoundCaller } from './caller-lookup.js';
import { listenForAccessChanges, type AccessChange } from './access-changes.js';

interface Entry {
  caller: Caller;
  loadedAt: number;
}

/** The wallet the lookup reads with the caller, and the cache its reading goes to. */
export interface WalletWithCaller {
  wallets: WalletCache;
  clock: Clock;
  timeoutMs: number;
}

/**
 * Key -> integration -> tenant as authentication sees it, kept `ttlMs` per key. An access
 * change announced on Redis (announceAccessChange) drops the entries of its key, integration
 * or tenant at once on every api process; the TTL bounds staleness if an announcement is missed.
 *
 * With `wallet`, a lookup reads the caller's wallet in the same statement (one round trip for
 * a request that finds nothing cached) and offers it to the wallet cache. Concurrent misses of
 * one key share one lookup while the cache is on (a burst makes one read, as the wallet
 * cache's does); without a cache every request reads for itself.
 */
export class CallerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<FoundCaller | null>>();
  /** Bumped by every drop: a lookup that started before it is not cached (it may predate the change). */
  private generation = 0;
  private subscriber?: Redis;
  private listening: Promise<void> = Promise.resolve();

  constructor(private readonly orm: Orm, private readonly ttlMs: number, private readonly wallet: WalletWithCaller | null = null) {}

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

  /**
   * The caller of a key id, with its wallet when it was looked up now (and the lookup reads
   * wallets); `beforeLookup` runs only when the database is to be asked (and may refuse by throwing).
   */
  async get(keyId: string, beforeLookup?: () => Promise<void>): Promise<FoundCaller | null> {
    const now = Date.now();
    const hit = this.entries.get(keyId);
    if (hit && now - hit.loadedAt < this.ttlMs) return { caller: hit.caller, wallet: null };
    if (this.ttlMs === 0) {
      await beforeLookup?.();
      return this.lookup(keyId);
    }
    const inFlight = this.loading.get(keyId);
    if (inFlight) return inFlight;
    await beforeLookup?.();
    const joined = this.loading.get(keyId);
    if (joined) return joined;
    const generation = this.generation;
    const load = this.lookup(keyId).then((found) => {
      if (found && generation === this.generation) {
        if (this.entries.size > 10_000) this.entries.clear();
        this.entries.set(keyId, { caller: found.caller, loadedAt: now });
      }
      return found;
    }).finally(() => {
      if (this.loading.get(keyId) === load) this.loading.delete(keyId);
    });
    this.loading.set(keyId, load);
    return load;
  }

  private async lookup(keyId: string): Promise<FoundCaller | null> {
    if (!this.wallet) {
      const caller = await findCaller(this.orm, keyId);
      return caller ? { caller, wallet: null } : null;
    }
    const { wallets, clock, timeoutMs } = this.wallet;
    const mark = wallets.mark();
    const found = await findCallerWithWallet(this.orm, keyId, { now: clock.now(), timeoutMs });
    if (found?.wallet) wallets.offer(found.caller.tenant.id, found.caller.integration.id, found.wallet, mark);
    return found;
  }

  drop(change: AccessChange): void {
    this.generation++;
    // A request after the drop never joins a lookup that began before it.
    this.loading.clear();
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
    this.loading.clear();
    this.entries.clear();
  }

  close(): void {
    this.subscriber?.disconnect();
  }
}
