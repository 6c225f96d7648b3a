import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem, type Answer } from '../harness/http.js';
import { seedLead } from './leads-fixtures.js';
import { HOOKS_ENV, newWebhook } from './webhooks-fixtures.js';

/**
 * Issue 25 item 11: JavaScript's Date rolls 2026-02-30 over into March, so joi's isoDate took
 * it. Every date or date-time a route takes, in the query or the body, refuses a day that
 * does not exist with 422 validation_failed naming the field; 2024-02-29 (a leap day) is a day.
 */
let api: TestApi;
let sql: pg.Client;
useApiSuite((s) => ({ api, sql } = s), HOOKS_ENV);

const IMPOSSIBLE_DAYS = ['2026-02-30', '2026-04-31', '2025-02-29', '2100-02-29'];
const IMPOSSIBLE_TIMES = ['2026-02-30T10:00:00Z', '2026-04-31T10:00:00Z', '2025-02-29T00:00:00+03:00', '2026-02-29T23:59:59.999-01:00', '+002026-02-30T10:00:00Z'];
const q = encodeURIComponent;

/** One field error, invalid_value at `field`; a batch's Problem also counts the items it kept. */
function expectRefusedAt(res: Answer, field: string, counts: Record<string, number> = {}): void {
  expectProblem(res, 'validation_failed', { errors: [{ field, code: 'invalid_value', message: expect.stringMatching(/ names a day that does not exist$/) }], ...counts });
}

async function setup(): Promise<{ caller: Caller; leadId: string; webhookId: string }> {
  const caller = await newCaller(api.services);
  const lead = await seedLead(sql, caller);
  const webhook = await newWebhook(api, caller);
  return { caller, leadId: lead.id, webhookId: webhook.id };
}

describe('a date or date-time naming a day that does not exist', () => {
  it('is refused in the query of every list that filters by time, naming the parameter', async () => {
    const { caller, webhookId } = await setup();
    const get = (path: string) => call(api.base, 'GET', path, { key: caller.apiKey });
    for (const day of IMPOSSIBLE_DAYS) {
      expectRefusedAt(await get(`/leads?updated_since=${q(day)}`), '/updated_since');
      expectRefusedAt(await get(`/articles?updated_after=${q(day)}`), '/updated_after');
      expectRefusedAt(await get(`/analytics/timeseries?metric=leads&from=${q(day)}`), '/from');
    }
    for (const time of IMPOSSIBLE_TIMES) {
      expectRefusedAt(await get(`/leads?updated_since=${q(time)}`), '/updated_since');
      expectRefusedAt(await get(`/leads?updated_after=${q(time)}`), '/updated_after');
      expectRefusedAt(await get(`/conversations?updated_after=${q(time)}`), '/updated_after');
      expectRefusedAt(await get(`/articles?updated_after=${q(time)}`), '/updated_after');
      expectRefusedAt(await get(`/disclosures?created_after=${q(time)}`), '/created_after');
      expectRefusedAt(await get(`/webhooks/${webhookId}/deliveries?created_after=${q(time)}`), '/created_after');
    }
    // Month 13 has no form of a date at all: invalid_format, as before.
    for (const path of ['/leads?updated_since=2026-13-01', `/leads?updated_after=${q('2026-13-01T10:00:00Z')}`, '/articles?updated_after=2026-13-01', '/analytics/timeseries?metric=leads&from=2026-13-01']) {
      expectProblem(await get(path), 'validation_failed', { errors: [expect.objectContaining({ code: expect.stringMatching(/^invalid_(format|value)$/) })] });
    }
    const refusal = await get('/leads?updated_since=2026-02-30');
    expect(refusal.body.errors[0]).toEqual({ field: '/updated_since', code: 'invalid_value', message: 'updated_since names a day that does not exist' });
  });

  it('is refused in bodies: lead and task times, analytics events and offline conversions', async () => {
    const { caller, leadId } = await setup();
    const send = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
      call(api.base, method, path, { key: caller.apiKey, body, headers });
    for (const time of IMPOSSIBLE_TIMES) {
      expectRefusedAt(await send('POST', `/leads/${leadId}/tasks`, { title: 'Call back', due_at: time }), '/due_at');
      expectRefusedAt(await send('PATCH', `/leads/${leadId}`, { next_action_at: time }, { 'If-Match': '*' }), '/next_action_at');
      expectRefusedAt(await send('POST', '/events', { events: [{ id: randomUUID(), type: 'page_view', occurred_at: time, visitor_id: 'v1', properties: { url: 'https://shop.example/' } }] }),
        '/events/0/occurred_at', { accepted: 0, duplicates: 0 });
      expectRefusedAt(await send('POST', '/offline-conversions', { conversions: [{ id: randomUUID(), contact_email: 'a@b.example', value: { amount: '10.00', currency: 'RUB' }, occurred_at: time }] }),
        '/conversions/0/occurred_at', { accepted: 0, duplicates: 0, unmatched: 0 });
    }
  });

  it('2024-02-29, a leap day, is a day like any other', async () => {
    const { caller, leadId } = await setup();
    const get = (path: string) => call(api.base, 'GET', path, { key: caller.apiKey });
    for (const path of ['/leads?updated_since=2024-02-29', `/leads?updated_after=${q('2024-02-29T10:00:00Z')}`, '/articles?updated_after=2024-02-29',
      `/conversations?updated_after=${q('2024-02-29T10:00:00+03:00')}`, '/analytics/timeseries?metric=leads&from=2024-02-29&to=2024-03-01']) {
      expect({ path, status: (await get(path)).status }).toEqual({ path, status: 200 });
    }
    const task = await call(api.base, 'POST', `/leads/${leadId}/tasks`, { key: caller.apiKey, body: { title: 'Call back', due_at: '2024-02-29T10:00:00Z' } });
    expect(task.status).toBe(201);
    expect(task.body.due_at).toBe('2024-02-29T10:00:00.000Z');
  });
});
