import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../db/em.js';
import { Card } from '../../entities/card.js';
import { domainError, type FieldError } from '../../errors/domain-error.js';
import { pageWhere, type KeysetOrder, type PageWindow } from '../../db/keyset.js';
import { newId } from '../../ids.js';
import { money } from '../wallet/money.js';
import type { StorageContext } from '../storage/urls.js';
import { cardAddressErrors, failOnFields, takenCode, type CardChanges, type CardInput, type PriceInput } from './card-rules.js';

/** Who changes cards, and when: the tenant (whose storage the addresses may name), the cell, the time. */
export interface CardContext extends StorageContext {
  now: Date;
}

/** Ascending sort, then creation (created_at, id): the order of GET /cards, the AI catalogue and the operator picker. */
export const CARD_ORDER: KeysetOrder = { keys: [['sort', 'integer'], ['createdAt', 'time'], ['id', 'uuid']], direction: 'asc' };

/** The tenant's card with this code, else not_found (another tenant's is indistinguishable from none). */
export async function findCard(em: Em, tenantId: string, code: string, lock = false): Promise<Card> {
  const card = await em.findOne(Card, { tenantId, code }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!card) throw domainError('not_found', 'No such card.');
  return card;
}

/** A page of the tenant's cards in CARD_ORDER, optionally only those with this ai_enabled. */
export function listCards(em: Em, tenantId: string, filters: { aiEnabled?: boolean }, window: PageWindow): Promise<Card[]> {
  const where: Record<string, unknown> = { tenantId };
  if (filters.aiEnabled !== undefined) where.aiEnabled = filters.aiEnabled;
  return em.find(Card, pageWhere([where], window) as never, { orderBy: window.orderBy as never, limit: window.take });
}

/** [] when the code is free in the account, else its `taken` FieldError. */
async function codeErrors(em: Em, tenantId: string, code: string): Promise<FieldError[]> {
  return await em.count(Card, { tenantId, code }) ? [takenCode(code)] : [];
}

/** Writes the card; a code taken by a parallel request (the unique index) is the same validation_failed as one taken before. */
async function flushCard(em: Em, code: string): Promise<void> {
  try {
    await em.flush();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) failOnFields([takenCode(code)]);
    throw err;
  }
}

function priceColumns(price: PriceInput | null): Pick<Card, 'priceAmount' | 'priceCurrency'> {
  if (!price) return { priceAmount: null, priceCurrency: null };
  const m = money(price.amount, price.currency);
  return { priceAmount: m.amount, priceCurrency: m.currency };
}

export async function createCard(em: Em, ctx: CardContext, input: CardInput): Promise<Card> {
  failOnFields([...await codeErrors(em, ctx.tenantId, input.code), ...cardAddressErrors(input, ctx)]);
  const card = em.create(Card, {
    id: newId(),
    tenantId: ctx.tenantId,
    code: input.code,
    name: input.name,
    description: input.description ?? null,
    imageUrl: input.image_url ?? null,
    pageUrl: input.page_url ?? null,
    badge: input.badge ?? null,
    priceText: input.price_text ?? null,
    ...priceColumns(input.price ?? null),
    buttons: input.buttons ?? [],
    aiEnabled: input.ai_enabled ?? false,
    sort: input.sort ?? 0,
    active: input.active ?? true,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  await flushCard(em, input.code);
  return card;
}

/** Changes the fields sent; a new code must be free in the account. */
export async function updateCard(em: Em, ctx: CardContext, code: string, changes: CardChanges): Promise<Card> {
  const card = await findCard(em, ctx.tenantId, code, true);
  const renamed = changes.code !== undefined && changes.code !== card.code;
  failOnFields([...renamed ? await codeErrors(em, ctx.tenantId, changes.code!) : [], ...cardAddressErrors(changes, ctx)]);
  if (changes.code !== undefined) card.code = changes.code;
  if (changes.name !== undefined) card.name = changes.name;
  if (changes.description !== undefined) card.description = changes.description;
  if (changes.image_url !== undefined) card.imageUrl = changes.image_url;
  if (changes.page_url !== undefined) card.pageUrl = changes.page_url;
  if (changes.badge !== undefined) card.badge = changes.badge;
  if (changes.price_text !== undefined) card.priceText = changes.price_text;
  if (changes.price !== undefined) Object.assign(card, priceColumns(changes.price));
  if (changes.buttons !== undefined) card.buttons = changes.buttons;
  if (changes.ai_enabled !== undefined) card.aiEnabled = changes.ai_enabled;
  if (changes.sort !== undefined) card.sort = changes.sort;
  if (changes.active !== undefined) card.active = changes.active;
  card.updatedAt = ctx.now;
  await flushCard(em, card.code);
  return card;
}

/** Removes the card. Messages that carry it keep their own copy. */
export async function deleteCard(em: Em, tenantId: string, code: string): Promise<void> {
  em.remove(await findCard(em, tenantId, code, true));
  await em.flush();
}
