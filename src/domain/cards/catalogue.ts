import type { Em } from '../../db/em.js';
import type { Cell } from '../../config.js';
import { Card } from '../../entities/card.js';
import type { CardCopy } from '../../entities/conversation.js';
import type { CatalogueEntry } from '../ai-seller/seller-model.js';
import { orderByOf } from '../../db/keyset.js';
import { cardCopy, cardLanguage, priceText } from './card-copy.js';
import { CARD_ORDER } from './cards.js';

/**
 * The AI seller's catalogue: the tenant's active, ai_enabled cards in CARD_ORDER. Prices are
 * written for `cell`; without one, for the home cell of each card's currency.
 */
export async function loadAiCatalogue(em: Em, tenantId: string, cell?: Cell): Promise<CatalogueEntry[]> {
  const cards = await em.find(Card, { tenantId, active: true, aiEnabled: true }, { orderBy: orderByOf(CARD_ORDER) as never });
  return cards.map((c) => ({ code: c.code, name: c.name, description: c.description ?? null, price_text: priceText(c, cell) }));
}

/**
 * Copies of the cards an AI reply names with `[CARD:<code>]`, in the order named: only the
 * tenant's active, ai_enabled cards (a marker of any other card is dropped); their own words in
 * the conversation's language, else the reply text's (cardLanguage).
 */
export async function findCardsForMarkers(
  em: Em, tenantId: string, codes: readonly string[], cell: Cell, language: { conversation: string | null; text: string | null } = { conversation: null, text: null },
): Promise<CardCopy[]> {
  if (!codes.length) return [];
  const cards = await em.find(Card, { tenantId, code: { $in: [...codes] }, active: true, aiEnabled: true });
  const byCode = new Map(cards.map((c) => [c.code, c]));
  return codes.flatMap((code) => {
    const card = byCode.get(code);
    return card ? [cardCopy(card, cell, cardLanguage(language.conversation, cell, language.text))] : [];
  });
}
