import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Services } from '../services.js';
import type { Em } from '../db/em.js';
import { DELIVERY_STATES, Webhook, type DeliveryState } from '../entities/webhook.js';
import { Tenant } from '../entities/tenant.js';
import { Integration } from '../entities/integration.js';
import { deliveriesForSupport, deliveryStory, findForSupport, type DeliveryOwner, type SupportDeliveryFilters } from '../domain/support/lookup.js';
import { recentSupportActions, recordSupportAction, replayOrigin } from '../domain/support/audit.js';
import { deliveryHolds } from '../domain/webhooks/delivery-attempts.js';
import { subscriptionsOf } from '../domain/webhooks/subscriptions.js';
import { ReplayNeedsConfirmation, ReplayRefused, countRecoverable } from '../domain/webhooks/replay.js';
import { WebhookDelivery } from '../entities/webhook.js';
import { DomainError } from '../errors/domain-error.js';
import { deliveryWorkflowId } from '../../workflows/delivery-contract.js';
import { operationWorkflowId } from '../../workflows/operation-contract.js';
import { liveTenantsOf, operationStory, walletStory } from '../domain/support/money.js';
import { sandboxOf } from '../domain/sandbox/shadows.js';
import * as moneyPages from './pages/money.js';
import { CONSOLE_CSS, html, page, type Html } from './html.js';
import type { SupportConsoleSettings } from './settings.js';
import {
  SESSION_COOKIE, cookieOf, endSessions, formToken, sessionCookie, sessionOfToken, sessionsOf, startSession, type SignedIn,
} from './operators/sessions.js';
import { signIn } from './operators/sign-in.js';
import { findOperator, listOperators } from './operators/accounts.js';
import { SupportOperator, type OperatorRole } from '../entities/support-operator.js';
import { addressAllowed, clientAddress } from '../domain/access/ip-rules.js';
import * as pages from './pages.js';
import { replayForSupport, setStatusForSupport } from './actions.js';
import { recoveryJob, startRecovery } from './recoveries.js';
import * as replayPages from './pages/replays.js';
import { codecEndpoint } from './codec-endpoint.js';
import { KEY_PAGE, REQUEST_PAGE, keyLookup, lookupTarget, requestLookup, type Shown } from './pages/lookups.js';

const SECURITY_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  // Not no-referrer: with it Chromium sends `Origin: null` on the console's own form posts.
  'Referrer-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};
const FORM_LIMIT_BYTES = 16 * 1024;
/** A UUID's shape exactly: anything else is no page (404) before the database is asked. */
const UUID = '([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})';
/** What each role may do: a viewer reads, an operator also acts on deliveries and subscriptions, an admin also manages operators. */
const ROLE_RANK: Record<OperatorRole, number> = { viewer: 0, operator: 1, admin: 2 };
/** What a redirect may ask a page to say: fixed texts, never text from the request. */
const NOTICES: Record<string, string> = {
  replayed: 'Replay queued: this is the new delivery of the same event (same Svc-Event-Id); it goes out within seconds.',
  paused: 'Subscription paused: its deliveries wait, without spending attempts, until it is resumed.',
  active: 'Subscription resumed: its held deliveries go out now.',
  ended: 'Session ended: its next request signs in again.',
};

/** A refusal shown to the operator as a page with this status. */
class Refusal extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

interface Request {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  operator: SignedIn['operator'];
  sessionId: string;
  token: string;
  em: Em;
}

type Handler = (r: Request, match: RegExpMatchArray) => Promise<void>;
/** A route, the role it needs and what it does. */
type Route<H> = [RegExp, OperatorRole, H];

export interface SupportConsole {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/**
 * The support console (docs/decisions.md, "A support console"): server-rendered pages on a
 * listener of its own (SUPPORT_PORT on SUPPORT_HOST, 127.0.0.1 by default), never on the
 * public API, behind an operator login. Its actions call the domain code bin/ctl calls and
 * record who did what in support_actions.
 */
export async function serveSupportConsole(services: Services, settings: SupportConsoleSettings): Promise<SupportConsole> {
  const codec = codecEndpoint(services);
  const now = () => services.clock.now();
  const secure = settings.publicOrigin?.startsWith('https:') ?? false;
  const cookieFor = (token: string) => sessionCookie(token, { secure, maxAgeSeconds: Math.floor(settings.sessions.maxMs / 1000) });
  const endedCookie = sessionCookie('', { secure, maxAgeSeconds: 0 });
  const fromProxy = (req: IncomingMessage) => settings.trustedProxies.length > 0 && addressAllowed(req.socket.remoteAddress ?? '', settings.trustedProxies);
  const addressOf = (req: IncomingMessage) => clientAddress(req.socket.remoteAddress ?? '', fromProxy(req) ? req.headers['x-forwarded-for'] as string | undefined : undefined, settings.trustedProxies);

  function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', ...SECURITY_HEADERS, ...headers }).end(body);
  }
  const redirect = (res: ServerResponse, to: string, headers: Record<string, string> = {}): void => {
    res.writeHead(303, { Location: to, ...SECURITY_HEADERS, ...headers }).end();
  };
  const show = (r: Request, status: number, title: string, body: Html, extra: { notice?: { text: string; error?: boolean }; refreshSeconds?: number } = {}) => {
    const notice = extra.notice ?? (NOTICES[r.url.searchParams.get('notice') ?? ''] ? { text: NOTICES[r.url.searchParams.get('notice')!]! } : undefined);
    send(r.res, status, page({ title, operator: { name: r.operator.displayName, email: r.operator.email, admin: r.operator.role === 'admin' }, token: r.token, query: r.url.searchParams.get('q') ?? '', notice, refreshSeconds: extra.refreshSeconds }, body));
  };

  const shown = (r: Request, p: Shown) => show(r, p.status, p.title, p.body);

  async function deliveryList(r: Request, owner: DeliveryOwner): Promise<Html> {
    const filters = deliveryFilters(r.url);
    const rows = await deliveriesForSupport(r.em, owner, filters);
    const holds = await deliveryHolds(r.em, rows.map((d) => d.id), services.config.cell, now());
    return html`${pages.deliveryFilters(r.url.pathname, filters)}${pages.deliveryRows(rows, holds)}`;
  }

  /** A workflow's page in the Temporal UI (TEMPORAL_UI_URL). */
  const temporalUrl = (workflowId: string) =>
    `${services.config.temporal.uiUrl.replace(/\/+$/, '')}/namespaces/${encodeURIComponent(services.config.temporal.namespace)}/workflows/${encodeURIComponent(workflowId)}`;

  const gets: Route<Handler>[] = [
    [/^\/$/, 'viewer', async (r) => {
      const q = (r.url.searchParams.get('q') ?? '').slice(0, 200);
      const found = q.trim() ? await findForSupport(r.em, q, services.requestLog) : null;
      const target = found && lookupTarget(found);
      if (target) return redirect(r.res, target);
      // One delivery or operation found by its id: straight to it.
      const only = found && [...found.tenants, ...found.integrations, ...found.webhooks, ...found.deliveries, ...found.operations].length === 1;
      if (only && found.deliveries.length) return redirect(r.res, `/deliveries/${found.deliveries[0]!.id}`);
      if (only && found.operations.length) return redirect(r.res, `/operations/${found.operations[0]!.id}`);
      const live = await liveTenantsOf(r.em, found?.tenants.map((t) => t.id) ?? []);
      show(r, 200, 'Find', pages.searchPage(q, found, live, await recentSupportActions(r.em, { limit: 10 })));
    }],
    [new RegExp(`^/tenants/${UUID}$`), 'viewer', async (r, [, id]) => {
      const tenant = await r.em.findOne(Tenant, { id: id! });
      if (!tenant) throw new Refusal(404, `No tenant ${id}.`);
      const integrations = await r.em.find(Integration, { tenantId: tenant.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
      const liveTenantId = (await liveTenantsOf(r.em, [tenant.id])).get(tenant.id) ?? null;
      const mode = { liveTenantId, sandboxId: liveTenantId ? null : await sandboxOf(r.em, tenant.id) };
      const body = pages.tenantPage(tenant, mode, integrations, await subscriptionsOf(r.em, { tenantId: tenant.id }), await deliveryList(r, { tenantId: tenant.id }));
      show(r, 200, tenant.name, body);
    }],
    [new RegExp(`^/tenants/${UUID}/wallet$`), 'viewer', async (r, [, id]) => {
      const tenant = await r.em.findOne(Tenant, { id: id! });
      if (!tenant) throw new Refusal(404, `No tenant ${id}.`);
      const story = await walletStory(r.em, services.config, tenant.id, r.url.searchParams.get('before'));
      const live = { liveTenantId: (await liveTenantsOf(r.em, [tenant.id])).get(tenant.id) ?? null };
      show(r, 200, `Wallet of ${tenant.name}`, moneyPages.walletPage(tenant.name, story, live));
    }],
    [new RegExp(`^/operations/${UUID}$`), 'viewer', async (r, [, id]) => {
      const story = await operationStory(r.em, id!);
      if (!story) throw new Refusal(404, `No operation ${id}.`);
      show(r, 200, 'Operation', moneyPages.operationPage(story, temporalUrl(operationWorkflowId(story.operation.id))));
    }],
    [new RegExp(`^/integrations/${UUID}$`), 'viewer', async (r, [, id]) => {
      const integration = await r.em.findOne(Integration, { id: id! });
      if (!integration) throw new Refusal(404, `No integration ${id}.`);
      const body = pages.integrationPage(integration, await subscriptionsOf(r.em, { integrationId: integration.id }), await deliveryList(r, { integrationId: integration.id }));
      show(r, 200, integration.name, body);
    }],
    [new RegExp(`^/webhooks/${UUID}$`), 'viewer', async (r, [, id]) => {
      const webhook = await r.em.findOne(Webhook, { id: id! });
      if (!webhook) throw new Refusal(404, `No webhook subscription ${id}.`);
      const until = now();
      const defaults = { since: localInput(new Date(until.getTime() - 24 * 3600_000)), until: localInput(new Date(until.getTime() + 60_000)) };
      const actions = await recentSupportActions(r.em, { targetIds: [webhook.id], limit: 20 });
      show(r, 200, 'Webhook subscription', pages.webhookPage(webhook, r.token, await deliveryList(r, { webhookId: webhook.id }), actions, defaults));
    }],
    [new RegExp(`^/deliveries/${UUID}$`), 'viewer', async (r, [, id]) => {
      const story = await deliveryStory(r.em, id!);
      if (!story) throw new Refusal(404, `No delivery ${id}.`);
      const hold = (await deliveryHolds(r.em, [story.delivery.id], services.config.cell, now())).get(story.delivery.id) ?? null;
      const actions = await recentSupportActions(r.em, { targetIds: [story.delivery.id], limit: 20 });
      const origin = story.delivery.replayOf ? await replayOrigin(r.em, story.delivery.id) : null;
      show(r, 200, 'Delivery', pages.deliveryPage({ story, hold, temporalUrl: temporalUrl(deliveryWorkflowId(story.delivery.id)), token: r.token, actions, origin }));
    }],
    [new RegExp(`^/recoveries/${UUID}$`), 'viewer', async (r, [, id]) => {
      const job = await recoveryJob(services, id!);
      if (!job) throw new Refusal(404, `No recovery ${id} (what each did is under Actions).`);
      show(r, 200, 'Recovery', replayPages.recoveryPage(job), { refreshSeconds: job.progress.state === 'running' ? 1 : undefined });
    }],
    [KEY_PAGE, 'viewer', async (r, [, text]) => shown(r, await keyLookup(services, r.em, text!))],
    [REQUEST_PAGE, 'viewer', async (r, [, id]) => shown(r, await requestLookup(services, id!))],
    [/^\/actions$/, 'viewer', async (r) => {
      show(r, 200, 'Actions', html`<h1>Actions</h1>${pages.actionRows(await recentSupportActions(r.em, { limit: 200 }))}`);
    }],
    [/^\/operators$/, 'admin', async (r) => {
      show(r, 200, 'Operators', pages.operatorsPage(await listOperators(r.em)));
    }],
    [new RegExp(`^/operators/${UUID}$`), 'admin', async (r, [, id]) => {
      const operator = await r.em.findOne(SupportOperator, { id: id! });
      if (!operator) throw new Refusal(404, `No operator ${id}.`);
      show(r, 200, operator.email, pages.operatorPage(operator, await sessionsOf(r.em, operator.id, now()), r.sessionId, r.token));
    }],
  ];

  const posts: Route<(r: Request, match: RegExpMatchArray, form: URLSearchParams) => Promise<void>>[] = [
    [new RegExp(`^/deliveries/${UUID}/replay$`), 'operator', async (r, [, id], form) => {
      try {
        const replay = await replayForSupport(services, r.operator.email, id!, form.get('confirm') === 'yes');
        redirect(r.res, `/deliveries/${replay.id}?notice=replayed`);
      } catch (err) {
        if (!(err instanceof ReplayNeedsConfirmation)) throw err;
        // Nothing was made: the question (a page, not an error), and a second POST with confirm=yes makes it.
        show(r, 200, 'Replay anyway?', replayPages.replayQuestion(await r.em.findOneOrFail(WebhookDelivery, { id: id! }), err.concerns, r.token));
      }
    }],
    [new RegExp(`^/webhooks/${UUID}/status$`), 'operator', async (r, [, id], form) => {
      const status = form.get('status');
      if (status !== 'paused' && status !== 'active') throw new Refusal(400, 'The status is paused or active.');
      const webhook = await setStatusForSupport(services, r.operator.email, id!, status);
      redirect(r.res, `/webhooks/${webhook.id}?notice=${status}`);
    }],
    [new RegExp(`^/webhooks/${UUID}/recover$`), 'operator', async (r, [, id], form) => {
      const since = utcInput('from', form.get('since') ?? '');
      const until = utcInput('to', form.get('until') ?? '');
      if (!since || !until) throw new Refusal(400, 'Give both ends of the range.');
      if (since.getTime() >= until.getTime()) throw new Refusal(400, 'The range must start before it ends.');
      const webhook = await r.em.findOne(Webhook, { id: id! });
      if (!webhook) throw new Refusal(404, `No webhook subscription ${id}.`);
      // The count first: a question to confirm, or a refusal above the bound.
      const range = { webhookId: webhook.id, tenantId: webhook.tenantId, since, until };
      const total = await countRecoverable(r.em, range);
      const { max, pageSize } = settings.recovery;
      if (total > max || form.get('confirm') !== 'yes') {
        const asked = { since: localInput(since, 19), until: localInput(until, 19) };
        return show(r, total > max ? 422 : 200, 'Recover a range', replayPages.recoveryQuestion(webhook.id, asked, total, max, r.token));
      }
      redirect(r.res, `/recoveries/${await startRecovery(services, r.operator.email, range, { total, max, pageSize })}`);
    }],
    [new RegExp(`^/sessions/${UUID}/end$`), 'admin', async (r, [, id]) => {
      const [session] = await r.em.execute<{ operator_id: string }[]>('select operator_id from support_sessions where id = ?', [id!]);
      if (!session) throw new Refusal(404, `No session ${id}.`);
      await r.em.transactional(async (em) => {
        const ended = await endSessions(em, { sessionId: id! }, r.operator.email, now());
        if (ended) await recordSupportAction(em, { operator: r.operator.email, action: 'session.end', targetId: session.operator_id, tenantId: null, detail: { session_id: id } }, now());
      });
      redirect(r.res, `/operators/${session.operator_id}?notice=ended`);
    }],
  ];

  const loginPage = (res: ServerResponse, status: number, notice?: string) =>
    send(res, status, page({ title: 'Sign in', operator: null, token: null, notice: notice ? { text: notice, error: true } : undefined }, pages.loginPage()));

  async function login(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    const address = addressOf(req);
    const outcome = await signIn(services, settings.signIn, { email: form.get('email') ?? '', password: form.get('password') ?? '', code: form.get('code') ?? '', address });
    if (!outcome.ok) {
      return outcome.reason === 'locked'
        ? loginPage(res, 429, 'Too many sign-in attempts: this account or address is locked for a while. Ask an admin if it is not you.')
        : loginPage(res, 401, 'Wrong e-mail, password or code.');
    }
    const token = await startSession(services.orm.em.fork(), { operatorId: outcome.operator.id, method: 'password', address }, settings.sessions, now());
    redirect(res, '/', { 'Set-Cookie': cookieFor(token) });
  }

  /**
   * The single sign-on path: a request from a trusted authenticating proxy names its operator by
   * X-Forwarded-Email; the console keeps a session of its own for them (so forms, sign-out and
   * an admin's "end" work the same), started here when the cookie's session is not theirs.
   */
  async function proxySignIn(req: IncomingMessage, res: ServerResponse, current: SignedIn | null): Promise<SignedIn | 'answered'> {
    const email = String(req.headers['x-forwarded-email']).trim().toLowerCase();
    if (current && current.operator.email === email) return current;
    const em = services.orm.em.fork();
    const at = now();
    if (current) await endSessions(em, { sessionId: current.sessionId }, 'proxy', at);
    const operator = await findOperator(em, email);
    const address = addressOf(req);
    if (!operator || operator.disabled) {
      await em.transactional((tx) => recordSupportAction(tx, { operator: email, action: 'login.failed', targetId: operator?.id ?? email, tenantId: null, detail: { address, method: 'proxy', reason: operator ? 'disabled' : 'unknown' } }, at));
      send(res, 403, page({ title: 'Refused', operator: null, token: null }, pages.messagePage('Refused', 'Your single sign-on identity has no enabled operator account here: ask an admin.')));
      return 'answered';
    }
    const token = await startSession(em, { operatorId: operator.id, method: 'proxy', address }, settings.sessions, at);
    await em.transactional((tx) => recordSupportAction(tx, { operator: operator.email, action: 'login', targetId: operator.id, tenantId: null, detail: { address, method: 'proxy' } }, at));
    // Once more with the new session's cookie: the same page (a form: the start page), on this origin only.
    const url = new URL(req.url ?? '/', 'http://console.invalid');
    redirect(res, req.method === 'GET' ? `/${url.pathname.replace(/^\/+/, '')}${url.search}` : '/', { 'Set-Cookie': cookieFor(token) });
    return 'answered';
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://console.invalid');
    const method = req.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/console.css') {
      return void res.writeHead(200, { 'Content-Type': 'text/css; charset=utf-8', ...SECURITY_HEADERS, 'Cache-Control': 'max-age=300' }).end(CONSOLE_CSS);
    }
    if (url.pathname.startsWith('/codec/')) return codec(req, res);
    if (method !== 'GET' && method !== 'POST') return send(res, 405, 'Method not allowed', { Allow: 'GET, POST' });
    // Forms are posted from the console's own pages only: a cross-site POST is refused before anything is read.
    if (method === 'POST' && !sameOrigin(req, settings.publicOrigin)) return send(res, 403, 'Cross-site form posts are refused.');
    const cookie = cookieOf(req, SESSION_COOKIE);
    let signedIn = await sessionOfToken(services.orm.em.fork(), cookie, now());
    if (req.headers['x-forwarded-email'] !== undefined && fromProxy(req)) {
      const proxied = await proxySignIn(req, res, signedIn);
      if (proxied === 'answered') return;
      signedIn = proxied;
    }
    if (url.pathname === '/login') {
      if (method === 'POST') return login(req, res);
      return loginPage(res, 200);
    }
    if (!signedIn) return method === 'GET' ? redirect(res, '/login') : send(res, 403, 'Sign in first.');
    const r: Request = { req, res, url, operator: signedIn.operator, sessionId: signedIn.sessionId, token: formToken(cookie!), em: services.orm.em.fork() };
    try {
      if (method === 'POST') {
        const form = await readForm(req);
        if (!sameText(form.get('token') ?? '', r.token)) throw new Refusal(403, 'This form has expired: open the page again.');
        if (url.pathname === '/logout') {
          await r.em.transactional(async (em) => {
            await endSessions(em, { sessionId: r.sessionId }, r.operator.email, now());
            await recordSupportAction(em, { operator: r.operator.email, action: 'logout', targetId: r.operator.id, tenantId: null, detail: {} }, now());
          });
          return redirect(res, '/login', { 'Set-Cookie': endedCookie });
        }
        const route = posts.find(([pattern]) => pattern.test(url.pathname));
        if (!route) throw new Refusal(404, 'No such action.');
        allowed(r, route[1]);
        return await route[2](r, url.pathname.match(route[0])!, form);
      }
      const route = gets.find(([pattern]) => pattern.test(url.pathname));
      if (!route) throw new Refusal(404, 'No such page.');
      allowed(r, route[1]);
      await route[2](r, url.pathname.match(route[0])!);
    } catch (err) {
      const [status, text] = err instanceof Refusal ? [err.status, err.message]
        : err instanceof ReplayRefused ? [err.reason === 'not_found' ? 404 : 409, err.message]
          : err instanceof DomainError ? [err.code === 'not_found' ? 404 : 409, err.detail]
            : [500, 'Something went wrong on our side; the console log has the details.'];
      if (status === 500) services.log.error({ err, path: url.pathname }, 'support console: request failed');
      show(r, status, 'Refused', pages.messagePage(status === 500 ? 'Error' : 'Refused', text), { notice: { text, error: true } });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      services.log.error({ err }, 'support console: request failed');
      if (!res.headersSent) send(res, 500, 'Internal error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => resolve());
  });
  const address = server.address() as { port: number };
  return {
    server,
    url: `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${address.port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A POST from a page of the console itself: Origin (or Sec-Fetch-Site) says so when the browser
 * sends it. The console's origin is SUPPORT_PUBLIC_ORIGIN (https behind a proxy), else http://
 * and the Host the request names.
 */
function sameOrigin(req: IncomingMessage, publicOrigin: string | null): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.headers.origin;
  return origin === undefined || origin === (publicOrigin ?? `http://${req.headers.host}`);
}

/** An operator's role allows the route, or the answer is 403. */
function allowed(r: Request, needed: OperatorRole): void {
  if (ROLE_RANK[r.operator.role] < ROLE_RANK[needed]) throw new Refusal(403, `This needs the ${needed} role; you are a ${r.operator.role}.`);
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT_BYTES) throw new Refusal(413, 'The form is too large.');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** A datetime-local value (YYYY-MM-DDTHH:MM[:SS]) read as UTC; null when empty. */
function utcInput(label: string, text: string): Date | null {
  if (text === '') return null;
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text) ? new Date(`${text}Z`) : null;
  if (!at || Number.isNaN(at.getTime()) || at.toISOString().slice(0, text.length) !== text) {
    throw new Refusal(400, `“${label}” is a date and time such as 2026-11-21T09:30 (UTC).`);
  }
  return at;
}

/** A time as a datetime-local value, in UTC to the minute (or to the second: 19). */
function localInput(d: Date, length = 16): string {
  return d.toISOString().slice(0, length);
}

const EVENT_TYPE = /^[a-z_]+(\.[a-z_]+){1,3}$/;

function deliveryFilters(url: URL): SupportDeliveryFilters & { raw: Record<string, string> } {
  const raw: Record<string, string> = {};
  for (const key of ['state', 'event_type', 'since', 'until']) {
    const value = url.searchParams.get(key);
    if (value) raw[key] = value.slice(0, 64);
  }
  if (raw.state && !(DELIVERY_STATES as readonly string[]).includes(raw.state)) throw new Refusal(400, `The state is one of ${DELIVERY_STATES.join(', ')}.`);
  if (raw.event_type && !EVENT_TYPE.test(raw.event_type)) throw new Refusal(400, 'The event type reads like lead.created.');
  return {
    raw,
    state: raw.state as DeliveryState | undefined,
    eventType: raw.event_type,
    since: utcInput('from', raw.since ?? '') ?? undefined,
    until: utcInput('to', raw.until ?? '') ?? undefined,
  };
}
