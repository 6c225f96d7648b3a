import { Decimal } from 'decimal.js';

/** Roubles per 1000 tokens (AI_PRICE_TABLE). */
export interface TokenPrice {
  inputPer1kRub: string;
  outputPer1kRub: string;
}

/** The least any paid reply costs: one kopeck. */
export const MIN_REPLY_COST_RUB = '0.01';
/** Rough characters per token, for estimates only (prompt cap, a provider that reports no usage). */
export const CHARS_PER_TOKEN = 3;

export const estimateTokens = (chars: number): number => Math.ceil(chars / CHARS_PER_TOKEN);

/** Cost of one call in roubles: tokens by the per-1k prices, rounded up to kopecks, at least 0.01. */
export function tokensCostRub(price: TokenPrice, promptTokens: number, completionTokens: number): string {
  const cost = new Decimal(promptTokens).times(price.inputPer1kRub)
    .plus(new Decimal(completionTokens).times(price.outputPer1kRub))
    .dividedBy(1000)
    .toDecimalPlaces(2, Decimal.ROUND_UP);
  return Decimal.max(cost, MIN_REPLY_COST_RUB).toFixed(2);
}
