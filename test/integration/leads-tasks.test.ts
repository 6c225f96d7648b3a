import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { TestApi } from '../support/app.js';
import { useApiSuite } from '../support/api-suite.js';
import { newCaller, type Caller } from '../support/fixtures.js';
import { call, expectProblem } from '../support/http.js';
import { schemaErrors, type Schema } from '../support/json-schema.js';
import { outboxRows } from './conversations-fixtures.js';
import { seedLead } from './leads-fixtures.js';

let api: TestApi;
let sql: pg.Client;
let doc: Schema;
useApiSuite((s) => ({ api, sql, doc } = s));

const post = (who: Caller, path: string, body?: unknown) => call(api.base, 'POST', path, { key: who.apiKey, body });
const get = (who: Caller, path: string) => call(api.base, 'GET', path, { key: who.apiKey });
const fieldError = (field: string, code: string) => ({ errors: [{ field, code, message: expect.any(String) }] });

async function leadOfNewTenant() {
  const caller = await newCaller(api.services);
  return { caller, lead: await seedLead(sql, caller) };
}

describe("a lead's tasks", () => {
  it('POST /leads/{id}/tasks makes an open task and raises task.created', async () => {
    const { caller, lead } = await leadOfNewTenant();
    const res = await post(caller, `/leads/${lead.id}/tasks`, { title: 'Send the size chart', due_at: '2026-12-01T09:00:00+03:00' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String), lead_id: lead.id, title: 'Send the size chart', due_at: '2026-12-01T06:00:00.000Z', status: 'open', source: 'api',
      created_at: expect.any(String), updated_at: res.body.created_at, completed_at: null, livemode: true,
    });
    expect(schemaErrors(res.body, { $ref: '#/components/schemas/LeadTask' }, doc)).toEqual([]);
    expect((await outboxRows(sql, caller.tenantId)).map((e) => [e.type, e.data])).toEqual([['task.created', { task_id: res.body.id, lead_id: lead.id }]]);
  });

  it('GET /leads/{id}/tasks lists them in the order they were made, by status, page by page', async () => {
    const { caller, lead } = await leadOfNewTenant();
    const made = [];
    for (const title of ['First', 'Second', 'Third']) made.push((await post(caller, `/leads/${lead.id}/tasks`, { title })).body);
    await post(caller, `/leads/${lead.id}/tasks/${made[1].id}/complete`);
    const all = await get(caller, `/leads/${lead.id}/tasks`);
    expect(all.body.data.map((t: { title: string }) => t.title)).toEqual(['First', 'Second', 'Third']);
    expect(schemaErrors(all.body, { $ref: '#/components/schemas/LeadTaskPage' }, doc)).toEqual([]);
    expect((await get(caller, `/leads/${lead.id}/tasks?status=open`)).body.data.map((t: { title: string }) => t.title)).toEqual(['First', 'Third']);
    const page = await get(caller, `/leads/${lead.id}/tasks?limit=2`);
    expect(page.body.data).toHaveLength(2);
    const rest = await get(caller, `/leads/${lead.id}/tasks?limit=2&cursor=${encodeURIComponent(page.body.next_cursor)}`);
    expect(rest.body).toEqual({ data: [expect.objectContaining({ title: 'Third' })], next_cursor: null });
    expectProblem(await get(caller, `/leads/${lead.id}/tasks?status=done`), 'validation_failed', fieldError('/status', 'not_supported'));
  });

  it('completing a task raises task.completed once; a second complete answers it unchanged', async () => {
    const { caller, lead } = await leadOfNewTenant();
    const task = (await post(caller, `/leads/${lead.id}/tasks`, { title: 'Call back' })).body;
    const done = await post(caller, `/leads/${lead.id}/tasks/${task.id}/complete`);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'completed', completed_at: done.body.updated_at });
    const again = await post(caller, `/leads/${lead.id}/tasks/${task.id}/complete`);
    expect(again.body).toEqual(done.body);
    expect((await outboxRows(sql, caller.tenantId)).filter((e) => e.type === 'task.completed')).toHaveLength(1);
  });

  it("another tenant's lead, a missing lead or task answers 404; a blank title 422", async () => {
    const { caller, lead } = await leadOfNewTenant();
    const { lead: foreign } = await leadOfNewTenant();
    expectProblem(await post(caller, `/leads/${foreign.id}/tasks`, { title: 'x' }), 'not_found');
    expectProblem(await get(caller, `/leads/${foreign.id}/tasks`), 'not_found');
    expectProblem(await post(caller, `/leads/${lead.id}/tasks/${randomUUID()}/complete`), 'not_found');
    expectProblem(await post(caller, `/leads/${lead.id}/tasks`, { title: '   ' }), 'validation_failed', fieldError('/title', 'invalid_format'));
  });
});
