import type { Redis } from 'ioredis';
import { channelName, subscriberConnection } from '../../redis.js';
import type { Orm } from '../../db/em.js';
import type { Clock } from '../../clock.js';
import type { Logger } from '../../logger.js';
import { readWallet, type WalletView } from './wallet-reader.js';

/** Redis channel on which a wallet change (top-up, charge, block) is announced, with the tenant id. */
export const WALLET_CHANGED_CHANNEL = 'wallet-changed';

/** Tells every api process that a tenant's wallet changed. Call after the change commits. */
export async function announceWalletChange(redis: Redis, tenantId: string): Promise<void> {
  await redis.publish(channelName(redis, WALLET_CHANGED_CHANNEL), tenantId);
}

interface Entry {
  view: WalletView;
  loadedAt: number;
}

/**
 * The wallet as the gate and GET /me see it, kept `ttlMs` per (tenant, integration). A change
 * announced on WALLET_CHANGED_CHANNEL drops the tenant's entries at once, so a top-up resumes
 * the exchange immediately; the TTL bounds staleness if an announcement is missed (the spec
 * allows 30 s). An `unknown` reading is never cached.
 */
export class WalletCache {
  /** tenant -> integration ('' for the tenant itself) -> entry */
  private readonly entries = new Map<string, Map<string, Entry>>();
  /** Reads in flight per (tenant, integration): a burst of one tenant's requests makes one read, not one each. */
  private readonly loading = new Map<string, Promise<WalletView>>();
  /** Bumped whenever entries are forgotten: a view read before that is not cached (offer). */
  private generation = 0;
  private subscriber?: Redis;

  constructor(
    private readonly orm: Orm,
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly readTimeoutMs: number,
    private readonly paidReadTimeoutMs: number = readTimeoutMs,
  ) {}

  /** Listens for change announcements on a connection of its own (subscriber mode). */
  async listen(redis: Redis, log: Logger): Promise<void> {
    if (this.ttlMs === 0) return;
    // Unlike request-path commands, the subscription may wait for the connection (and ioredis
    // subscribes again by itself after a reconnect).
    this.subscriber = subscriberConnection(redis);
    this.subscriber.on('error', (err: Error) => log.warn({ err: err.message }, 'wallet-change subscriber error'));
    this.subscriber.on('message', (_channel: string, tenantId: string) => this.forget(tenantId));
    // Entries cached while the subscription was down may have missed changes.
    this.subscriber.on('ready', () => {
      this.generation++;
      this.entries.clear();
    });
    await this.subscriber.subscribe(channelName(this.subscriber, WALLET_CHANGED_CHANNEL)).catch((err: Error) => log.warn({ err: err.message }, 'wallet-change subscribe failed'));
  }

  async get(tenantId: string, integrationId: string | null): Promise<WalletView> {
    const now = Date.now();
    const hit = this.entries.get(tenantId)?.get(integrationId ?? '');
    if (hit && now - hit.loadedAt < this.ttlMs) return hit.view;
    // Without a cache (ttl 0) every request reads for itself.
    if (this.ttlMs === 0) return this.read(tenantId, integrationId);
    const key = `${tenantId}/${integrationId ?? ''}`;
    const inFlight = this.loading.get(key);
    if (inFlight) return inFlight;
    const load = this.read(tenantId, integrationId).then((view) => {
      // A change announced while this read ran (forget) leaves it uncached: it may predate the change.
      if (this.loading.get(key) === load && view.state !== 'unknown') this.remember(tenantId, integrationId, view, now);
      return view;
    }).finally(() => {
      if (this.loading.get(key) === load) this.loading.delete(key);
    });
    this.loading.set(key, load);
    return load;
  }

  /**
   * The wallet as paid work must see it: `view` (or the cached one) when its state is known;
   * otherwise read again with the paid bound. A paid caller waits for its work anyway, and a
   * read that missed the short deadline of free requests (a busy moment) must not refuse it;
   * `unknown` only when the database cannot answer within that bound either.
   */
  async forPaidWork(tenantId: string, integrationId: string | null, view?: WalletView): Promise<WalletView> {
    const known = view ?? await this.get(tenantId, integrationId);
    if (known.state !== 'unknown') return known;
    return readWallet(this.orm.em.fork(), tenantId, integrationId, this.paidReadTimeoutMs, this.clock.now());
  }

  /** Taken before a wallet is read elsewhere (the caller lookup), to offer its view afterwards. */
  mark(): number {
    return this.generation;
  }

  /**
   * A view of (tenant, integration) read elsewhere since `mark`: cached unless something was
   * forgotten meanwhile (it may predate an announced change) or the state is `unknown`.
   */
  offer(tenantId: string, integrationId: string | null, view: WalletView, mark: number): void {
    if (this.ttlMs === 0 || mark !== this.generation || view.state === 'unknown') return;
    this.remember(tenantId, integrationId, view, Date.now());
  }

  private read(tenantId: string, integrationId: string | null): Promise<WalletView> {
    return readWallet(this.orm.em.fork(), tenantId, integrationId, this.readTimeoutMs, this.clock.now());
  }

  private remember(tenantId: string, integrationId: string | null, view: WalletView, now: number): void {
    if (this.entries.size > 50_000) this.entries.clear();
    let tenant = this.entries.get(tenantId);
    if (!tenant) this.entries.set(tenantId, (tenant = new Map()));
    tenant.set(integrationId ?? '', { view, loadedAt: now });
  }

  forget(tenantId: string): void {
    this.generation++;
    this.entries.delete(tenantId);
    for (const key of this.loading.keys()) if (key.startsWith(`${tenantId}/`)) this.loading.delete(key);
  }

  close(): void {
    this.subscriber?.disconnect();
  }
}
