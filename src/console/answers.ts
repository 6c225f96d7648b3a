import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ParameterizedContext } from 'koa';
import type { Em } from '../db/em.js';
import type { SignedIn } from './operators/sessions.js';
import { page, type Html } from './html.js';

/**
 * How the support console answers (its Koa context, its headers, its pages and redirects, its
 * refusals), shared by its routers: door.ts, page-routes.ts and action-routes.ts.
 */

export const SECURITY_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  // Not no-referrer: with it Chromium sends `Origin: null` on the console's own form posts.
  'Referrer-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};
const FORM_LIMIT_BYTES = 16 * 1024;

/** What a redirect may ask a page to say: fixed texts, never text from the request. */
const NOTICES: Record<string, string> = {
  replayed: 'Replay queued: this is the new delivery of the same event (same Svc-Event-Id); it goes out within seconds.',
  paused: 'Subscription paused: its deliveries wait, without spending attempts, until it is resumed.',
  active: 'Subscription resumed: its held deliveries go out now.',
  ended: 'Session ended: its next request signs in again.',
};

/** A refusal shown to the operator as a page with this status. */
export class Refusal extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

/** A signed-in operator's request: who, the session, its form token, and a fork of the ORM for this request. */
export interface Visit {
  operator: SignedIn['operator'];
  sessionId: string;
  token: string;
  em: Em;
}

/** What the console's middleware leave for the routers after them (door.ts sets each). */
export interface ConsoleState {
  /** The session cookie's value, if any. */
  cookie?: string;
  /** The live session of the cookie (or the one a trusted proxy's sign-in started), else null. */
  signedIn?: SignedIn | null;
  /** Set for a signed-in request. */
  visit?: Visit;
  /** A POST's form, its token checked. */
  form?: URLSearchParams;
}

export type ConsoleContext = ParameterizedContext<ConsoleState>;

/** A page of the console: HTML with the security headers. */
export function send(ctx: ConsoleContext, status: number, body: string, headers: Record<string, string> = {}): void {
  ctx.status = status;
  ctx.set({ 'Content-Type': 'text/html; charset=utf-8', ...SECURITY_HEADERS, ...headers });
  ctx.body = body;
}

/** 303 to another page of the console, with no body. */
export function redirect(ctx: ConsoleContext, to: string, headers: Record<string, string> = {}): void {
  ctx.set({ Location: to, ...SECURITY_HEADERS, ...headers });
  ctx.body = null;
  ctx.status = 303;
}

/** A page in the console's layout, for the signed-in operator; a redirect's `?notice=` names one of NOTICES. */
export function show(ctx: ConsoleContext, status: number, title: string, body: Html, extra: { notice?: { text: string; error?: boolean }; refreshSeconds?: number } = {}): void {
  const v = ctx.state.visit!;
  const query = new URLSearchParams(ctx.querystring);
  const asked = query.get('notice') ?? '';
  const notice = extra.notice ?? (Object.hasOwn(NOTICES, asked) ? { text: NOTICES[asked]! } : undefined);
  const operator = { name: v.operator.displayName, email: v.operator.email, admin: v.operator.role === 'admin' };
  send(ctx, status, page({ title, operator, token: v.token, query: query.get('q') ?? '', notice, refreshSeconds: extra.refreshSeconds }, body));
}

/** A POST's urlencoded form, at most FORM_LIMIT_BYTES (else 413). */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT_BYTES) throw new Refusal(413, 'The form is too large.');
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Equal texts, compared in constant time (a form's token). */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
