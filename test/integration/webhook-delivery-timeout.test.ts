import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import { answers } from '../harness/receiver.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';

/**
 * The one delivery test about the subscriber timeout, so it alone runs with a short one (every
 * other delivery test keeps the harness's generous timeout: issue 28, a success path must not
 * race the clock). The slow answer comes long after the timeout, so the attempt cannot
 * succeed by a loaded machine's luck.
 */

const TIMEOUT_MS = 3000;
let h: DeliveryHarness;

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url, env: { WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) } });
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('a subscriber slower than WEBHOOK_TIMEOUT_MS', () => {
  it('fails the attempt with error timeout and no status; the next attempt delivers', async () => {
    const caller = await h.caller({ name: 'slow' });
    const path = `/slow-${randomUUID().slice(0, 8)}`;
    const url = h.receiver.route(path, answers.slowFirst(TIMEOUT_MS * 4));
    const sub = await h.subscribe(caller, { url });
    const lead = { lead_id: randomUUID(), contact_id: randomUUID(), conversation_id: randomUUID(), version: 1 };
    const eventId = await h.raise(caller, { type: 'lead.created', ...EVENTS['lead.created'](lead) });
    const row = await h.settled(sub.id, eventId, 'delivered');
    const [first, second] = await h.attempts(row.id);
    // The sender gave up (error timeout, no status) long before the receiver's answer.
    expect(first).toMatchObject({ attempt: 1, status_code: null, error: 'timeout' });
    expect(second).toMatchObject({ attempt: 2, status_code: 200, error: null });
    expect(row.attempt).toBe(2);
  });
});
