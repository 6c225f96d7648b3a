import Router from '@koa/router';
import type { Services } from '../services.js';
import { UUID } from '../ids.js';
import { Webhook } from '../entities/webhook.js';
import { Tenant } from '../entities/tenant.js';
import { Integration } from '../entities/integration.js';
import { SupportOperator } from '../entities/support-operator.js';
import { deliveriesForSupport, deliveryStory, findForSupport, type DeliveryOwner } from '../domain/support/lookup.js';
import { recentSupportActions, replayOrigin } from '../domain/support/audit.js';
import { liveTenantsOf, operationStory, walletStory } from '../domain/support/money.js';
import { deliveryHolds } from '../domain/webhooks/delivery-attempts.js';
import { subscriptionsOf } from '../domain/webhooks/subscriptions.js';
import { sandboxOf } from '../domain/sandbox/shadows.js';
import { deliveryWorkflowId } from '../../workflows/delivery-contract.js';
import { operationWorkflowId } from '../../workflows/operation-contract.js';
import { sessionsOf } from './operators/sessions.js';
import { listOperators } from './operators/accounts.js';
import { recoveryJob } from './recoveries.js';
import { Refusal, redirect, show, type ConsoleContext, type ConsoleState } from './answers.js';
import { needs } from './door.js';
import { deliveryFilters, localInput } from './inputs.js';
import { html, type Html } from './html.js';
import * as pages from './pages.js';
import * as moneyPages from './pages/money.js';
import * as replayPages from './pages/replays.js';
import { KEY_TEXT, REQUEST_ID, keyLookup, lookupTarget, requestLookup } from './pages/lookups.js';

/**
 * The console's pages (GET), each with the role it needs (a viewer reads them all; the
 * operators' pages are an admin's). An id that is not a UUID, a key or request id of the wrong
 * shape, is no page (404) before the database is asked.
 */
export function pageRouter(services: Services): Router<ConsoleState> {
  const router = new Router<ConsoleState>({ strict: true, sensitive: true });
  const now = () => services.clock.now();
  const shaped = (shape: RegExp) => (value: string, _ctx: ConsoleContext, next: () => Promise<unknown>) => {
    if (!shape.test(value)) throw new Refusal(404, 'No such page.');
    return next();
  };
  router.param('id', shaped(UUID)).param('key', shaped(KEY_TEXT)).param('requestId', shaped(REQUEST_ID));

  /** A workflow's page in the Temporal UI (TEMPORAL_UI_URL). */
  const temporalUrl = (workflowId: string) =>
    `${services.config.temporal.uiUrl.replace(/\/+$/, '')}/namespaces/${encodeURIComponent(services.config.temporal.namespace)}/workflows/${encodeURIComponent(workflowId)}`;

  async function deliveryList(ctx: ConsoleContext, owner: DeliveryOwner): Promise<Html> {
    const filters = deliveryFilters(new URLSearchParams(ctx.querystring));
    const { em } = ctx.state.visit!;
    const rows = await deliveriesForSupport(em, owner, filters);
    const holds = await deliveryHolds(em, rows.map((d) => d.id), services.config.cell, now());
    return html`${pages.deliveryFilters(ctx.path, filters)}${pages.deliveryRows(rows, holds)}`;
  }

  router.get('/', needs('viewer'), async (ctx) => {
    const { em } = ctx.state.visit!;
    const q = (new URLSearchParams(ctx.querystring).get('q') ?? '').slice(0, 200);
    const found = q.trim() ? await findForSupport(em, q, services.requestLog) : null;
    const target = found && lookupTarget(found);
    if (target) return redirect(ctx, target);
    // One delivery or operation found by its id: straight to it.
    const only = found && [...found.tenants, ...found.integrations, ...found.webhooks, ...found.deliveries, ...found.operations].length === 1;
    if (only && found.deliveries.length) return redirect(ctx, `/deliveries/${found.deliveries[0]!.id}`);
    if (only && found.operations.length) return redirect(ctx, `/operations/${found.operations[0]!.id}`);
    const live = await liveTenantsOf(em, found?.tenants.map((t) => t.id) ?? []);
    show(ctx, 200, 'Find', pages.searchPage(q, found, live, await recentSupportActions(em, { limit: 10 })));
  });

  router.get('/tenants/:id', needs('viewer'), async (ctx) => {
    const { em } = ctx.state.visit!;
    const tenant = await em.findOne(Tenant, { id: ctx.params.id! });
    if (!tenant) throw new Refusal(404, `No tenant ${ctx.params.id}.`);
    const integrations = await em.find(Integration, { tenantId: tenant.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const liveTenantId = (await liveTenantsOf(em, [tenant.id])).get(tenant.id) ?? null;
    const mode = { liveTenantId, sandboxId: liveTenantId ? null : await sandboxOf(em, tenant.id) };
    const body = pages.tenantPage(tenant, mode, integrations, await subscriptionsOf(em, { tenantId: tenant.id }), await deliveryList(ctx, { tenantId: tenant.id }));
    show(ctx, 200, tenant.name, body);
  });

  router.get('/tenants/:id/wallet', needs('viewer'), async (ctx) => {
    const { em } = ctx.state.visit!;
    const tenant = await em.findOne(Tenant, { id: ctx.params.id! });
    if (!tenant) throw new Refusal(404, `No tenant ${ctx.params.id}.`);
    const story = await walletStory(em, services.config, tenant.id, new URLSearchParams(ctx.querystring).get('before'));
    const live = { liveTenantId: (await liveTenantsOf(em, [tenant.id])).get(tenant.id) ?? null };
    show(ctx, 200, `Wallet of ${tenant.name}`, moneyPages.walletPage(tenant.name, story, live));
  });

  router.get('/operations/:id', needs('viewer'), async (ctx) => {
    const story = await operationStory(ctx.state.visit!.em, ctx.params.id!);
    if (!story) throw new Refusal(404, `No operation ${ctx.params.id}.`);
    show(ctx, 200, 'Operation', moneyPages.operationPage(story, temporalUrl(operationWorkflowId(story.operation.id))));
  });

  router.get('/integrations/:id', needs('viewer'), async (ctx) => {
    const { em } = ctx.state.visit!;
    const integration = await em.findOne(Integration, { id: ctx.params.id! });
    if (!integration) throw new Refusal(404, `No integration ${ctx.params.id}.`);
    const body = pages.integrationPage(integration, await subscriptionsOf(em, { integrationId: integration.id }), await deliveryList(ctx, { integrationId: integration.id }));
    show(ctx, 200, integration.name, body);
  });

  router.get('/webhooks/:id', needs('viewer'), async (ctx) => {
    const { em, token } = ctx.state.visit!;
    const webhook = await em.findOne(Webhook, { id: ctx.params.id! });
    if (!webhook) throw new Refusal(404, `No webhook subscription ${ctx.params.id}.`);
    const until = now();
    const defaults = { since: localInput(new Date(until.getTime() - 24 * 3600_000)), until: localInput(new Date(until.getTime() + 60_000)) };
    const actions = await recentSupportActions(em, { targetIds: [webhook.id], limit: 20 });
    show(ctx, 200, 'Webhook subscription', pages.webhookPage(webhook, token, await deliveryList(ctx, { webhookId: webhook.id }), actions, defaults));
  });

  router.get('/deliveries/:id', needs('viewer'), async (ctx) => {
    const { em, token } = ctx.state.visit!;
    const story = await deliveryStory(em, ctx.params.id!);
    if (!story) throw new Refusal(404, `No delivery ${ctx.params.id}.`);
    const hold = (await deliveryHolds(em, [story.delivery.id], services.config.cell, now())).get(story.delivery.id) ?? null;
    const actions = await recentSupportActions(em, { targetIds: [story.delivery.id], limit: 20 });
    const origin = story.delivery.replayOf ? await replayOrigin(em, story.delivery.id) : null;
    show(ctx, 200, 'Delivery', pages.deliveryPage({ story, hold, temporalUrl: temporalUrl(deliveryWorkflowId(story.delivery.id)), token, actions, origin }));
  });

  router.get('/recoveries/:id', needs('viewer'), async (ctx) => {
    const job = await recoveryJob(services, ctx.params.id!);
    if (!job) throw new Refusal(404, `No recovery ${ctx.params.id} (what each did is under Actions).`);
    show(ctx, 200, 'Recovery', replayPages.recoveryPage(job), { refreshSeconds: job.progress.state === 'running' ? 1 : undefined });
  });

  router.get('/keys/:key', needs('viewer'), async (ctx) => {
    const p = await keyLookup(services, ctx.state.visit!.em, ctx.params.key!);
    show(ctx, p.status, p.title, p.body);
  });

  router.get('/requests/:requestId', needs('viewer'), async (ctx) => {
    const p = await requestLookup(services, ctx.params.requestId!);
    show(ctx, p.status, p.title, p.body);
  });

  router.get('/actions', needs('viewer'), async (ctx) => {
    show(ctx, 200, 'Actions', html`<h1>Actions</h1>${pages.actionRows(await recentSupportActions(ctx.state.visit!.em, { limit: 200 }))}`);
  });

  router.get('/operators', needs('admin'), async (ctx) => {
    show(ctx, 200, 'Operators', pages.operatorsPage(await listOperators(ctx.state.visit!.em)));
  });

  router.get('/operators/:id', needs('admin'), async (ctx) => {
    const { em, sessionId, token } = ctx.state.visit!;
    const operator = await em.findOne(SupportOperator, { id: ctx.params.id! });
    if (!operator) throw new Refusal(404, `No operator ${ctx.params.id}.`);
    show(ctx, 200, operator.email, pages.operatorPage(operator, await sessionsOf(em, operator.id, now()), sessionId, token));
  });

  return router;
}
