import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { OperationsHarness } from '../support/operations-harness.js';
import { newCaller, type Caller } from '../support/fixtures.js';
import { call } from '../support/http.js';
import { eventually } from '../support/eventually.js';
import { outboxRows } from './conversations-fixtures.js';
import { leadScoringWorkflowId, scoringRuns } from '../../workflows/lead-scoring-contract.js';

/**
 * The builtin lead scorer: workflow `lead-score:<lead id>`, signalled with start on every
 * change of the lead's conversation, debounced (LEAD_SCORE_DEBOUNCE), scoring from the
 * conversation's signals and raising lead.scored.
 */

let h: OperationsHarness;
let caller: Caller;

beforeAll(async () => {
  h = await OperationsHarness.start({ env: { LEAD_SCORE_DEBOUNCE: '1500ms', LEAD_SCORE_MAX_DELAY: '60s' } });
  // No ai_seller:invoke: customer messages are stored and the AI stays silent (no paid work here).
  caller = await newCaller(h.api.services, { scopes: ['conversations:read', 'conversations:write', 'leads:read', 'leads:write'] });
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

const open = async (body: Record<string, unknown>) => (await call(h.api.base, 'POST', '/conversations', { key: caller.apiKey, body })).body;
const say = (conversationId: string, content: string) => call(h.api.base, 'POST', `/conversations/${conversationId}/messages`, {
  key: caller.apiKey, body: { content }, headers: { 'idempotency-key': randomUUID() },
});
const lead = async (id: string) => (await call(h.api.base, 'GET', `/leads/${id}`, { key: caller.apiKey })).body;
const runsOf = (leadId: string) => h.client.workflow.getHandle(leadScoringWorkflowId(leadId)).query(scoringRuns);

describe('lead scoring', () => {
  it('scores a lead from its conversation: contact left, product named, price and delivery asked make it hot, with lead.scored', async () => {
    const conversation = await open({
      external_customer_id: `scored-${randomUUID()}`, name: 'Anna', email: 'anna@example.com',
      page: { address: 'https://shop.example.com/runner-x', title: 'Runner X sneakers', type: 'product', id: 'runner-x' },
    });
    expect((await say(conversation.id, 'Сколько стоит и есть ли доставка в Казань?')).status).toBe(200);
    const scored = await eventually('the lead to be scored', async () => {
      const body = await lead(conversation.lead_id);
      return body.score !== null && body.flags.length === 4 ? body : undefined;
    });
    expect(scored).toMatchObject({ score: 85, level: 'hot', flags: ['contact_left', 'product_named', 'price_asked', 'delivery_asked'] });
    const events = (await outboxRows(h.db, caller.tenantId)).filter((e) => e.type === 'lead.scored' && e.data.lead_id === conversation.lead_id);
    expect(events.at(-1)!.data).toEqual({
      lead_id: conversation.lead_id, contact_id: conversation.contact_id, conversation_id: conversation.id, version: scored.version,
      score: 85, level: 'hot', flags: ['contact_left', 'product_named', 'price_asked', 'delivery_asked'],
      reason: 'The customer left contact details, named a product, asked the price, asked about delivery.',
    });
  });

  it('a burst of 30 customer messages in one conversation makes at most 2 scoring runs', async () => {
    const conversation = await open({ external_customer_id: `burst-${randomUUID()}`, phone: '+7 912 000 00 00' });
    for (let i = 0; i < 30; i++) expect((await say(conversation.id, `Message ${i}: how much is delivery?`)).status).toBe(200);
    const runs = await eventually('the burst to be scored', async () => {
      const n = await runsOf(conversation.lead_id);
      return n >= 1 ? n : undefined;
    });
    expect(runs).toBeLessThanOrEqual(2);
    expect(await lead(conversation.lead_id)).toMatchObject({ score: 65, level: 'hot', flags: ['contact_left', 'price_asked', 'delivery_asked'] });
    const scoredEvents = (await outboxRows(h.db, caller.tenantId)).filter((e) => e.type === 'lead.scored' && e.data.lead_id === conversation.lead_id);
    expect(scoredEvents.length).toBeLessThanOrEqual(2);
  });

  it('a score that does not change raises nothing and keeps the version', async () => {
    const conversation = await open({ external_customer_id: `calm-${randomUUID()}`, email: 'calm@example.com' });
    const first = await eventually('the first score', async () => {
      const body = await lead(conversation.lead_id);
      return body.score !== null ? body : undefined;
    });
    expect(first).toMatchObject({ score: 35, level: 'warm', flags: ['contact_left'] });
    await say(conversation.id, 'Hello there');
    await eventually('the second run', async () => ((await runsOf(conversation.lead_id)) >= 2 ? true : undefined));
    expect((await lead(conversation.lead_id)).version).toBe(first.version);
  });
});
