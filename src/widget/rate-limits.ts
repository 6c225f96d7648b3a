import type { Context } from 'koa';
import type { Services } from '../services.js';
import { DomainError, domainError } from '../errors/domain-error.js';
import type { ErrorCode } from '../errors/catalogue.js';
import { rateLimiterOf } from '../http/rate-limit.js';
import { clientAddress } from '../domain/access/ip-rules.js';
import { readJsonBody } from '../http/body.js';

/**
 * The visitor chat's limits, sliding one-minute windows in Redis (the API's limiter):
 *
 * | what                            | counted per                     | limit                       |
 * |---------------------------------|---------------------------------|-----------------------------|
 * | messages of a visitor           | session                         | WIDGET_RATE_VISITOR_PER_MIN |
 * | new chats (no session token)    | (channel, client address)       | WIDGET_RATE_SESSIONS_PER_IP_PER_MIN |
 * | messages from an address        | (channel, client address), any session or none | WIDGET_RATE_IP_PER_MIN |
 * | messages of a channel           | channel                         | WIDGET_RATE_CHANNEL_PER_MIN |
 * | history and poll                | session                         | 4 x the visitor limit (polling every 2.5 s is 24 a minute) |
 * | init                            | (channel, client address)       | the visitor limit           |
 * | refused tokens, unreadable bodies | client address                | WIDGET_RATE_REJECTED_PER_MIN |
 *
 * A message counts from the narrowest to the widest, so the first limit a client reaches is
 * its own (its session, its new chats, its address) and the channel's budget, shared by every
 * visitor of the site, is only spent by messages the narrower limits let through: opening
 * session after session does not get one address past its own limit.
 * A token is checked before anything is counted for it: a refused token (401) counts only
 * against its address, so forged tokens never use up a session's or a channel's budget. A
 * body that cannot be read (400 bad_request: not JSON, nested too deep; 413) names no channel
 * for sure: it counts against its address the same way.
 * A refusal is 429 rate_limited with Retry-After (seconds until one more would be admitted);
 * Redis down is 503.
 */

const READS_PER_VISITOR_LIMIT = 4;

const addressKey = (channelId: string, address: string) => `a:${channelId}:${address}`;

async function count(services: Services, key: string, limit: number, who: string): Promise<void> {
  const w = await rateLimiterOf(services).consumeWindow(`widget:${key}`, limit);
  if (!w.exceeded) return;
  services.metrics.rateLimitRefusals.inc({ rate_class: 'widget' });
  throw domainError('rate_limited', `More than ${limit} ${who} in a minute; retry after ${w.resetSeconds} s.`, {}, { retryAfterSeconds: w.resetSeconds });
}

/** The visitor's address (X-Forwarded-For only from trusted proxies). */
export const visitorAddress = (ctx: Context, services: Services): string =>
  clientAddress(ctx.req.socket.remoteAddress ?? '', ctx.get('x-forwarded-for') || undefined, services.config.trustedProxies);

/** What counts against the address's refusals: a refused token, a body that cannot be read. */
const REFUSALS = new Set<ErrorCode>(['invalid_session', 'bad_request', 'payload_too_large']);

/**
 * Runs a token check or reads the body; when it refuses (401 invalid_session, 400
 * bad_request, 413 payload_too_large), the refusal counts against the client address:
 * beyond the limit the answer is 429 instead.
 */
export async function countingRejections<T>(services: Services, address: string, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (err) {
    if (err instanceof DomainError && REFUSALS.has(err.code)) {
      await count(services, `rejected:a:${address}`, services.config.widget.rejectedPerMin, 'refused requests from this address');
    }
    throw err;
  }
}

/** The visitor's JSON body (http/body.ts), a refused one counted against the client address. */
export const visitorBody = (ctx: Context, services: Services): Promise<unknown> =>
  countingRejections(services, visitorAddress(ctx, services), () => readJsonBody(ctx));

/**
 * A visitor's message: its session's limit (or, without a session, the address' new chats),
 * then its address' on the channel, then the channel's (a refused visitor does not use up the wider ones).
 */
export async function countMessage(services: Services, channelId: string, address: string, sessionId: string | null): Promise<void> {
  const { visitorPerMin, sessionsPerAddressPerMin, addressPerMin, channelPerMin } = services.config.widget;
  if (sessionId) await count(services, `messages:s:${sessionId}`, visitorPerMin, 'messages from this visitor');
  else await count(services, `sessions:${addressKey(channelId, address)}`, sessionsPerAddressPerMin, 'new chats from this address');
  await count(services, `messages:${addressKey(channelId, address)}`, addressPerMin, 'messages from this address');
  await count(services, `messages:c:${channelId}`, channelPerMin, 'messages on this chat');
}

export async function countRead(services: Services, sessionId: string): Promise<void> {
  await count(services, `reads:s:${sessionId}`, services.config.widget.visitorPerMin * READS_PER_VISITOR_LIMIT, 'reads of this conversation');
}

export async function countInit(services: Services, channelId: string, address: string): Promise<void> {
  await count(services, `init:${addressKey(channelId, address)}`, services.config.widget.visitorPerMin, 'chat starts from this address');
}
