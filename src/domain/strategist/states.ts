import type { ActionState, TopicState } from '../../entities/strategist.js';

const DAY_MS = 86_400_000;
/** A proposed topic expires 30 days after it was proposed (spec 02, Strategist topic). */
export const TOPIC_LIFETIME_MS = 30 * DAY_MS;
/** A proposed action expires 7 days after it was created (spec 02, Strategist action). */
export const ACTION_LIFETIME_MS = 7 * DAY_MS;

/** Something proposed with an expiry: its stored status and when a proposal ends. */
interface Expiring {
  status: string;
  expiresAt?: Date | null;
}

/**
 * The state a caller sees: a proposal past its expires_at is `expired`, derived from the
 * clock at read time (no job rewrites rows, so the filter and the read always agree).
 */
export function stateAt<S extends TopicState | ActionState>(row: Expiring, now: Date): S {
  return (row.status === 'proposed' && row.expiresAt && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status) as S;
}

/** The MikroORM condition of "reads as `state` at `now`", honouring the derived expiry. */
export function stateCondition(state: string, now: Date): Record<string, unknown> {
  if (state === 'expired') return { status: 'proposed', expiresAt: { $lte: now } };
  if (state === 'proposed') return { status: 'proposed', $or: [{ expiresAt: null }, { expiresAt: { $gt: now } }] };
  return { status: state };
}
