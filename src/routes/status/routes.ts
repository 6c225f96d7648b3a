import Joi from 'joi';
import { defineRoute } from '../../http/route.js';
import { integrationStatus } from '../../domain/status/integration-status.js';
import { WALLET_STATES } from '../../domain/wallet/wallet-state.js';
import { STATUS_MAP_RELEASE } from './status-page.js';
import { PAUSED_REASONS } from '../../entities/webhook.js';

const seconds = Joi.number().min(0).allow(null).required();

export const IntegrationStatusSchema = Joi.object({
  wallet: Joi.object({
    state: Joi.string().valid(...WALLET_STATES).required(),
    exchange: Joi.string().valid('active', 'suspended').required().description('suspended: every route but GET /me, GET /wallet and this one answers 402; deliveries are held.'),
  }).required(),
  operations: Joi.object({
    queued: Joi.number().integer().required(),
    running: Joi.number().integer().required(),
    oldest_queued_seconds: seconds.description('Age of the oldest queued operation of this integration; null when none is queued.'),
  }).required(),
  webhooks: Joi.array().items(Joi.object({
    id: Joi.string().uuid().required(),
    status: Joi.string().valid('active', 'paused').required(),
    paused_reason: Joi.string().valid(...PAUSED_REASONS).allow(null).required().meta({ release: 'beta' })
      .description('failing: the platform paused it after every attempt failed for 5 days; integrator: you paused it; null while active.'),
    last_15m: Joi.object({
      attempts: Joi.number().integer().required(),
      succeeded: Joi.number().integer().required().description('Attempts your endpoint answered 2xx.'),
      failed: Joi.number().integer().required(),
      success_rate: Joi.number().min(0).max(1).allow(null).required().description('null without attempts.'),
      p50_ms: Joi.number().integer().allow(null).required().description('Median attempt duration.'),
    }).required(),
    waiting: Joi.object({
      pending: Joi.number().integer().required().description('Due and not delivered yet, not held.'),
      held: Joi.number().integer().required().description('Waiting for a hold to end (subscription paused, wallet suspended, access): the deliveries the delivery log shows `held: true` now.'),
      failed: Joi.number().integer().required().description('Failed, with a retry scheduled, not held.'),
      oldest_seconds: seconds.description('Age of the oldest of them; null when nothing waits.'),
    }).required(),
  })).required().description("This integration's subscriptions, oldest first."),
}).meta({ ref: 'IntegrationStatus' });

/** GET /me/status: the calling integration's own view of its deliveries, operations and wallet gate. */
export const getIntegrationStatus = defineRoute({
  release: STATUS_MAP_RELEASE, method: 'GET', path: '/me/status', family: 'account', migration: 'Migration20261124006000StatusSignals',
  summary: "Your integration's own status: each subscription's last 15 minutes of deliveries, what waits, your operations queue, the wallet gate",
  description: 'Like Svix endpoint stats. Needs no scope and answers while the exchange is suspended, so a suspended integration can see why its deliveries wait. '
    + 'The cell-wide status map is GET {cell_origin}/status (no key). Both are the status map, Planned in spec 01: where planned routes are off '
    + '(a production start without RELEASED_LABELS), both answer 404 not_found.',
  rateClass: 'read', walletGate: false,
  responses: { 200: { description: 'IntegrationStatus', schema: IntegrationStatusSchema } },
  handler: async ({ auth, wallet, em, services }) => ({
    status: 200,
    body: { wallet: { state: wallet.state, exchange: wallet.exchange }, ...(await integrationStatus(em, auth.integration.id, services.config.cell, services.clock.now())) },
  }),
});

export const statusRoutes = [getIntegrationStatus];
