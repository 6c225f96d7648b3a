import type { Cell } from '../../config.js';
import type { Card } from '../../entities/card.js';
import { priceText } from '../../domain/cards/card-copy.js';
import { money } from '../../domain/wallet/money.js';

/** Card (spec 02) plus the additive price (Money or null); price_text as set or derived for the cell. */
export function presentCard(c: Card, cell: Cell) {
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    description: c.description ?? null,
    image_url: c.imageUrl ?? null,
    page_url: c.pageUrl ?? null,
    badge: c.badge ?? null,
    price_text: priceText(c, cell),
    price: c.priceAmount !== null && c.priceAmount !== undefined && c.priceCurrency ? money(c.priceAmount, c.priceCurrency) : null,
    buttons: c.buttons.map((b) => ({ label: b.label, url: b.url })),
    ai_enabled: c.aiEnabled,
    sort: c.sort,
    active: c.active,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}
