import type pg from 'pg';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { eventually } from '../harness/eventually.js';
import { postJson } from './conversations-fixtures.js';
import { newCaller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';
import { PLAN_FEATURES } from '../../src/domain/access/scopes.js';
import { SseClient, eventsUrl, newVisitor } from './widget-stream-support.js';

/**
 * The stream across api processes: two apps on the same database and Redis, each with its own
 * hub and Redis subscriber (as two processes behind a balancer). A runs with a short heartbeat.
 */
let a: TestApi;
let b: TestApi;
let sql: pg.Client;
useApiSuite((s) => ({ api: a, sql } = s), { WIDGET_HEARTBEAT_MS: '200', WIDGET_STREAMS_PER_SESSION: '3' });
beforeAll(async () => {
  b = await startApi({ WIDGET_STREAMS_PER_SESSION: '3' });
});
afterAll(async () => {
  await b?.close();
});

const open: SseClient[] = [];
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});
async function stream(api: TestApi, token: string): Promise<SseClient> {
  const c = await SseClient.open(eventsUrl(api, token));
  open.push(c);
  return c;
}
const parsed = (e: { data: string }) => JSON.parse(e.data);

describe('the visitor stream across api processes', () => {
  it('counts a session\'s streams on both processes together: one more than WIDGET_STREAMS_PER_SESSION is 429 on either', async () => {
    const v = await newVisitor(a, sql);
    const streams = [await stream(a, v.token), await stream(b, v.token), await stream(a, v.token)];
    expect(streams.map((c) => c.status)).toEqual([200, 200, 200]);
    const refused = await stream(b, v.token);
    expect({ status: refused.status, code: (await refused.json()).code }).toEqual({ status: 429, code: 'rate_limited' });
  });

  it('a visitor writing through api B ends, on api A, a stream of a token that is no longer valid', async () => {
    const caller = await newCaller(a.services, { features: PLAN_FEATURES.filter((f) => f !== 'ai_seller') });
    const v = await newVisitor(a, sql, { caller });
    const c = await stream(a, v.token);
    await c.nth('conversation:update', 1);
    const write = (token: string) => call(b.origin, 'POST', '/api/widget/messages', { body: { channel_id: v.channelId, content: 'Hello', session_token: token } });
    const one = await write(v.token);
    expect(one.status).toBe(200);
    const two = await write(one.body.session_token);
    expect(two.status).toBe(200);
    // Two rotations: the stream's token is older than the previous one, so the notice ends it, well before any grace end.
    await c.until('the stream on A to end', () => (c.ended ? true : undefined), 5000);
  });

  it('delivers operator messages posted to api B to a visitor streaming from api A, each once and in order', async () => {
    const v = await newVisitor(a, sql);
    const c = await stream(a, v.token);
    await c.nth('conversation:update', 1);
    for (let i = 1; i <= 5; i++) {
      const posted = await postJson(b, v.caller, `/conversations/${v.conversationId}/operator-messages`, { content: `from B #${i}`, operator: { name: 'Boris' } });
      expect(posted.status).toBe(201);
      const got = await c.nth('message', i, 5000);
      expect(parsed(got)).toMatchObject({ id: posted.body.id, content: `from B #${i}`, sender: 'operator', operator: { name: 'Boris' } });
    }
    expect(parsed(await c.nth('conversation:update', 2))).toEqual({ state: 'operator', operator: { name: 'Boris' } });
    expect(c.named('message').map((e) => parsed(e).content)).toEqual([1, 2, 3, 4, 5].map((i) => `from B #${i}`));
    expect(b.services.liveHub.size).toBe(0);
  });

  it('fans one message out to visitors of the same conversation on both processes', async () => {
    const v = await newVisitor(a, sql);
    const streams = [await stream(a, v.token), await stream(b, v.token), await stream(a, v.token)];
    await Promise.all(streams.map((c) => c.nth('conversation:update', 1)));
    const posted = await postJson(a, v.caller, `/conversations/${v.conversationId}/operator-messages`, { content: 'to everyone' });
    const got = await Promise.all(streams.map((c) => c.nth('message', 1, 5000)));
    for (const e of got) expect(parsed(e).id).toBe(posted.body.id);
  });

  it('sends a `: ping` comment every WIDGET_HEARTBEAT_MS: A (200 ms) pings while B (the default 15 s) has not yet', async () => {
    const v = await newVisitor(a, sql);
    const other = await stream(b, v.token);
    await other.nth('conversation:update', 1);
    const c = await stream(a, v.token);
    await c.until('three pings', () => (c.comments.length >= 3 ? true : undefined), 30_000);
    expect(c.comments.slice(0, 3).map((x) => x.text)).toEqual(['ping', 'ping', 'ping']);
    expect(c.raw).toContain('\n: ping\n\n');
    // B's stream, opened first, has had no heartbeat while A's beat three times.
    expect(other.comments).toEqual([]);
  });

  it('reads every followed conversation again when its Redis subscription comes back (notices lost meanwhile)', async () => {
    const v = await newVisitor(a, sql);
    const c = await stream(a, v.token);
    await c.nth('conversation:update', 1);
    const subscriber = (a.services.liveHub as unknown as { subscriber: Redis }).subscriber;
    subscriber.stream.destroy();
    await eventually('the subscriber is down', async () => (subscriber.status !== 'ready' ? true : undefined), 2000, 5);
    const posted = await postJson(b, v.caller, `/conversations/${v.conversationId}/operator-messages`, { content: 'while A was not listening' });
    expect(posted.status).toBe(201);
    expect(parsed(await c.nth('message', 1, 10_000)).id).toBe(posted.body.id);
    expect(subscriber.status).toBe('ready');
  });

  it('ends every stream when the hub closes (the process stops)', async () => {
    const c3 = await startApi();
    try {
      const v = await newVisitor(c3, sql);
      const c = await stream(c3, v.token);
      await c.nth('conversation:update', 1);
      c3.services.liveHub.close();
      await c.until('the end of the stream', () => (c.ended ? true : undefined), 5000);
      const refused = await stream(c3, v.token);
      expect(refused.status).toBe(503);
      expect((await refused.json()).code).toBe('service_unavailable');
    } finally {
      await c3.close();
    }
  });
});
