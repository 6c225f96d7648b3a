import type pg from 'pg';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller, type CallerOptions } from '../harness/fixtures.js';
import { call, expectProblem } from '../harness/http.js';
import { schemaErrors, type Schema } from '../harness/json-schema.js';
import { disclosureRows, outboxRows } from './conversations-fixtures.js';
import { seedLead } from './leads-fixtures.js';

let api: TestApi;
let sql: pg.Client;
let doc: Schema;
useApiSuite((s) => ({ api, sql, doc } = s));

const post = (who: Caller, path: string, body?: unknown) => call(api.base, 'POST', path, { key: who.apiKey, body });
const get = (who: Caller, path: string) => call(api.base, 'GET', path, { key: who.apiKey });
const fieldError = (field: string, code: string) => ({ errors: [{ field, code, message: expect.any(String) }] });

async function leadOfNewTenant(options: CallerOptions = {}) {
  const caller = await newCaller(api.services, options);
  return { caller, lead: await seedLead(sql, caller) };
}

/** The task the scorer leaves on a hot lead: its title names the customer. */
async function seedScorerTask(caller: Caller, leadId: string): Promise<string> {
  const id = randomUUID();
  await sql.query(`insert into lead_tasks (id, tenant_id, lead_id, title, due_at, status, source, created_at, updated_at, completed_at)
    values ($1, $2, $3, 'Contact Anna today about the winter coat', now(), 'open', 'scorer', now(), now(), null)`, [id, caller.tenantId, leadId]);
  return id;
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

/** Issue 25 item 4: a task's title names the customer, so every task route is a personal-data route. */
describe("a lead's tasks are personal data", () => {
  it('GET /leads/{id}/tasks writes a disclosure row naming the tasks it answered, with no-store', async () => {
    const { caller, lead } = await leadOfNewTenant();
    const taskId = await seedScorerTask(caller, lead.id);
    const res = await get(caller, `/leads/${lead.id}/tasks`);
    expect(res.body.data.map((t: { title: string }) => t.title)).toEqual(['Contact Anna today about the winter coat']);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await disclosureRows(sql, caller.integrationId)).toEqual([
      { route: 'GET /leads/{id}/tasks', resource_type: 'task', resource_ids: [taskId], request_id: res.headers.get('x-request-id') },
    ]);
  });

  it('creating and completing a task disclose it too, with no-store; an empty list discloses nothing', async () => {
    const { caller, lead } = await leadOfNewTenant();
    expect((await get(caller, `/leads/${lead.id}/tasks`)).body.data).toEqual([]);
    const created = await post(caller, `/leads/${lead.id}/tasks`, { title: 'Send Anna the size chart' });
    const completed = await post(caller, `/leads/${lead.id}/tasks/${created.body.id}/complete`);
    expect([created.status, completed.status]).toEqual([201, 200]);
    expect([created.headers.get('cache-control'), completed.headers.get('cache-control')]).toEqual(['private, no-store', 'private, no-store']);
    expect(await disclosureRows(sql, caller.integrationId)).toEqual([
      { route: 'POST /leads/{id}/tasks', resource_type: 'task', resource_ids: [created.body.id], request_id: created.headers.get('x-request-id') },
      { route: 'POST /leads/{id}/tasks/{task_id}/complete', resource_type: 'task', resource_ids: [created.body.id], request_id: completed.headers.get('x-request-id') },
    ]);
  });

  it('on the ru cell a key whose integration lacks the transfer conditions gets 403 pii_transfer_not_allowed from every task route, before anything is written', async () => {
    const { caller, lead } = await leadOfNewTenant({ hostingCountry: 'DE' });
    const taskId = await seedScorerTask(caller, lead.id);
    expectProblem(await get(caller, `/leads/${lead.id}/tasks`), 'pii_transfer_not_allowed');
    expectProblem(await post(caller, `/leads/${lead.id}/tasks`, { title: 'Call Anna' }), 'pii_transfer_not_allowed');
    expectProblem(await post(caller, `/leads/${lead.id}/tasks/${taskId}/complete`), 'pii_transfer_not_allowed');
    expectProblem(await post(caller, `/leads/${lead.id}/score`, { score: 80 }), 'pii_transfer_not_allowed');
    const { rows } = await sql.query('select title, status from lead_tasks where lead_id = $1', [lead.id]);
    expect(rows).toEqual([{ title: 'Contact Anna today about the winter coat', status: 'open' }]);
    expect(await disclosureRows(sql, caller.integrationId)).toEqual([]);
  });

  it('a key with leads:write but not leads:read is held to the same conditions', async () => {
    const { caller, lead } = await leadOfNewTenant({ hostingCountry: null, scopes: ['leads:write'] });
    expectProblem(await post(caller, `/leads/${lead.id}/tasks`, { title: 'Call Anna' }), 'pii_transfer_not_allowed');
  });
});
