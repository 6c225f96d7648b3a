import type { Services } from '../services.js';
import { problem } from '../http/problem.js';
import { rateLimiterOf } from '../http/rate-limit.js';

/**
 * The visitor chat's limits, fixed one-minute windows in Redis (the API's counter):
 *
 * | what                  | counted per                                          | limit                      |
 * |-----------------------|------------------------------------------------------|----------------------------|
 * | messages of a visitor | session, or (channel, client address) before one     | WIDGET_RATE_VISITOR_PER_MIN |
 * | messages of a channel | channel                                              | WIDGET_RATE_CHANNEL_PER_MIN |
 * | history and poll      | session                                              | 4 x the visitor limit (polling every 2.5 s is 24 a minute) |
 * | init                  | (channel, client address)                            | the visitor limit          |
 *
 * A refusal is 429 rate_limited with Retry-After (seconds to the window's end); Redis down is 503.
 */
export type Visitor = { sessionId: string } | { channelId: string; address: string };

const READS_PER_VISITOR_LIMIT = 4;

const visitorKey = (v: Visitor) => ('sessionId' in v ? `s:${v.sessionId}` : `a:${v.channelId}:${v.address}`);

async function count(services: Services, key: string, limit: number, who: string): Promise<void> {
  const w = await rateLimiterOf(services).consumeWindow(`widget:${key}`, limit);
  if (!w.exceeded) return;
  services.metrics.rateLimitRefusals.inc({ rate_class: 'widget' });
  throw problem('rate_limited', `More than ${limit} ${who} in a minute; retry after ${w.resetSeconds} s.`, {}, { 'Retry-After': String(w.resetSeconds) });
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
