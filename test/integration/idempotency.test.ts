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
import { PinnedClock } from '../../src/clock.js';

interface Note { text: string; tag?: string }

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => { resolve = r; });
  return { promise, resolve };
}

/** Notes whose handler waits: text -> (started, release), set by a test. */
const holds = new Map<string, { started: ReturnType<typeof deferred>; release: ReturnType<typeof deferred> }>();
/** Notes whose handler fails with a Problem this many more times, after writing its event. */
const failures = new Map<string, number>();

const noteBody = Joi.object({ text: Joi.string().required(), tag: Joi.string() });

// A write with an effect (one outbox event per run) whose answer names the event.
const noteRoute = (path: string, idempotency: 'required' | 'optional') => defineRoute<unknown, unknown, Note>({
  release: 'available', method: 'POST', path, family: 'test', migration: 'Migration20261121000100Foundation',
  summary: 'Writes one outbox event', rateClass: 'write', idempotency, body: noteBody, errors: ['invalid_state'],
  responses: { 201: { description: 'the event written', schema: Joi.object() } },
  handler: async ({ body, auth, em, services }) => {
    const event = recordEvent(em, { tenantId: auth.tenant.id, integrationId: auth.integration.id, type: 'webhook.test', data: { text: body.text } }, services.clock.now());
    await em.flush();
    const hold = holds.get(body.text);
    if (hold) {
      hold.started.resolve();
      await hold.release.promise;
    }
    const left = failures.get(body.text) ?? 0;
    if (left > 0) {
      failures.set(body.text, left - 1);
      throw problem('invalid_state', 'The note cannot be written now.');
    }
    return { status: 201, body: { event_id: event.id, text: body.text } };
  },
});


// A creation whose secret is shown once: a replay answers the body with the secret nulled.
let secretsIssued = 0;
const postSecret = defineRoute({
  release: 'available', method: 'POST', path: '/test/secrets', family: 'test', migration: 'Migration20261121000100Foundation',
  summary: 'Issues a secret', rateClass: 'write', idempotency: 'required',
  responses: { 201: { description: 'issued', schema: Joi.object() } },
  replayBody: (body) => ({ ...(body as Record<string, unknown>), secret: null }),
  handler: async () => ({ status: 201, body: { number: ++secretsIssued, secret: `s3cr3t-${secretsIssued}` } }),
});

// A write that asks for no transaction of its own (it might only start a workflow).
let workflowsStarted = 0;
const postUntransacted = defineRoute({
  release: 'available', method: 'POST', path: '/test/untransacted', family: 'test', migration: 'Migration20261121000100Foundation',
  summary: 'Starts something outside the database', rateClass: 'write', idempotency: 'required', transactional: false,
  responses: { 202: { description: 'started', schema: Joi.object() } },
  handler: async () => ({ status: 202, body: { started: ++workflowsStarted } }),
});

let api: TestApi;
let sql: pg.Client;
let caller: Caller;
const clock = new PinnedClock(new Date('2026-11-21T12:00:00.000Z'));

beforeAll(async () => {
  api = await startApi({}, { clock, extraRoutes: [noteRoute('/test/notes', 'required'), noteRoute('/test/loose-notes', 'optional'), postSecret, postUntransacted] });
  sql = await sqlClient();
  caller = await newCaller(api.services);
});
afterAll(async () => {
  await sql.end();
  await api.close();
});

let keySeq = 0;
const freshKey = () => `key-${Date.now()}-${++keySeq}`;
const post = (body: unknown, key: string | null, who: Caller = caller, path = '/test/notes') =>
  call(api.base, 'POST', path, { key: who.apiKey, body, headers: key === null ? {} : { 'idempotency-key': key } });

async function eventsWith(text: string, who: Caller = caller): Promise<number> {
  const { rows } = await sql.query(`select count(*)::int as n from outbox_events where integration_id = $1 and data->>'text' = $2`, [who.integrationId, text]);
  return rows[0].n as number;
}

async function recordsOf(who: Caller, key: string): Promise<number> {
  const { rows } = await sql.query('select count(*)::int as n from idempotency_records where integration_id = $1 and key = $2', [who.integrationId, key]);
  return rows[0].n as number;
}

describe('Idempotency-Key header', () => {
  it('missing where required answers 400 idempotency_key_required and has no effect', async () => {
    expectProblem(await post({ text: 'no-key' }, null), 'idempotency_key_required');
    expect(await eventsWith('no-key')).toBe(0);
  });

  it('a key of 256 characters answers 400 bad_request; 255 are accepted', async () => {
    expectProblem(await post({ text: 'long-key' }, 'k'.repeat(256)), 'bad_request');
    expect(await eventsWith('long-key')).toBe(0);
    expect((await post({ text: 'long-key' }, 'k'.repeat(255))).status).toBe(201);
    expect(await eventsWith('long-key')).toBe(1);
  });

  it('a key with spaces answers 400 bad_request', async () => {
    expectProblem(await post({ text: 'spaced-key' }, 'two words'), 'bad_request');
  });

  it('is not read on GET: a malformed key there changes nothing', async () => {
    expect((await call(api.base, 'GET', '/me', { key: caller.apiKey, headers: { 'idempotency-key': 'k'.repeat(300) } })).status).toBe(200);
  });

  it('where optional, a POST without a key runs every time', async () => {
    expect((await post({ text: 'loose' }, null, caller, '/test/loose-notes')).status).toBe(201);
    expect((await post({ text: 'loose' }, null, caller, '/test/loose-notes')).status).toBe(201);
    expect(await eventsWith('loose')).toBe(2);
  });
});

describe('retries with the same key', () => {
  it('the same key and body replay the same status and body with Idempotent-Replayed: true and no second effect', async () => {
    const key = freshKey();
    const first = await post({ text: 'replayed', tag: 'a' }, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await post({ text: 'replayed', tag: 'a' }, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await eventsWith('replayed')).toBe(1);
    expect(await recordsOf(caller, key)).toBe(1);
  });

  it('the same JSON body with its keys in another order is the same request', async () => {
    const key = freshKey();
    const first = await call(api.base, 'POST', '/test/notes', { key: caller.apiKey, raw: { text: '{"text":"reordered","tag":"b"}', contentType: 'application/json' }, headers: { 'idempotency-key': key } });
    const again = await call(api.base, 'POST', '/test/notes', { key: caller.apiKey, raw: { text: '{"tag":"b","text":"reordered"}', contentType: 'application/json' }, headers: { 'idempotency-key': key } });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await eventsWith('reordered')).toBe(1);
  });

  it('the same key with a different body answers 409 idempotency_conflict and has no effect', async () => {
    const key = freshKey();
    expect((await post({ text: 'original' }, key)).status).toBe(201);
    expectProblem(await post({ text: 'changed' }, key), 'idempotency_conflict');
    expect(await eventsWith('changed')).toBe(0);
    expect(await eventsWith('original')).toBe(1);
  });

  it('a parallel retry while the first is still running answers 409 operation_in_progress with Retry-After', async () => {
    const key = freshKey();
    const hold = { started: deferred(), release: deferred() };
    holds.set('slow', hold);
    const first = post({ text: 'slow' }, key);
    try {
      await hold.started.promise;
      const parallel = await post({ text: 'slow' }, key);
      expectProblem(parallel, 'operation_in_progress');
      expect(Number(parallel.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      hold.release.resolve();
      holds.delete('slow');
    }
    const done = await first;
    expect(done.status).toBe(201);
    const later = await post({ text: 'slow' }, key);
    expect(later.headers.get('idempotent-replayed')).toBe('true');
    expect(later.body).toEqual(done.body);
    expect(await eventsWith('slow')).toBe(1);
  });

  it('a request that fails with a Problem stores nothing: its retry runs again', async () => {
    const key = freshKey();
    failures.set('fails-once', 1);
    expectProblem(await post({ text: 'fails-once' }, key), 'invalid_state');
    expect(await eventsWith('fails-once')).toBe(0);
    expect(await recordsOf(caller, key)).toBe(0);
    const retry = await post({ text: 'fails-once' }, key);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await eventsWith('fails-once')).toBe(1);
  });

  it('keys are per integration: the same key from another integration is independent', async () => {
    const other = await newCaller(api.services);
    const key = freshKey();
    const mine = await post({ text: 'mine' }, key);
    const theirs = await post({ text: 'theirs' }, key, other);
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.event_id).not.toBe(mine.body.event_id);
    expect(await recordsOf(other, key)).toBe(1);
  });

  it('a key lives 24 hours: just before it replays, after it the request runs again', async () => {
    const key = freshKey();
    const start = clock.now();
    const first = await post({ text: 'expiring' }, key);
    clock.advance(24 * 3600 * 1000 - 1000);
    expectProblem(await post({ text: 'expiring-changed' }, key), 'idempotency_conflict');
    expect((await post({ text: 'expiring' }, key)).headers.get('idempotent-replayed')).toBe('true');
    clock.set(new Date(start.getTime() + 24 * 3600 * 1000 + 1000));
    const rerun = await post({ text: 'expiring' }, key);
    expect(rerun.status).toBe(201);
    expect(rerun.headers.get('idempotent-replayed')).toBeNull();
    expect(rerun.body.event_id).not.toBe(first.body.event_id);
    expect(await eventsWith('expiring')).toBe(2);
    expect(await recordsOf(caller, key)).toBe(1);
    const replay = await post({ text: 'expiring' }, key);
    expect(replay.body).toEqual(rerun.body);
  });

  it('a replay answers what the route shows on replays: a secret shown once comes back null', async () => {
    const key = freshKey();
    const first = await call(api.base, 'POST', '/test/secrets', { key: caller.apiKey, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(201);
    expect(first.body.secret).toMatch(/^s3cr3t-/);
    const again = await call(api.base, 'POST', '/test/secrets', { key: caller.apiKey, headers: { 'idempotency-key': key } });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ number: first.body.number, secret: null });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('a route that runs without a transaction of its own still replays instead of running twice', async () => {
    const key = freshKey();
    const first = await call(api.base, 'POST', '/test/untransacted', { key: caller.apiKey, headers: { 'idempotency-key': key } });
    const again = await call(api.base, 'POST', '/test/untransacted', { key: caller.apiKey, headers: { 'idempotency-key': key } });
    expect([first.status, again.status]).toEqual([202, 202]);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });
});
