import type { AiSettings } from '../../config/ai.js';
import type { SellerModel } from './seller-model.js';
import { BuiltinSeller } from './builtin-seller.js';
import { OpenAiSeller } from './openai-seller.js';

export * from './seller-model.js';
export { BUILTIN_MODEL } from './builtin-seller.js';
export { cardCodes, cardMarker } from './markers.js';

/**
 * The builtin models' prices in a sandbox, in test money: a sandbox rehearses billing (max_cost,
 * insufficient_funds, spend limits), so its builtin work costs something; live builtin work is
 * priced by AI_BUILTIN_*_PRICE_RUB, 0 unless set.
 */
export const SANDBOX_BUILTIN_PRICES = { builtinPriceRub: '1.50', builtinArticlePriceRub: '5.00', builtinStrategistPriceRub: '2.00' } as const;

/**
 * The model settings of live work (AI_PROVIDER, the builtin models at AI_BUILTIN_*_PRICE_RUB) or
 * of a sandbox's (SANDBOX_AI_PROVIDER: builtin unless set to live; the builtin models at
 * SANDBOX_BUILTIN_PRICES).
 */
export function aiSettingsFor(ai: AiSettings, livemode: boolean): AiSettings {
  if (livemode) return ai;
  return { ...ai, ...SANDBOX_BUILTIN_PRICES, provider: ai.sandboxProvider === 'live' ? ai.provider : 'builtin' };
}

/** The AI seller's model as AI_PROVIDER says: `builtin` (offline retrieval) or `openai`. */
export function createSellerModel(ai: AiSettings): SellerModel {
  switch (ai.provider) {
    case 'builtin': return new BuiltinSeller(ai.builtinPriceRub, ai.builtinStreamWordMs);
    case 'openai': return new OpenAiSeller(ai);
  }
}
