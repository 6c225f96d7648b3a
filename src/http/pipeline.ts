import type { Context, Next } from 'koa';
import Joi from 'joi';
import type Router from '@koa/router';
import type { Services } from '../services.js';
import { FEATURE_OF_SCOPE } from '../domain/access/scopes.js';
import { assertPiiTransferAllowed } from '../domain/access/personal-data.js';
import { logDisclosures, type Disclosure } from '../domain/disclosures/disclosure-log.js';
import { domainError } from '../errors/domain-error.js';
import { carriesPii, routerPath, type HandlerResult, type RouteDefinition } from './route.js';
import type { Authenticator, AuthContext } from './authenticate.js';
import type { RateLimiter } from './rate-limit.js';
import type { MigrationGate } from './migration-gate.js';
import { validatePart } from './validate.js';
import { readJsonBody } from './body.js';
import type { TenantTurns } from './tenant-turns.js';
import { beginIdempotent, finishIdempotent, readIdempotencyKey, requestHash } from './idempotency.js';
import { deprecationHeaders } from './deprecation.js';
import { stampLivemode } from './livemode.js';
import { announceConversationChanges, takeConversationChanges } from '../domain/conversations/live.js';
import type { Em } from '../db/em.js';

const NOTHING = Joi.object({});

export interface Pipeline {
  services: Services;
  authenticator: Authenticator;
  rateLimiter: RateLimiter;
  migrationGate: MigrationGate;
  /** Paid-admission transactions per tenant at once (routes with `paidAdmission`). */
  admissionTurns: TenantTurns;
}

/** PII routes on the ru cell need an IP allowlist, hosting country RU and a transfer basis. */
function checkPiiTransfer(route: RouteDefinition, auth: AuthContext, cell: string): void {
  if (carriesPii(route)) assertPiiTransferAllowed(cell, auth.integration);
}

/**
 * A route's scope outside the key's effective scopes (GET /me key.scopes) is 403 scope_missing,
 * whatever cut it: the integration, the owner's permissions or the plan (spec 01, Errors). The
 * detail names a plan cut: granting the scope would not help.
 */
function checkScope(route: RouteDefinition, auth: AuthContext): void {
  if (!route.scope || auth.scopes.includes(route.scope)) return;
  const feature = FEATURE_OF_SCOPE[route.scope];
  const cut = auth.tenant.features.includes(feature) ? '' : ` The plan cuts it: it does not include the ${feature} feature.`;
  throw domainError('scope_missing', `This route needs the ${route.scope} scope.${cut}`);
}

/** Runs the handler in the unit of work the route asks for: a transaction, idempotency, disclosures. */
async function runHandler(p: Pipeline, route: RouteDefinition, ctx: Context, input: { query: unknown; params: unknown; body: unknown; auth: AuthContext }): Promise<HandlerResult> {
  const { services } = p;
  const now = services.clock.now();
  const requestId = ctx.state.requestId as string;
  const disclosures: Disclosure[] = [];
  const afterCommit: (() => Promise<unknown>)[] = [];
  const idempotencyKey = ctx.method === 'POST' ? readIdempotencyKey(ctx.get('idempotency-key') || undefined) : null;
  if (route.idempotency === 'required' && !idempotencyKey) {
    throw domainError('idempotency_key_required', 'This route needs an Idempotency-Key header (a UUID v4 is a good choice).');
  }
  // A request with an Idempotency-Key always gets one: its lock and stored answer live in the transaction.
  // Conversations the transaction changed are announced to the live streams after the commit.
  const transactional = idempotencyKey !== null || (route.transactional ?? (route.method !== 'GET' || carriesPii(route)));
  const call = (em: Em) => route.handler({
    ...input, em, services, requestId, ctx, wallet: ctx.state.wallet,
    disclose: (d) => disclosures.push(d),
    afterCommit: (fn) => afterCommit.push(fn),
  });
  const finish = async (em: Em, result: HandlerResult) => {
    if (disclosures.length) {
      await logDisclosures(em, {
        tenantId: input.auth.tenant.id, integrationId: input.auth.integration.id, keyId: input.auth.key.keyId,
        channel: 'api', requestId, route: `${route.method} ${route.path}`, recipientCountry: input.auth.integration.hostingCountry,
      }, disclosures, now).catch((err: unknown) => {
        services.log.error({ err: (err as Error).message }, 'disclosure log not writable');
        throw domainError('service_unavailable', 'The personal-data disclosure log cannot be written; no data is returned.', {}, { retryAfterSeconds: 5 });
      });
    }
    return result;
  };
  const em = services.orm.em.fork();
  let changedConversations: string[] = [];
  const result = !transactional ? await finish(em, await call(em))
    : route.paidAdmission ? await p.admissionTurns.run(input.auth.tenant.id, () => runInTransaction(em))
      : await runInTransaction(em);
  if (changedConversations.length) afterCommit.unshift(() => announceConversationChanges(services.redis, changedConversations));
  for (const fn of afterCommit) {
    await fn().catch((err: unknown) => services.log.warn({ err: (err as Error).message, route: `${route.method} ${route.path}` }, 'after-commit step failed'));
  }
  if (result.refusal) throw result.refusal;
  return route.settle ? route.settle(result, { query: input.query, params: input.params, auth: input.auth, services, ctx }) : result;

  function runInTransaction(root: Em): Promise<HandlerResult> {
    return root.transactional(async (tx) => {
      const result = await inTransaction(tx);
      changedConversations = takeConversationChanges(tx);
      return result;
    });
  }

  async function inTransaction(tx: Em): Promise<HandlerResult> {
    if (!idempotencyKey) return finish(tx, await call(tx));
    const hash = requestHash(route.method, ctx.path, input.body);
    const prior = await beginIdempotent(tx, input.auth.integration.id, idempotencyKey, hash, now);
    if (prior.kind === 'replay') {
      disclosures.push(...prior.disclosures);
      return finish(tx, prior.result);
    }
    const fresh = await finish(tx, await call(tx));
    if (fresh.status < 500 && !fresh.refusal) await finishIdempotent(tx, input.auth.integration.id, idempotencyKey, hash, route.replayBody ? { ...fresh, body: route.replayBody(fresh.body) } : fresh, disclosures, now);
    return fresh;
  }
}

/**
 * Routes whose release label is off (RELEASED_LABELS) answer 404 not_found as an unknown path
 * does, also where other methods of their path are released: they are matched here, before
 * the router, and never registered in it, so no 405 or Allow header names them.
 */
export function hideUnreleased(prefix: string, routes: readonly RouteDefinition[]) {
  const hidden = routes.map((r) => ({
    method: r.method,
    path: new RegExp(`^${prefix}${r.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
  }));
  return async function unreleased(ctx: Context, next: Next): Promise<void> {
    if (hidden.some((h) => h.method === ctx.method && h.path.test(ctx.path))) throw domainError('not_found', 'No such route.');
    await next();
  };
}

/** Registers one API route with its whole middleware chain. */
export function registerRoute(router: Router, p: Pipeline, route: RouteDefinition): void {
  const { services } = p;
  const { config } = services;
  const label = `${route.method} ${route.path}`;
  const deprecation = deprecationHeaders(config.deprecations[label]);
  router.register(routerPath(route.path), [route.method], async (ctx: Context) => {
    ctx.state.routeLabel = label;
    for (const [name, value] of Object.entries(deprecation)) ctx.set(name, value);
    if (carriesPii(route)) ctx.set('Cache-Control', 'private, no-store');
    await p.migrationGate.require(route.migration);

    const { auth, wallet: readWithCaller } = await p.authenticator.authenticate(ctx);
    ctx.state.auth = auth;
    // One Redis round trip: the rate class's count (a valid key is limited by its rate classes alone).
    await p.rateLimiter.consume(ctx, auth.integration.id, route.rateClass, auth.limits);
    // Read once counted: a body refused as unreadable (too deep, not JSON, too large) is counted too.
    const sent = await readJsonBody(ctx);

    const read = readWithCaller ?? await services.wallets.get(auth.tenant.id, auth.integration.id);
    const wallet = route.rateClass === 'paid' ? await services.wallets.forPaidWork(auth.tenant.id, auth.integration.id, read) : read;
    ctx.state.wallet = wallet;
    if (wallet.state === 'unknown') {
      ctx.set('Svc-Wallet-State', 'unknown');
      if (route.rateClass === 'paid') throw domainError('service_unavailable', 'The wallet state cannot be obtained; paid operations are refused until it can.', {}, { retryAfterSeconds: 30 });
    }
    if (route.walletGate !== false && wallet.exchange === 'suspended') {
      throw domainError('wallet_suspended', `Data exchange is suspended: the wallet is ${wallet.state}. Top up to resume.`, {
        topup_url: config.topupUrl,
        balance: wallet.balance,
      });
    }
    checkScope(route, auth);
    checkPiiTransfer(route, auth, config.cell);

    let params: unknown = ctx.params;
    if (route.params) {
      const { value, error } = route.params.validate(ctx.params);
      if (error) throw domainError('not_found', 'No such resource.');
      params = value;
    }
    // A route without parameters or body takes none: an unknown one is a mistake to report.
    const query = validatePart(route.query ?? NOTHING, { ...ctx.query }, 'query');
    const body = validatePart(route.body ?? NOTHING, sent, 'body');

    const result = await runHandler(p, route, ctx, { query, params, body, auth });
    for (const [name, value] of Object.entries(result.headers ?? {})) ctx.set(name, value);
    ctx.status = result.status;
    if (result.body !== undefined) ctx.body = result.status < 300 ? stampLivemode(result.body, auth.tenant.livemode) : result.body;
  });
}
