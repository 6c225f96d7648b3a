import Joi from 'joi';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { sqlClient } from '../harness/database.js';
import { call, expectProblem } from '../harness/http.js';
import { defineRoute } from '../../src/http/route.js';
import { domainError as problem } from '../../src/errors/domain-error.js';
import { recordEvent } from '../../src/domain/events/outbox.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';

// What an after-commit step saw: was the handler's row already committed (visible to another connection)?
const seen: { eventId: string; committed: boolean }[] = [];
let sql: pg.Client;

const noteRoute = defineRoute<unknown, unknown, { fail?: boolean }>({
  release: 'available', method: 'POST', path: '/test/after-commit', family: 'test', migration: 'Migration20261121000100Foundation',
  summary: 'writes an event and looks for it after the commit', rateClass: 'write',
  body: Joi.object({ fail: Joi.boolean() }),
  responses: { 201: { description: 'event id', schema: Joi.object() } },
  errors: ['invalid_state'],
  handler: async ({ body, auth, em, services, afterCommit }) => {
    const event = recordEvent(em, { tenantId: auth.tenant.id, type: 'webhook.test', livemode: false, ...EVENTS['webhook.test']({ webhook_id: auth.integration.id }) }, services.clock.now());
    await em.flush();
    afterCommit(async () => {
      const found = await sql.query('select 1 from outbox_events where id = $1', [event.id]);
      seen.push({ eventId: event.id, committed: found.rowCount === 1 });
    });
    if (body.fail) throw problem('invalid_state', 'asked to fail after writing');
    return { status: 201, body: { event_id: event.id } };
  },
});

let api: TestApi;
let caller: Caller;

beforeAll(async () => {
  api = await startApi({}, { extraRoutes: [noteRoute] });
  caller = await newCaller(api.services);
  sql = await sqlClient();
});
afterAll(async () => {
  await sql.end();
  await api.close();
});

const post = (body: unknown, key?: string) => call(api.base, 'POST', '/test/after-commit', {
  key: caller.apiKey, body, headers: key ? { 'idempotency-key': key } : {},
});

describe('afterCommit in a handler', () => {
  it('runs once the transaction has committed: its step sees the committed row', async () => {
    const res = await post({});
    expect(res.status).toBe(201);
    expect(seen.at(-1)).toEqual({ eventId: res.body.event_id, committed: true });
  });

  it('does not run when the request fails (the write is rolled back)', async () => {
    const before = seen.length;
    expectProblem(await post({ fail: true }), 'invalid_state');
    expect(seen).toHaveLength(before);
  });

  it('does not run again on an idempotent replay', async () => {
    const key = `after-commit-${Date.now()}`;
    const first = await post({}, key);
    const count = seen.length;
    const replay = await post({}, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(seen).toHaveLength(count);
  });
});
