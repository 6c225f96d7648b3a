import { Decimal } from 'decimal.js';
import type { SellerContext, SellerModel, SellerReply } from './seller-model.js';
import { customerTexts, replyLanguage } from './language.js';
import { PHRASES, offerText } from './phrases.js';
import { asksForHuman, isGreeting } from './intents.js';
import { rankCatalogue } from './catalogue-search.js';
import { words } from './words.js';

export const BUILTIN_MODEL = 'builtin/retrieval-v1';
/** Most cards one reply offers. */
const MAX_OFFERED = 3;
/** Earlier customer turns that still (lightly) steer the search. */
const EARLIER_TURNS = 3;

/**
 * The embedded default seller: deterministic retrieval over the catalogue, offline, at a fixed
 * price per reply (AI_BUILTIN_PRICE_RUB). In order: a request for a human hands off; a greeting
 * without product words greets; matching cards are offered (up to 3, with their markers);
 * otherwise it hands off, saying it will ask a colleague.
 */
export class BuiltinSeller implements SellerModel {
  readonly remote = false;
  readonly name = BUILTIN_MODEL;
  private readonly priceRub: string;

  constructor(priceRub: string) {
    this.priceRub = new Decimal(priceRub).toFixed(2);
  }

  costBounds(): { minRub: string; maxRub: string } {
    return { minRub: this.priceRub, maxRub: this.priceRub };
  }

  async reply(context: SellerContext, signal?: AbortSignal): Promise<SellerReply> {
    signal?.throwIfAborted();
    const { content, handoff } = this.answer(context);
    return { content, handoff, usage: { model: BUILTIN_MODEL, costRub: this.priceRub } };
  }

  private answer(context: SellerContext): { content: string; handoff: boolean } {
    const language = replyLanguage(context);
    const phrases = PHRASES[language];
    const texts = customerTexts(context);
    const last = texts.at(-1) ?? '';
    const lastWords = words(last);
    if (asksForHuman(lastWords)) return { content: phrases.passingToColleague, handoff: true };
    const matches = rankCatalogue(context.catalogue, last, texts.slice(-1 - EARLIER_TURNS, -1));
    if (isGreeting(lastWords) && !matches.some((m) => m.lastScore > 0)) {
      return { content: context.greeting?.trim() || phrases.greeting(context.tenantName), handoff: false };
    }
    if (matches.length === 0) return { content: phrases.askingColleague, handoff: true };
    const offered = matches.slice(0, MAX_OFFERED).map((m) => m.entry);
    return { content: offerText(language, offered), handoff: false };
  }
}
