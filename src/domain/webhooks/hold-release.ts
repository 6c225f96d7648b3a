import type { Redis } from 'ioredis';
import type { Services } from '../../services.js';
import { noticeDeliveries } from '../../temporal/deliveries.js';
import { WALLET_CHANGED_CHANNEL } from '../wallet/wallet-cache.js';
import { channelName, subscriberConnection } from '../../redis.js';
import { readWallet } from '../wallet/wallet-reader.js';
import { KeyedCoalescer } from '../pacing/coalesce.js';
import { claimWalletHeld } from './delivery-holds.js';
import { UUID } from '../../ids.js';

/** Announcements of one tenant within this long make one release (spec 01 allows 30 s to resume). */
const COALESCE_MS = 250;

type HoldServices = Pick<Services, 'orm' | 'redis' | 'temporal' | 'config' | 'log' | 'clock' | 'metrics'>;

/**
 * Ends wallet holds within seconds (spec 01: exchange resumes within 30 seconds; postponed
 * webhooks are delivered). A wallet change announced on WALLET_CHANGED_CHANNEL that leaves the
 * exchange active signals the tenant's deliveries whose last look found them held for the
 * wallet: a suspended→active change as they saw it. Each is claimed in the database first
 * (claimWalletHeld), so one wallet change makes one signal per held delivery across the
 * cluster, however many workers hear it; a charge on an active wallet, the commonest
 * announcement, signals nothing (docs/decisions.md, "Wallet hold release"). Held workflows
 * otherwise only re-check on their long jittered timer (ARCHITECTURE flow 5).
 */
export class WalletHoldRelease {
  private subscriber?: Redis;
  /** A burst of one tenant's charges (an announcement each) makes a release every COALESCE_MS, not one per charge. */
  private readonly releases = new KeyedCoalescer(COALESCE_MS, async (tenantId) => {
    await this.release(tenantId).then(() => undefined, (err: Error) => this.s.log.warn({ tenant_id: tenantId, err: err.message }, 'held deliveries not signalled; their re-check timer releases them'));
  });

  constructor(private readonly s: HoldServices) {}

  async start(): Promise<void> {
    this.subscriber = subscriberConnection(this.s.redis);
    this.subscriber.on('error', (err: Error) => this.s.log.warn({ err: err.message }, 'wallet-change subscriber error'));
    this.subscriber.on('message', (_channel: string, tenantId: string) => this.releases.nudge(tenantId));
    await this.subscriber.subscribe(channelName(this.subscriber, WALLET_CHANGED_CHANNEL)).catch((err: Error) => this.s.log.warn({ err: err.message }, 'wallet-change subscribe failed'));
  }

  /**
   * When the tenant's exchange is active, signals the deliveries held for its wallet that no
   * other worker has claimed; returns how many. A signal lost after the claim (a crash) leaves
   * the delivery to its re-check timer.
   */
  async release(tenantId: string): Promise<number> {
    if (!UUID.test(tenantId)) return 0;
    const em = this.s.orm.em.fork();
    const wallet = await readWallet(em, tenantId, null, this.s.config.walletReadTimeoutMs, this.s.clock.now());
    if (wallet.exchange === 'suspended') return 0;
    const held = await claimWalletHeld(em, tenantId);
    await noticeDeliveries(this.s, held, 'recheck');
    return held.length;
  }

  /** Hears no more wallet changes and lets a release under way finish (a dropped one leaves its deliveries to their re-check timer). */
  async stop(): Promise<void> {
    this.subscriber?.disconnect();
    await this.releases.stop();
  }
}

/**
 * Asks every unfinished delivery of an integration or a tenant to look at its hold again
 * (issue 9 item 1): after a status or scope change, a held delivery goes out at once when
 * access returned, and one of a revoked integration ends at once. The shadows in the sandbox
 * follow their live rows' access (the sandbox migration's triggers), so their deliveries are
 * asked too. Their backstop timer is the only other way a hold ends. Returns how many were asked.
 */
export async function recheckDeliveriesOf(s: Pick<Services, 'orm' | 'temporal' | 'log' | 'metrics'>, owner: { integrationId: string } | { tenantId: string }): Promise<number> {
  const [column, id] = 'integrationId' in owner
    ? ['integration_id in (select id from integrations where id = ? or live_integration_id = ?)', owner.integrationId]
    : ['tenant_id in (select id from tenants where id = ? or live_tenant_id = ?)', owner.tenantId];
  const rows = await s.orm.em.fork().execute<{ id: string }[]>(
    `select id from webhook_deliveries where ${column} and state in ('pending', 'failed') and workflow_started_at is not null`,
    [id, id],
  );
  await noticeDeliveries(s, rows.map((r) => r.id), 'recheck');
  return rows.length;
}
