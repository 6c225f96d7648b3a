import { defineRoute } from '../../http/route.js';
import { keysetPage } from '../../http/keyset-page.js';
import { invalidField } from '../../errors/domain-error.js';
import type { AuthContext } from '../../http/authenticate.js';
import type { Services } from '../../services.js';
import { CARD_ORDER, createCard, deleteCard, findCard, listCards, updateCard, type CardContext } from '../../domain/cards/cards.js';
import type { CardChanges, CardInput } from '../../domain/cards/card-rules.js';
import { CardCreateSchema, CardListQuery, CardPageSchema, CardParams, CardSchema, CardUpdateSchema } from './schemas.js';
import { presentCard } from './presenters.js';
import { sendCardRoute } from './send-card-route.js';

export const CARDS_MIGRATION = 'Migration20261122000500Conversations' as const;

const common = { family: 'cards', migration: CARDS_MIGRATION } as const;
const reading = { ...common, scope: 'cards:read', rateClass: 'read' } as const;
const writing = { ...common, scope: 'cards:write', rateClass: 'write' } as const;

interface CodeParams { code: string }

const cardContext = (auth: AuthContext, services: Services): CardContext => ({
  tenantId: auth.tenant.id, cellOrigin: services.config.publicOrigin, now: services.clock.now(),
});

export const listCardsRoute = defineRoute<{ limit: number; cursor?: string; ai_enabled?: boolean }>({
  ...reading, release: 'available', method: 'GET', path: '/cards',
  summary: "The account's product cards, by sort, then creation",
  query: CardListQuery,
  responses: { 200: { description: 'CardPage', schema: CardPageSchema } },
  handler: async ({ query, auth, em, services }) => {
    const body = await keysetPage(services, auth.integration.id, 'GET /cards', { ai_enabled: query.ai_enabled }, query, CARD_ORDER,
      (window) => listCards(em, auth.tenant.id, { aiEnabled: query.ai_enabled }, window), (c) => presentCard(c, services.config.cell));
    return { status: 200, body };
  },
});

export const createCardRoute = defineRoute<unknown, unknown, CardInput>({
  ...writing, release: 'available', method: 'POST', path: '/cards', idempotency: 'required',
  summary: 'Create a product card',
  description: 'A taken code is 422 at /code (code taken). Addresses: javascript:, data:, http: (any scheme but https), '
    + "protocol-relative //host, credentials and another account's storage path are refused (422 at the field).",
  body: CardCreateSchema,
  responses: { 201: { description: 'Card', schema: CardSchema } },
  handler: async ({ body, auth, em, services }) => {
    const card = await createCard(em, cardContext(auth, services), body);
    return { status: 201, body: presentCard(card, services.config.cell) };
  },
});

export const getCardRoute = defineRoute<unknown, CodeParams>({
  ...reading, release: 'available', method: 'GET', path: '/cards/{code}',
  summary: 'One product card by its code',
  params: CardParams,
  responses: { 200: { description: 'Card', schema: CardSchema } },
  handler: async ({ params, auth, em, services }) => ({ status: 200, body: presentCard(await findCard(em, auth.tenant.id, params.code), services.config.cell) }),
});

export const updateCardRoute = defineRoute<unknown, CodeParams, CardChanges>({
  ...writing, release: 'available', method: 'PATCH', path: '/cards/{code}',
  summary: 'Change a product card: any create field, code included',
  description: 'At least one field must be sent. Messages already sent keep their copy of the card.',
  params: CardParams,
  body: CardUpdateSchema,
  responses: { 200: { description: 'Card', schema: CardSchema } },
  handler: async ({ params, body, auth, em, services }) => {
    if (Object.keys(body).length === 0) throw invalidField('', 'required', 'Send at least one field of the card.');
    const card = await updateCard(em, cardContext(auth, services), params.code, body);
    return { status: 200, body: presentCard(card, services.config.cell) };
  },
});

export const deleteCardRoute = defineRoute<unknown, CodeParams>({
  ...writing, release: 'available', method: 'DELETE', path: '/cards/{code}',
  summary: 'Remove a product card',
  description: 'Answers 204 with no body; a second DELETE answers 404. Messages already sent keep their copy of the card, '
    + 'and the code is free for a new card at once.',
  params: CardParams,
  responses: { 204: { description: 'Removed' } },
  handler: async ({ params, auth, em }) => {
    await deleteCard(em, auth.tenant.id, params.code);
    return { status: 204 };
  },
});

/** Spec 02 "Product cards", and sending a card into a conversation. */
export const cardRoutes = [listCardsRoute, createCardRoute, getCardRoute, updateCardRoute, deleteCardRoute, sendCardRoute];
