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
 * The longest a reply takes to stream, whatever its length and AI_BUILTIN_STREAM_WORD_MS: a long
 * reply's words come faster instead. The whole reply is one local activity of 30 s.
 */
const MAX_STREAM_MS = 8000;

/** Resolves after `ms`, or rejects with the signal's reason the moment it aborts. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const stop = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/**
 * The embedded default seller: deterministic retrieval over the catalogue, offline, at a fixed
 * price per reply (AI_BUILTIN_PRICE_RUB). In order: a request for a human hands off; a greeting
 * without product words greets; matching cards are offered (up to 3, with their markers);
 * otherwise it hands off, saying it will ask a colleague. With a listener (`onText`) it writes
 * its reply a word at a time, `wordMs` apart (AI_BUILTIN_STREAM_WORD_MS), as a chat model would.
 */
export class BuiltinSeller implements SellerModel {
  readonly remote = false;
  readonly name = BUILTIN_MODEL;
  private readonly priceRub: string;

  constructor(priceRub: string, private readonly wordMs = 0) {
    this.priceRub = new Decimal(priceRub).toFixed(2);
  }

  costBounds(): { minRub: string; maxRub: string } {
    return { minRub: this.priceRub, maxRub: this.priceRub };
  }

  async reply(context: SellerContext, signal?: AbortSignal, onText?: (text: string) => void): Promise<SellerReply> {
    signal?.throwIfAborted();
    const { content, handoff } = this.answer(context);
    if (onText) await this.write(content, onText, signal);
    return { content, handoff, usage: { model: BUILTIN_MODEL, costRub: this.priceRub } };
  }

  /** Hands `content` to `onText` a word (with the blanks before it, as a chat model's tokens come) at a time, at a steady pace. */
  private async write(content: string, onText: (text: string) => void, signal?: AbortSignal): Promise<void> {
    const pieces = content.match(/\s*\S+(\s+$)?/g) ?? [content];
    const gapMs = Math.min(this.wordMs, Math.floor(MAX_STREAM_MS / pieces.length));
    let text = '';
    for (const [i, piece] of pieces.entries()) {
      if (i > 0 && gapMs > 0) await pause(gapMs, signal);
      signal?.throwIfAborted();
      text += piece;
      onText(text);
    }
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
