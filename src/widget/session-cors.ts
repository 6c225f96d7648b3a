import type { Context } from 'koa';
import type { Config } from '../config.js';
import { domainError } from '../errors/domain-error.js';
import { originAllowed } from '../domain/channels/website-settings.js';

/**
 * CORS of POST /api/widget/init, the only visitor route a host page calls itself (the embed
 * script asks whether the chat runs on this site). Every other visitor route is called from
 * the chat frame on the cell origin and answers no CORS headers, so a browser refuses it
 * cross-origin.
 */
function allow(ctx: Context, origin: string): void {
  ctx.set('Access-Control-Allow-Origin', origin);
  ctx.set('Access-Control-Allow-Methods', 'POST, OPTIONS');
  ctx.set('Access-Control-Allow-Headers', 'Content-Type');
  ctx.set('Access-Control-Max-Age', '600');
}

/**
 * The preflight names no channel (it has no body), so it only states what init accepts, to
 * any origin; whether this site may use the chat is decided on the POST itself.
 */
export function answerPreflight(ctx: Context): void {
  ctx.vary('Origin');
  const origin = ctx.get('origin');
  if (origin) allow(ctx, origin);
  ctx.set('Allow', 'POST, OPTIONS');
  ctx.status = 204;
}

/**
 * The channel's site check: the cell origin itself (the chat frame) and a request without
 * Origin always pass; any other origin must be a listed domain or a subdomain of one (an
 * empty list allows any site). Allowed: the CORS headers for that origin. Refused: 403
 * origin_not_allowed without them. Answers before the channel is known (422, 404, 429)
 * carry none either: the page cannot read them, and shows no chat.
 */
export function requireAllowedOrigin(ctx: Context, allowedDomains: readonly string[], config: Config): void {
  ctx.vary('Origin');
  const origin = ctx.get('origin');
  if (!origin) return;
  if (origin !== config.publicOrigin && !originAllowed(origin, allowedDomains)) throw domainError('origin_not_allowed', 'This chat is not enabled on this site.');
  allow(ctx, origin);
}
