import type { Redis } from 'ioredis';
import { prefixedChannel } from '../redis.js';
import type { WidgetSession } from '../entities/widget-session.js';

/**
 * A session's token was rotated (a visitor message): announced on Redis after the commit, so
 * every api process ends the streams opened with a token that is now out (a token older than
 * the previous one: at once; the previous one: when its grace time ends). No stream reads the
 * database for it.
 */
export interface TokenRotation {
  sessionId: string;
  conversationId: string;
  /** Hash of the token that is now the previous one. */
  previousHash: string;
  /** End of the previous token's grace time (ms). */
  previousValidUntil: number;
  /** The session's end (ms). */
  expiresAt: number;
}

/** The pub/sub channel (channels do not get ioredis' keyPrefix: it is part of the name). */
export const tokenRotationChannel = (redisKeyPrefix: string): string => prefixedChannel(redisKeyPrefix, 'widget-token-rotated');

export function rotationOf(session: WidgetSession): TokenRotation | null {
  if (!session.previousTokenHash || !session.previousValidUntil) return null;
  return {
    sessionId: session.id, conversationId: session.conversationId, previousHash: session.previousTokenHash,
    previousValidUntil: session.previousValidUntil.getTime(), expiresAt: session.expiresAt.getTime(),
  };
}

export async function announceTokenRotation(redis: Redis, redisKeyPrefix: string, rotation: TokenRotation | null): Promise<void> {
  if (rotation) await redis.publish(tokenRotationChannel(redisKeyPrefix), JSON.stringify(rotation));
}

/** A notice as announced, else null. */
export function parseTokenRotation(text: string): TokenRotation | null {
  try {
    const r = JSON.parse(text) as Partial<TokenRotation>;
    const ok = typeof r.sessionId === 'string' && typeof r.conversationId === 'string' && typeof r.previousHash === 'string'
      && typeof r.previousValidUntil === 'number' && typeof r.expiresAt === 'number';
    return ok ? r as TokenRotation : null;
  } catch {
    return null;
  }
}
