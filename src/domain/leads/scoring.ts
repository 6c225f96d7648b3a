import type { LeadLevel } from '../../entities/lead.js';
import { DELIVERY, HUMAN, PRICE } from './customer-asks.js';

/**
 * The builtin scorer's rule (decisions: "Lead scoring signals"): what the conversation shows,
 * each signal a flag and points; the sum, clamped to 0..100, is the score; 60+ is hot, 30+
 * warm, else cold. Pure: the same conversation always scores the same.
 */
export interface ScoringInput {
  /** The contact left an e-mail or a phone. */
  contactLeft: boolean;
  /** A product is named: the lead has one, or the seller offered a card. */
  productNamed: boolean;
  /** The customer's own messages, oldest first. */
  customerTexts: string[];
  /** The conversation waits for or is handled by an operator. */
  handoff: boolean;
  /** Since the customer's last message. */
  quietMs: number;
}

export interface LeadScore {
  score: number;
  level: LeadLevel;
  flags: string[];
  reason: string;
}

/** A customer silent this long is cooling down. */
export const SILENCE_MS = 24 * 60 * 60 * 1000;

const SIGNALS: { flag: string; points: number; says: string; test: (i: ScoringInput) => boolean }[] = [
  { flag: 'contact_left', points: 35, says: 'left contact details', test: (i) => i.contactLeft },
  { flag: 'product_named', points: 20, says: 'named a product', test: (i) => i.productNamed },
  { flag: 'price_asked', points: 15, says: 'asked the price', test: (i) => i.customerTexts.some((t) => PRICE.test(t)) },
  { flag: 'delivery_asked', points: 15, says: 'asked about delivery', test: (i) => i.customerTexts.some((t) => DELIVERY.test(t)) },
  { flag: 'handoff_asked', points: 10, says: 'asked for a person', test: (i) => i.handoff || i.customerTexts.some((t) => HUMAN.test(t)) },
  { flag: 'silence', points: -25, says: 'silent for a day', test: (i) => i.quietMs >= SILENCE_MS },
];

/** 60+ hot, 30+ warm, else cold: the builtin scorer's levels, also an integrator's score's default level. */
export function levelOf(score: number): LeadLevel {
  return score >= 60 ? 'hot' : score >= 30 ? 'warm' : 'cold';
}

export function scoreLead(input: ScoringInput): LeadScore {
  const hits = SIGNALS.filter((s) => s.test(input));
  const score = Math.max(0, Math.min(100, hits.reduce((sum, s) => sum + s.points, 0)));
  const level = levelOf(score);
  const reason = hits.length ? `The customer ${hits.map((s) => s.says).join(', ')}.` : 'No buying signal yet.';
  return { score, level, flags: hits.map((s) => s.flag), reason };
}
