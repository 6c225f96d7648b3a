import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Services } from '../services.js';
import type { Em } from '../db/orm.js';
import { DELIVERY_STATES, Webhook, type DeliveryState } from '../entities/webhook.js';
import { Tenant } from '../entities/tenant.js';
import { Integration } from '../entities/integration.js';
import { deliveriesForSupport, deliveryStory, findForSupport, type DeliveryOwner, type SupportDeliveryFilters } from '../domain/support/lookup.js';
import { recentSupportActions, recordSupportAction } from '../domain/support/audit.js';
import { deliveryHolds } from '../domain/webhooks/delivery-attempts.js';
import { subscriptionsOf } from '../domain/webhooks/subscriptions.js';
import { ReplayRefused } from '../domain/webhooks/replay.js';
import { DomainError } from '../errors/domain-error.js';
import { deliveryWorkflowId } from '../../workflows/delivery-contract.js';
import { CONSOLE_CSS, html, page, type Html } from './html.js';
import {
  OPERATOR_NAME, SESSION_COOKIE, SESSION_MS, formToken, formTokenMatches, newSession, secretMatches, sessionOperator, type SupportConsoleSettings,
} from './session.js';
import * as pages from './pages.js';
import { replayForSupport, setStatusForSupport } from './actions.js';
import { Recoveries } from './recoveries.js';
import { codecEndpoint } from './codec-endpoint.js';

const SECURITY_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  // Not no-referrer: with it Chromium sends `Origin: null` on the console's own form posts.
  'Referrer-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};
const FORM_LIMIT_BYTES = 16 * 1024;
const UUID = '([0-9a-fA-F-]{36})';
/** What a redirect may ask a page to say: fixed texts, never text from the request. */
const NOTICES: Record<string, string> = {
  replayed: 'Replay queued: this is the new delivery of the same event (same Svc-Event-Id); it goes out within seconds.',
  paused: 'Subscription paused: its deliveries wait, without spending attempts, until it is resumed.',
  active: 'Subscription resumed: its held deliveries go out now.',
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
  operator: string;
  cookie: string;
  token: string;
  em: Em;
}

type Handler = (r: Request, match: RegExpMatchArray) => Promise<void>;

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
  const recoveries = new Recoveries(services);
  const codec = codecEndpoint(services);
  const now = () => services.clock.now();

  function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', ...SECURITY_HEADERS, ...headers }).end(body);
  }
  const redirect = (res: ServerResponse, to: string, headers: Record<string, string> = {}): void => {
    res.writeHead(303, { Location: to, ...SECURITY_HEADERS, ...headers }).end();
  };
  const show = (r: Request, status: number, title: string, body: Html, extra: { notice?: { text: string; error?: boolean }; refreshSeconds?: number } = {}) => {
    const notice = extra.notice ?? (NOTICES[r.url.searchParams.get('notice') ?? ''] ? { text: NOTICES[r.url.searchParams.get('notice')!]! } : undefined);
    send(r.res, status, page({ title, operator: r.operator, token: r.token, query: r.url.searchParams.get('q') ?? '', notice, refreshSeconds: extra.refreshSeconds }, body));
  };

  async function deliveryList(r: Request, owner: DeliveryOwner): Promise<Html> {
    const filters = deliveryFilters(r.url);
    const rows = await deliveriesForSupport(r.em, owner, filters);
    const holds = await deliveryHolds(r.em, rows.map((d) => d.id), services.config.cell, now());
    return html`${pages.deliveryFilters(r.url.pathname, filters)}${pages.deliveryRows(rows, holds)}`;
  }

  const temporalUrl = (deliveryId: string) =>
    `${services.config.temporal.uiUrl.replace(/\/+$/, '')}/namespaces/${encodeURIComponent(services.config.temporal.namespace)}/workflows/${encodeURIComponent(deliveryWorkflowId(deliveryId))}`;

  const gets: [RegExp, Handler][] = [
    [/^\/$/, async (r) => {
      const q = (r.url.searchParams.get('q') ?? '').slice(0, 200);
      const found = q.trim() ? await findForSupport(r.em, q) : null;
      // One delivery found by its id: straight to it.
      if (found && found.deliveries.length === 1 && !found.tenants.length && !found.integrations.length && !found.webhooks.length) {
        return redirect(r.res, `/deliveries/${found.deliveries[0]!.id}`);
      }
      show(r, 200, 'Find', pages.searchPage(q, found, await recentSupportActions(r.em, { limit: 10 })));
    }],
    [new RegExp(`^/tenants/${UUID}$`), async (r, [, id]) => {
      const tenant = await r.em.findOne(Tenant, { id: id! });
      if (!tenant) throw new Refusal(404, `No tenant ${id}.`);
      const integrations = await r.em.find(Integration, { tenantId: tenant.id }, { orderBy: { createdAt: 'asc', id: 'asc' } });
      const body = pages.tenantPage(tenant, integrations, await subscriptionsOf(r.em, { tenantId: tenant.id }), await deliveryList(r, { tenantId: tenant.id }));
      show(r, 200, tenant.name, body);
    }],
    [new RegExp(`^/integrations/${UUID}$`), async (r, [, id]) => {
      const integration = await r.em.findOne(Integration, { id: id! });
      if (!integration) throw new Refusal(404, `No integration ${id}.`);
      const body = pages.integrationPage(integration, await subscriptionsOf(r.em, { integrationId: integration.id }), await deliveryList(r, { integrationId: integration.id }));
      show(r, 200, integration.name, body);
    }],
    [new RegExp(`^/webhooks/${UUID}$`), async (r, [, id]) => {
      const webhook = await r.em.findOne(Webhook, { id: id! });
      if (!webhook) throw new Refusal(404, `No webhook subscription ${id}.`);
      const until = now();
      const defaults = { since: localInput(new Date(until.getTime() - 24 * 3600_000)), until: localInput(new Date(until.getTime() + 60_000)) };
      const actions = await recentSupportActions(r.em, { targetIds: [webhook.id], limit: 20 });
      show(r, 200, 'Webhook subscription', pages.webhookPage(webhook, r.token, await deliveryList(r, { webhookId: webhook.id }), actions, defaults));
    }],
    [new RegExp(`^/deliveries/${UUID}$`), async (r, [, id]) => {
      const story = await deliveryStory(r.em, id!);
      if (!story) throw new Refusal(404, `No delivery ${id}.`);
      const hold = (await deliveryHolds(r.em, [story.delivery.id], services.config.cell, now())).get(story.delivery.id) ?? null;
      const actions = await recentSupportActions(r.em, { targetIds: [story.delivery.id], limit: 20 });
      show(r, 200, 'Delivery', pages.deliveryPage({ story, hold, temporalUrl: temporalUrl(story.delivery.id), token: r.token, actions }));
    }],
    [new RegExp(`^/recoveries/${UUID}$`), async (r, [, id]) => {
      const job = recoveries.get(id!);
      if (!job) throw new Refusal(404, 'No such recovery in this console process (what it did is under Actions).');
      show(r, 200, 'Recovery', pages.recoveryPage(job), { refreshSeconds: job.state === 'running' ? 1 : undefined });
    }],
    [/^\/actions$/, async (r) => {
      show(r, 200, 'Actions', html`<h1>Actions</h1>${pages.actionRows(await recentSupportActions(r.em, { limit: 200 }))}`);
    }],
  ];

  const posts: [RegExp, (r: Request, match: RegExpMatchArray, form: URLSearchParams) => Promise<void>][] = [
    [new RegExp(`^/deliveries/${UUID}/replay$`), async (r, [, id]) => {
      const replay = await replayForSupport(services, r.operator, id!);
      redirect(r.res, `/deliveries/${replay.id}?notice=replayed`);
    }],
    [new RegExp(`^/webhooks/${UUID}/status$`), async (r, [, id], form) => {
      const status = form.get('status');
      if (status !== 'paused' && status !== 'active') throw new Refusal(400, 'The status is paused or active.');
      const webhook = await setStatusForSupport(services, r.operator, id!, status);
      redirect(r.res, `/webhooks/${webhook.id}?notice=${status}`);
    }],
    [new RegExp(`^/webhooks/${UUID}/recover$`), async (r, [, id], form) => {
      const since = utcInput('from', form.get('since') ?? '');
      const until = utcInput('to', form.get('until') ?? '');
      if (!since || !until) throw new Refusal(400, 'Give both ends of the range.');
      if (since.getTime() >= until.getTime()) throw new Refusal(400, 'The range must start before it ends.');
      if (!(await r.em.findOne(Webhook, { id: id! }))) throw new Refusal(404, `No webhook subscription ${id}.`);
      const job = recoveries.start(r.operator, { webhookId: id!, since, until }, (err) => {
        if (err instanceof ReplayRefused || err instanceof DomainError) return err.message;
        services.log.error({ err }, 'support console: recovery failed');
        return 'an internal error (see the console log)';
      });
      redirect(r.res, `/recoveries/${job.id}`);
    }],
  ];

  async function login(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    const operator = (form.get('operator') ?? '').trim();
    if (!OPERATOR_NAME.test(operator) || !secretMatches(settings, form.get('secret') ?? '')) {
      // A wrong secret costs the guesser a moment.
      await new Promise((resolve) => setTimeout(resolve, 300));
      return send(res, 401, page({ title: 'Sign in', operator: null, token: null, notice: { text: 'Wrong name or secret (a name is letters, digits, spaces, . _ @ -).', error: true } }, pages.loginPage()));
    }
    const at = now();
    const session = newSession(settings, operator, at);
    await services.orm.em.fork().transactional((em) => recordSupportAction(em, { operator, action: 'login', targetId: operator, tenantId: null, detail: {} }, at));
    redirect(res, '/', { 'Set-Cookie': `${SESSION_COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${SESSION_MS / 1000}` });
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
    if (method === 'POST' && !sameOrigin(req)) return send(res, 403, 'Cross-site form posts are refused.');
    if (url.pathname === '/login') {
      if (method === 'POST') return login(req, res);
      return send(res, 200, page({ title: 'Sign in', operator: null, token: null }, pages.loginPage()));
    }
    const cookie = cookieOf(req, SESSION_COOKIE) ?? '';
    const operator = sessionOperator(settings, cookie, now());
    if (!operator) return method === 'GET' ? redirect(res, '/login') : send(res, 403, 'Sign in first.');
    const r: Request = { req, res, url, operator, cookie, token: formToken(settings, cookie), em: services.orm.em.fork() };
    try {
      if (method === 'POST') {
        const form = await readForm(req);
        if (!formTokenMatches(settings, cookie, form.get('token') ?? undefined)) throw new Refusal(403, 'This form has expired: open the page again.');
        if (url.pathname === '/logout') return redirect(res, '/login', { 'Set-Cookie': `${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0` });
        const route = posts.find(([pattern]) => pattern.test(url.pathname));
        if (!route) throw new Refusal(404, 'No such action.');
        return await route[1](r, url.pathname.match(route[0])!, form);
      }
      const route = gets.find(([pattern]) => pattern.test(url.pathname));
      if (!route) throw new Refusal(404, 'No such page.');
      await route[1](r, url.pathname.match(route[0])!);
    } catch (err) {
      const [status, text] = err instanceof Refusal ? [err.status, err.message]
        : err instanceof ReplayRefused ? [err.reason === 'pending' ? 409 : 404, err.message]
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
      await recoveries.settle();
    },
  };
}

/** A POST from a page of the console itself: Origin (or Sec-Fetch-Site) says so when the browser sends it. */
function sameOrigin(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.headers.origin;
  return origin === undefined || origin === `http://${req.headers.host}`;
}

function cookieOf(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
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

/** A time as a datetime-local value, in UTC to the minute. */
function localInput(d: Date): string {
  return d.toISOString().slice(0, 16);
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
