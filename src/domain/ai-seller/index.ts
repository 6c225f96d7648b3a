import type { AiSettings } from '../../config.js';
import type { SellerModel } from './seller-model.js';
import { BuiltinSeller } from './builtin-seller.js';
import { OpenAiSeller } from './openai-seller.js';

export * from './seller-model.js';
export { BUILTIN_MODEL } from './builtin-seller.js';
export { cardCodes, cardMarker } from './markers.js';

/** The model settings of live work (AI_PROVIDER) or of a sandbox's (SANDBOX_AI_PROVIDER: builtin unless set to live). */
export function aiSettingsFor(ai: AiSettings, livemode: boolean): AiSettings {
  return livemode || ai.sandboxProvider === 'live' ? ai : { ...ai, provider: 'builtin' };
}

/** The AI seller's model as AI_PROVIDER says: `builtin` (offline retrieval) or `openai`. */
export function createSellerModel(ai: AiSettings): SellerModel {
  switch (ai.provider) {
    case 'builtin': return new BuiltinSeller(ai.builtinPriceRub, ai.builtinStreamWordMs);
    case 'openai': return new OpenAiSeller(ai);
  }
}
