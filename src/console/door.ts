import type { IncomingMessage } from 'node:http';
import type { Next } from 'koa';
import Router from '@koa/router';
import type { Services } from '../services.js';
import { recordSupportAction } from '../domain/support/audit.js';
import { ReplayRefused } from '../domain/webhooks/replay.js';
import { DomainError } from '../errors/domain-error.js';
import { addressAllowed, clientAddress } from '../domain/access/ip-rules.js';
import type { OperatorRole } from '../entities/support-operator.js';
import { SESSION_COOKIE, cookieOf, endSessions, formToken, sessionCookie, sessionOfToken, startSession, type SignedIn } from './operators/sessions.js';
import { signIn } from './operators/sign-in.js';
import { findOperator } from './operators/accounts.js';
import type { SupportConsoleSettings } from './settings.js';
import { Refusal, readForm, redirect, sameText, send, show, type ConsoleContext, type ConsoleState } from './answers.js';
import { page } from './html.js';
import * as pages from './pages.js';

/**
 * The console's door, in the order a request passes it (server.ts mounts them): forms only
 * (GET and POST; a POST from the console's own origin), the session of the cookie or of a
 * trusted proxy's single sign-on, the sign-in page, and the signed-in gate, which checks a
 * form's token and renders what the routers after it refuse as a page.
 */

/** What each role may do: a viewer reads, an operator also acts on deliveries and subscriptions, an admin also manages operators. */
const ROLE_RANK: Record<OperatorRole, number> = { viewer: 0, operator: 1, admin: 2 };

/** A route's middleware: the operator's role allows it, or the answer is 403. */
export function needs(role: OperatorRole) {
  return (ctx: ConsoleContext, next: Next): Promise<void> => {
    const { operator } = ctx.state.visit!;
    if (ROLE_RANK[operator.role] < ROLE_RANK[role]) throw new Refusal(403, `This needs the ${role} role; you are a ${operator.role}.`);
    return next();
  };
}

/** GET and POST only; forms are posted from the console's own pages only: a cross-site POST is refused before anything is read. */
export function formsOnly(settings: SupportConsoleSettings) {
  return async (ctx: ConsoleContext, next: Next): Promise<void> => {
    if (ctx.method !== 'GET' && ctx.method !== 'POST') return send(ctx, 405, 'Method not allowed', { Allow: 'GET, POST' });
    if (ctx.method === 'POST' && !sameOrigin(ctx.req, settings.publicOrigin)) return send(ctx, 403, 'Cross-site form posts are refused.');
    await next();
  };
}

/** The session of the request's cookie; from a trusted proxy, the operator its X-Forwarded-Email names. */
export function sessions(services: Services, settings: SupportConsoleSettings) {
  const proxy = proxySignIn(services, settings);
  return async (ctx: ConsoleContext, next: Next): Promise<void> => {
    ctx.state.cookie = cookieOf(ctx.req, SESSION_COOKIE);
    ctx.state.signedIn = await sessionOfToken(services.orm.em.fork(), ctx.state.cookie, services.clock.now());
    if (ctx.req.headers['x-forwarded-email'] !== undefined && fromProxy(ctx.req, settings)) {
      const proxied = await proxy(ctx, ctx.state.signedIn);
      if (proxied === 'answered') return;
      ctx.state.signedIn = proxied;
    }
    await next();
  };
}

/** GET /login (the form) and POST /login (e-mail, password and TOTP code; counted and locked out in sign-in.ts). */
export function signInRouter(services: Services, settings: SupportConsoleSettings): Router<ConsoleState> {
  const router = new Router<ConsoleState>({ strict: true, sensitive: true });
  const loginPage = (ctx: ConsoleContext, status: number, notice?: string) =>
    send(ctx, status, page({ title: 'Sign in', operator: null, token: null, notice: notice ? { text: notice, error: true } : undefined }, pages.loginPage()));
  router.get('/login', (ctx) => loginPage(ctx, 200));
  router.post('/login', async (ctx) => {
    const form = await readForm(ctx.req);
    const address = addressOf(ctx.req, settings);
    const outcome = await signIn(services, settings.signIn, { email: form.get('email') ?? '', password: form.get('password') ?? '', code: form.get('code') ?? '', address });
    if (!outcome.ok) {
      return outcome.reason === 'locked'
        ? loginPage(ctx, 429, 'Too many sign-in attempts: this account or address is locked for a while. Ask an admin if it is not you.')
        : loginPage(ctx, 401, 'Wrong e-mail, password or code.');
    }
    const token = await startSession(services.orm.em.fork(), { operatorId: outcome.operator.id, method: 'password', address }, settings.sessions, services.clock.now());
    redirect(ctx, '/', { 'Set-Cookie': cookieFor(settings, token) });
  });
  return router;
}

/**
 * Past here only a signed-in operator (a page asks for the sign-in, a POST is refused). A POST's
 * form is read and its token checked first. What the routers after it refuse or cannot find is
 * a page in the operator's layout with its status.
 */
export function signedInOnly(services: Services) {
  return async (ctx: ConsoleContext, next: Next): Promise<void> => {
    const signedIn = ctx.state.signedIn;
    if (!signedIn) return ctx.method === 'GET' ? redirect(ctx, '/login') : send(ctx, 403, 'Sign in first.');
    const visit = { operator: signedIn.operator, sessionId: signedIn.sessionId, token: formToken(ctx.state.cookie!), em: services.orm.em.fork() };
    ctx.state.visit = visit;
    try {
      if (ctx.method === 'POST') {
        const form = await readForm(ctx.req);
        if (!sameText(form.get('token') ?? '', visit.token)) throw new Refusal(403, 'This form has expired: open the page again.');
        ctx.state.form = form;
      }
      await next();
      if (ctx.status === 404 && ctx.body == null) throw new Refusal(404, ctx.method === 'POST' ? 'No such action.' : 'No such page.');
    } catch (err) {
      const [status, text] = err instanceof Refusal ? [err.status, err.message]
        : err instanceof ReplayRefused ? [err.reason === 'not_found' ? 404 : 409, err.message]
          : err instanceof DomainError ? [err.code === 'not_found' ? 404 : 409, err.detail]
            : [500, 'Something went wrong on our side; the console log has the details.'];
      if (status === 500) services.log.error({ err, path: ctx.path }, 'support console: request failed');
      show(ctx, status, 'Refused', pages.messagePage(status === 500 ? 'Error' : 'Refused', text), { notice: { text, error: true } });
    }
  };
}

/** The session cookie of a token: Secure when the console is served over https; it lives as long as the session may. */
export function cookieFor(settings: SupportConsoleSettings, token: string): string {
  return sessionCookie(token, { secure: secureOrigin(settings), maxAgeSeconds: Math.floor(settings.sessions.maxMs / 1000) });
}

/** The cookie that ends a browser's session (sign-out). */
export function endedCookie(settings: SupportConsoleSettings): string {
  return sessionCookie('', { secure: secureOrigin(settings), maxAgeSeconds: 0 });
}

const secureOrigin = (settings: SupportConsoleSettings) => settings.publicOrigin?.startsWith('https:') ?? false;

const fromProxy = (req: IncomingMessage, settings: SupportConsoleSettings) =>
  settings.trustedProxies.length > 0 && addressAllowed(req.socket.remoteAddress ?? '', settings.trustedProxies);

const addressOf = (req: IncomingMessage, settings: SupportConsoleSettings) =>
  clientAddress(req.socket.remoteAddress ?? '', fromProxy(req, settings) ? req.headers['x-forwarded-for'] as string | undefined : undefined, settings.trustedProxies);

/**
 * The single sign-on path: a request from a trusted authenticating proxy names its operator by
 * X-Forwarded-Email; the console keeps a session of its own for them (so forms, sign-out and
 * an admin's "end" work the same), started here when the cookie's session is not theirs.
 */
function proxySignIn(services: Services, settings: SupportConsoleSettings) {
  return async (ctx: ConsoleContext, current: SignedIn | null): Promise<SignedIn | 'answered'> => {
    const req = ctx.req;
    const email = String(req.headers['x-forwarded-email']).trim().toLowerCase();
    if (current && current.operator.email === email) return current;
    const em = services.orm.em.fork();
    const at = services.clock.now();
    if (current) await endSessions(em, { sessionId: current.sessionId }, 'proxy', at);
    const operator = await findOperator(em, email);
    const address = addressOf(req, settings);
    if (!operator || operator.disabled) {
      await em.transactional((tx) => recordSupportAction(tx, { operator: email, action: 'login.failed', targetId: operator?.id ?? email, tenantId: null, detail: { address, method: 'proxy', reason: operator ? 'disabled' : 'unknown' } }, at));
      send(ctx, 403, page({ title: 'Refused', operator: null, token: null }, pages.messagePage('Refused', 'Your single sign-on identity has no enabled operator account here: ask an admin.')));
      return 'answered';
    }
    const token = await startSession(em, { operatorId: operator.id, method: 'proxy', address }, settings.sessions, at);
    await em.transactional((tx) => recordSupportAction(tx, { operator: operator.email, action: 'login', targetId: operator.id, tenantId: null, detail: { address, method: 'proxy' } }, at));
    // Once more with the new session's cookie: the same page (a form: the start page), on this origin only.
    const url = new URL(req.url ?? '/', 'http://console.invalid');
    redirect(ctx, req.method === 'GET' ? `/${url.pathname.replace(/^\/+/, '')}${url.search}` : '/', { 'Set-Cookie': cookieFor(settings, token) });
    return 'answered';
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
