import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import { initORM } from './db/orm.js';
import type { Orm } from './db/em.js';
import { createRedis } from './redis.js';
import { createLogger, type Logger } from './logger.js';
import { systemClock, type Clock } from './clock.js';
import { Metrics } from './observability/metrics.js';
import { TemporalAccess } from './temporal/access.js';
import { WalletCache } from './domain/wallet/wallet-cache.js';
import { CallerCache } from './domain/access/caller-cache.js';
import { IssuedKeys } from './domain/access/issued-keys.js';
import { RequestLog } from './domain/support/request-log.js';
import { OperationWaiter } from './domain/operations/operation-waiter.js';
import { LiveHub } from './widget/live-hub.js';
import { tokenRotationChannel } from './widget/token-rotations.js';
import { aiSettingsFor, createSellerModel, type SellerModel } from './domain/ai-seller/index.js';

/** Everything a process (api, worker, ctl) shares: built once, closed once. */
export interface Services {
  config: Config;
  orm: Orm;
  redis: Redis;
  log: Logger;
  clock: Clock;
  metrics: Metrics;
  temporal: TemporalAccess;
  /** Key -> integration -> tenant as authentication sees it (cached, dropped by access-change announcements). */
  callers: CallerCache;
  /** Which key ids were issued, without a database lookup (Redis; a made-up key costs no lookup). */
  issuedKeys: IssuedKeys;
  /** The api's requests by request id, kept REQUEST_LOG_HOURS for support (Redis). */
  requestLog: RequestLog;
  /** The wallet as the api's gate sees it (cached, invalidated by change announcements). */
  wallets: WalletCache;
  /** Holds requests until their operation finishes (`wait`). */
  operationWaiter: OperationWaiter;
  /** The visitor chat's live streams of this process (subscribes on the first stream). */
  liveHub: LiveHub;
  /**
   * The AI seller's model of live work (AI_PROVIDER) or of a sandbox's (SANDBOX_AI_PROVIDER), each
   * built once: the api prices admissions with it, the worker replies with it.
   */
  sellerFor(livemode: boolean): SellerModel;
  close(): Promise<void>;
}

export interface ServiceOptions {
  clock?: Clock;
  log?: Logger;
  /** Used by tests to point one app at a store that is down. */
  redis?: Redis;
}

export async function createServices(config: Config, options: ServiceOptions = {}): Promise<Services> {
  const log = options.log ?? createLogger(config.logLevel, { cell: config.cell });
  const orm = await initORM(config);
  const redis = options.redis ?? createRedis(config.redisUrl, config.redisKeyPrefix);
  redis.on('error', (err: Error) => log.warn({ err: err.message }, 'redis connection error'));
  const temporal = new TemporalAccess(config.temporal, log);
  const clock = options.clock ?? systemClock;
  const wallets = new WalletCache(orm, clock, config.walletCacheMs, config.walletReadTimeoutMs, config.walletPaidReadTimeoutMs);
  // The caller lookup reads the wallet too (one round trip when nothing is cached), except where
  // that would multiply wallet reads: no caller cache (so no shared lookup) but a wallet cache.
  const walletWithCaller = config.walletCacheMs === 0 || config.authCacheMs > 0;
  const callers = new CallerCache(orm, config.authCacheMs, walletWithCaller ? { wallets, clock, timeoutMs: config.walletReadTimeoutMs } : null);
  const operationWaiter = new OperationWaiter(redis, log);
  const metrics = new Metrics();
  const requestLog = new RequestLog(redis, config.requestLog, log);
  const sellers = { live: createSellerModel(config.ai), test: createSellerModel(aiSettingsFor(config.ai, false)) };
  const liveHub = new LiveHub({ orm, redis, log, registry: metrics.registry, rotationChannel: tokenRotationChannel(config.redisKeyPrefix) });
  return {
    config,
    orm,
    redis,
    log,
    clock,
    metrics,
    temporal,
    callers,
    issuedKeys: new IssuedKeys(redis, orm),
    requestLog,
    wallets,
    operationWaiter,
    liveHub,
    sellerFor: (livemode) => sellers[livemode ? 'live' : 'test'],
    async close() {
      // Open streams end first: they would hold the server's close and the pool.
      liveHub.close();
      wallets.close();
      callers.close();
      operationWaiter.close();
      await requestLog.flush();
      await temporal.close();
      redis.disconnect();
      await orm.close(true);
    },
  };
}
