import { AVAILABILITY, BUY, DELIVERY, PRICE, SUPPORT } from './customer-asks.js';

/**
 * What a lead's customer wants (Lead.intent; decisions: "Lead intent and summary"). Spec 02
 * names the field without its values; this is the project's set, the same for the builtin
 * model and a remote one.
 */
export const LEAD_INTENTS = ['buy', 'price', 'availability', 'delivery', 'support', 'other'] as const;
export type LeadIntent = (typeof LEAD_INTENTS)[number];

export function isLeadIntent(v: unknown): v is LeadIntent {
  return (LEAD_INTENTS as readonly unknown[]).includes(v);
}

/**
 * Within one message the more specific ask wins: a problem with an order is support even when
 * it names delivery; "I want to order, how much?" is buy; "how much is delivery?" is delivery;
 * "do you have a discount?" is price.
 */
const BY_PRECEDENCE: [Exclude<LeadIntent, 'other'>, RegExp][] = [
  ['support', SUPPORT], ['buy', BUY], ['delivery', DELIVERY], ['price', PRICE], ['availability', AVAILABILITY],
];

function intentOfText(text: string): LeadIntent | null {
  return BY_PRECEDENCE.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

/**
 * The builtin intent of the customer's messages (oldest first): that of the latest message that
 * asks something recognised (what the customer wants now), else `other`; null without any text.
 */
export function builtinIntent(customerTexts: string[]): LeadIntent | null {
  if (!customerTexts.some((t) => t.trim())) return null;
  for (let i = customerTexts.length - 1; i >= 0; i--) {
    const intent = intentOfText(customerTexts[i]!);
    if (intent) return intent;
  }
  return 'other';
}
