import type { LeadIntent } from './lead-intent.js';
import { clip } from '../conversations/summary.js';

/**
 * The builtin model's ai_summary (decisions: "Lead intent and summary"): what the customer
 * wants, in the customer's own (already redacted) words, shortened. Pure and offline: the same
 * messages always give the same text, so an unchanged conversation changes nothing.
 */

/** The whole summary at most (the latest messages kept). */
export const SUMMARY_MAX = 300;
/** One quoted message at most. */
const QUOTE_MAX = 120;

const SAYS: Record<LeadIntent, string> = {
  buy: 'Wants to buy.',
  price: 'Asks about the price.',
  availability: 'Asks whether it is in stock.',
  delivery: 'Asks about delivery.',
  support: 'Needs help with an order or a product.',
  other: 'No buying question yet.',
};

/**
 * "Asks about delivery. In their words: "…" "…"": the intent's sentence, then the latest of
 * the customer's messages (oldest first, repeats once) that fit in SUMMARY_MAX, and how many
 * earlier ones were left out.
 */
export function builtinSummary(intent: LeadIntent, customerTexts: string[]): string {
  const distinct = [...new Set(customerTexts.map((t) => clip(t, QUOTE_MAX)).filter(Boolean).reverse())];
  const head = `${SAYS[intent]} In their words:`;
  const quoted: string[] = [];
  let length = head.length;
  for (const text of distinct) {
    const quote = ` "${text}"`;
    // The newest message always goes in; older ones while they fit.
    if (quoted.length && length + quote.length > SUMMARY_MAX - ' (and 99 earlier messages)'.length) break;
    quoted.unshift(quote);
    length += quote.length;
  }
  const left = distinct.length - quoted.length;
  const earlier = left ? ` (and ${left} earlier message${left === 1 ? '' : 's'})` : '';
  return `${head}${quoted.join('')}${earlier}`;
}
