import { CELLS, type Cell } from '../../config.js';
import type { Card } from '../../entities/card.js';
import type { CardCopy } from '../../entities/conversation.js';
import { CELL_CURRENCY } from '../wallet/money.js';

/** How a cell writes numbers and money. */
export const CELL_LOCALE: Record<Cell, string> = { ru: 'ru-RU', en: 'en-GB', id: 'id-ID' };

/** The label of the default button of a card without buttons, in the cell's language. */
const DETAILS_LABEL: Record<Cell, string> = { ru: 'Подробнее', en: 'More details', id: 'Selengkapnya' };

const CYRILLIC = /\p{Script=Cyrillic}/u;
const LATIN = /\p{Script=Latin}/u;

/**
 * The language a card's own words (its default button) are written in: the conversation's when
 * it is one the platform writes (ru, en, id); while the conversation's language is not known yet
 * (a message too short to tell), the language of the text the card comes with (a Cyrillic text
 * is ru, a Latin one en in the ru cell, where the sellers answer such a customer in English);
 * else the cell's. An English chat in the ru cell reads "More details", not "Подробнее".
 */
export function cardLanguage(conversationLanguage: string | null | undefined, cell: Cell, text?: string | null): Cell {
  if ((CELLS as readonly string[]).includes(conversationLanguage ?? '')) return conversationLanguage as Cell;
  if (!conversationLanguage && text) {
    if (CYRILLIC.test(text)) return 'ru';
    if (cell === 'ru' && LATIN.test(text)) return 'en';
  }
  return cell;
}

/** The cell whose money is `currency`, for formatting when no cell is given. */
const homeCell = (currency: string): Cell => CELLS.find((c) => CELL_CURRENCY[c] === currency) ?? 'en';

/**
 * The price text a card shows: the tenant's own text when set, else the price formatted for
 * the cell (`1 990 ₽`, `£1,234.50`, `Rp 150.000`), else null (no price).
 */
export function priceText(card: Pick<Card, 'priceText' | 'priceAmount' | 'priceCurrency'>, cell?: Cell): string | null {
  if (card.priceText) return card.priceText;
  if (card.priceAmount === null || card.priceAmount === undefined || !card.priceCurrency) return null;
  return moneyFormat(CELL_LOCALE[cell ?? homeCell(card.priceCurrency)], card.priceCurrency).format(card.priceAmount as `${number}`);
}

/** Formatters by locale and currency: building one costs far more than formatting with it. */
const formats = new Map<string, Intl.NumberFormat>();

function moneyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}/${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, trailingZeroDisplay: 'stripIfInteger' });
    // Currencies are ISO codes a card was validated against; the bound only guards the process.
    if (formats.size < 1000) formats.set(key, format);
  }
  return format;
}

/**
 * The copy of a card a message keeps (later edits of the card do not reach it): the card as
 * shown, with its price text derived, and a card without buttons gets the one default detail
 * button to its page (when it has one). A page path stays a path: the chat resolves it
 * against the account's primary domain. The price is written as the cell writes money; the
 * default button's label in `language` (cardLanguage: the conversation's), else the cell's.
 */
export function cardCopy(card: Card, cell: Cell, language: Cell = cell): CardCopy {
  const buttons = card.buttons.length
    ? card.buttons.map((b) => ({ label: b.label, url: b.url }))
    : card.pageUrl ? [{ label: DETAILS_LABEL[language], url: card.pageUrl }] : [];
  return {
    code: card.code,
    name: card.name,
    description: card.description ?? null,
    image_url: card.imageUrl ?? null,
    page_url: card.pageUrl ?? null,
    badge: card.badge ?? null,
    price_text: priceText(card, cell),
    buttons,
  };
}
