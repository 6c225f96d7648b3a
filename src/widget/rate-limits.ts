import type { Context } from 'koa';
import type { Services } from '../services.js';
import { DomainError, domainError } from '../errors/domain-error.js';
import { rateLimiterOf } from '../http/rate-limit.js';
import { clientAddress } from '../domain/access/ip-rules.js';

/**
 * The visitor chat's limits, fixed one-minute windows in Redis (the API's counter):
 *
 * | what                  | counted per                                          | limit                      |
 * |-----------------------|------------------------------------------------------|----------------------------|
 * | messages of a visitor | session, or (channel, client address) before one     | WIDGET_RATE_VISITOR_PER_MIN |
 * | messages of a channel | channel                                              | WIDGET_RATE_CHANNEL_PER_MIN |
 * | history and poll      | session                                              | 4 x the visitor limit (polling every 2.5 s is 24 a minute) |
 * | init                  | (channel, client address)                            | the visitor limit          |
 * | refused tokens        | client address                                       | WIDGET_RATE_REJECTED_PER_MIN |
 *
 * A token is checked before anything is counted for it: a refused token (401) counts only
 * against its address, so forged tokens never use up a session's or a channel's budget.
 * A refusal is 429 rate_limited with Retry-After (seconds to the window's end); Redis down is 503.
 */
export type Visitor = { sessionId: string } | { channelId: string; address: string };

const READS_PER_VISITOR_LIMIT = 4;

const visitorKey = (v: Visitor) => ('sessionId' in v ? `s:${v.sessionId}` : `a:${v.channelId}:${v.address}`);

async function count(services: Services, key: string, limit: number, who: string): Promise<void> {
  const w = await rateLimiterOf(services).consumeWindow(`widget:${key}`, limit);
  if (!w.exceeded) return;
  services.metrics.rateLimitRefusals.inc({ rate_class: 'widget' });
  throw domainError('rate_limited', `More than ${limit} ${who} in a minute; retry after ${w.resetSeconds} s.`, {}, { retryAfterSeconds: w.resetSeconds });
}

/** The visitor's address (X-Forwarded-For only from trusted proxies). */
export const visitorAddress = (ctx: Context, services: Services): string =>
  clientAddress(ctx.req.socket.remoteAddress ?? '', ctx.get('x-forwarded-for') || undefined, services.config.trustedProxies);

/**
 * Runs a token check; when it refuses the token (401 invalid_session), the refusal counts
 * against the client address: beyond the limit the answer is 429 instead.
 */
export async function countingRejections<T>(services: Services, address: string, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (err) {
    if (err instanceof DomainError && err.code === 'invalid_session') {
      await count(services, `rejected:a:${address}`, services.config.widget.rejectedPerMin, 'refused chat sessions from this address');
    }
    throw err;
  }
}

/** A visitor's message: the visitor's limit first, then the channel's (a refused visitor does not use up the channel). */
export async function countMessage(services: Services, channelId: string, visitor: Visitor): Promise<void> {
  const { visitorPerMin, channelPerMin } = services.config.widget;
  await count(services, `messages:${visitorKey(visitor)}`, visitorPerMin, 'messages from this visitor');
  await count(services, `messages:c:${channelId}`, channelPerMin, 'messages on this chat');
}

export async function countRead(services: Services, sessionId: string): Promise<void> {
  await count(services, `reads:s:${sessionId}`, services.config.widget.visitorPerMin * READS_PER_VISITOR_LIMIT, 'reads of this conversation');
}

export async function countInit(services: Services, channelId: string, address: string): Promise<void> {
  await count(services, `init:${visitorKey({ channelId, address })}`, services.config.widget.visitorPerMin, 'chat starts from this address');
}
