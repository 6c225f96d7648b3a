import { randomUUID } from 'node:crypto';
import { expect } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import type { Caller } from '../harness/fixtures.js';
import { call, type Answer } from '../harness/http.js';
import { Conversation } from '../../src/entities/conversation.js';

/** Shared by the cards*.test.ts files. */

export const idempotencyKey = (): string => randomUUID();

export const cardBody = (o: Record<string, unknown> = {}) => ({ code: `card-${randomUUID().slice(0, 8)}`, name: 'Sofa Oslo', ...o });

export function postCard(api: TestApi, who: Caller, body: unknown = cardBody(), key: string | null = idempotencyKey()): Promise<Answer> {
  return call(api.base, 'POST', '/cards', { key: who.apiKey, body, headers: key === null ? {} : { 'idempotency-key': key } });
}

/** Creates a card and fails loudly if that did not work. */
export async function newCard(api: TestApi, who: Caller, body: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await postCard(api, who, cardBody(body));
  if (res.status !== 201) throw new Error(`POST /cards answered ${res.status}: ${res.text}`);
  return res.body;
}

/** The Card of a create body with nothing but code and name: every other field at its default (a live key's answer). */
export const plainCard = (code: string, name = 'Sofa Oslo') => ({
  id: expect.stringMatching(/^[0-9a-f-]{36}$/), code, name, description: null, image_url: null, page_url: null, badge: null,
  price_text: null, price: null, buttons: [], ai_enabled: false, sort: 0, active: true,
  created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), updated_at: expect.any(String), livemode: true,
});

/** A conversation on the caller's api channel, as the chat would have written it. */
export async function seedConversation(api: TestApi, who: Caller, o: { status?: string; channelType?: string; operatorName?: string | null } = {}): Promise<string> {
  const now = api.services.clock.now();
  const id = randomUUID();
  await api.services.orm.em.fork().transactional(async (em) => {
    em.create(Conversation, {
      id, tenantId: who.tenantId, channelId: who.channelId, channelType: o.channelType ?? 'api', contactId: null,
      externalCustomerId: `customer-${id.slice(0, 8)}`, status: o.status ?? 'open', mode: 'ai', language: 'ru', leadId: null,
      operatorName: o.operatorName ?? null, page: null, summary: null, createdAt: now, updatedAt: now,
    });
  });
  return id;
}

