import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { call } from '../harness/http.js';
import { schemaErrors } from '../harness/json-schema.js';
import { DraftWriter } from '../harness/draft-writer.js';
import { seedMessage } from './conversations-fixtures.js';
import { SseClient, eventsUrl, newVisitor, type SseEvent, type Visitor } from './widget-stream-support.js';
import { announceConversationChanges } from '../../src/domain/conversations/live.js';

/**
 * The drafts of AI replies on the visitor's event stream (issue 37): the test writes drafts to
 * Redis as the worker does by the contract (test/harness/draft-writer.ts), and a real SSE
 * client reads what the real api sends: `message:delta` (no id), `message:retracted`, and the
 * final `message` with the same id.
 */

let api: TestApi;
let sql: pg.Client;
useApiSuite((s) => ({ api, sql } = s));

const open: SseClient[] = [];
async function stream(token: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const c = await SseClient.open(eventsUrl(api, token), headers);
  open.push(c);
  return c;
}
afterEach(() => {
  for (const c of open.splice(0)) c.close();
});

const writer = (v: Visitor) => new DraftWriter(api.services.redis, v.conversationId);
const parsed = (e: { data: string }) => JSON.parse(e.data);
/** The events as [name, data] (update: its state only), without the resume ids. */
const seen = (c: SseClient) => c.events.map((e: SseEvent) => [e.event, e.event === 'conversation:update' ? parsed(e).state : parsed(e)]);
const delta = (id: string, offset: number, text: string) => ['message:delta', { message_id: id, offset, text }];

/** The reply committed as the worker commits it: the message with the draft's id, announced, then the field deleted. */
async function commit(v: Visitor, w: DraftWriter, id: string, content: string, createdAt = new Date()): Promise<void> {
  await seedMessage(sql, v.caller, v.conversationId, { id, sender: 'ai', content, createdAt });
  await announceConversationChanges(api.services.redis, [v.conversationId]);
  await w.committed(id);
}

/** A stream opened and past its catch-up (its first conversation:update). */
async function opened(v: Visitor, headers: Record<string, string> = {}): Promise<SseClient> {
  const c = await stream(v.token, headers);
  expect(c.status).toBe(200);
  await c.nth('conversation:update', 1);
  return c;
}

describe('GET /api/widget/events: drafts of AI replies', () => {
  it('carries each delta at once and in order, as message:delta without an id; the final message with the same id comes once, after them', async () => {
    const v = await newVisitor(api, sql);
    const w = writer(v);
    const c = await opened(v);
    const id = randomUUID();
    await w.write(id, 0, 'Hel');
    await w.append(id, 'lo! Runner X');
    await w.write(id, 6, ' Runner X is in stock'); // a rewrite from inside the text
    await c.nth('message:delta', 3);
    await commit(v, w, id, 'Hello! Runner X is in stock.');
    const final = await c.nth('message', 1);

    expect(seen(c)).toEqual([
      ['conversation:update', 'ai'],
      delta(id, 0, 'Hel'), delta(id, 3, 'lo! Runner X'), delta(id, 6, ' Runner X is in stock'),
      ['message', expect.objectContaining({ id, sender: 'ai', content: 'Hello! Runner X is in stock.' })],
    ]);
    expect(c.named('message:delta').map((e) => e.id)).toEqual([undefined, undefined, undefined]);
    expect(c.raw).toContain(`event: message:delta\ndata: {"message_id":"${id}","offset":3,"text":"lo! Runner X"}\n\n`);
    expect(final.id).toMatch(new RegExp(`^\\d+\\.${id}$`));
    // As the widget's document describes them.
    const doc = (await call(api.origin, 'GET', '/api/widget/openapi.json')).body;
    const events = doc.paths['/api/widget/events'].get.responses['200'].content['text/event-stream']['x-events'];
    for (const e of c.named('message:delta')) expect(schemaErrors(parsed(e), events['message:delta'].data, doc)).toEqual([]);
  });

  it('a stream that reconnects mid-reply (Last-Event-ID) gets the messages after its cursor, the state, then the text so far as ONE delta at offset 0; then the rest live and the final message', async () => {
    const v = await newVisitor(api, sql);
    const w = writer(v);
    const first = await opened(v);
    const question = await seedMessage(sql, v.caller, v.conversationId, { content: 'Do you have sneakers?', createdAt: new Date() });
    await announceConversationChanges(api.services.redis, [v.conversationId]);
    const cursor = (await first.nth('message', 1)).id!;
    const id = randomUUID();
    await w.write(id, 0, 'Yes, ');
    await w.append(id, 'we have');
    await first.nth('message:delta', 2);
    first.close();

    // Back with the cursor of the message before the reply: nothing new but the draft.
    const again = await stream(v.token, { 'last-event-id': cursor });
    await again.nth('message:delta', 1);
    await w.append(id, ' Runner X.');
    await again.nth('message:delta', 2);
    await commit(v, w, id, 'Yes, we have Runner X.');
    await again.nth('message', 1);
    expect(seen(again)).toEqual([
      ['conversation:update', 'ai'],
      delta(id, 0, 'Yes, we have'),
      delta(id, 12, ' Runner X.'),
      ['message', expect.objectContaining({ id, content: 'Yes, we have Runner X.' })],
    ]);

    // From an older cursor: the messages after it, the state, then the draft of a new reply.
    const next = randomUUID();
    await w.write(next, 0, 'Anything else?');
    const older = await stream(v.token, { 'last-event-id': `${Date.parse('2026-01-01T00:00:00Z')}.${question}` });
    await older.nth('message:delta', 1);
    expect(seen(older)).toEqual([
      ['message', expect.objectContaining({ id: question })],
      ['message', expect.objectContaining({ id })],
      ['conversation:update', 'ai'],
      delta(next, 0, 'Anything else?'),
    ]);
  });

  it('carries a retraction as message:retracted; a stream opened after it gets no draft', async () => {
    const v = await newVisitor(api, sql);
    const w = writer(v);
    const c = await opened(v);
    const id = randomUUID();
    await w.write(id, 0, 'Let me check');
    await w.retract(id);
    const retracted = await c.nth('message:retracted', 1);
    expect(retracted.id).toBeUndefined();
    expect(c.raw).toContain(`event: message:retracted\ndata: {"message_id":"${id}"}\n\n`);
    expect(seen(c)).toEqual([['conversation:update', 'ai'], delta(id, 0, 'Let me check'), ['message:retracted', { message_id: id }]]);
    const doc = (await call(api.origin, 'GET', '/api/widget/openapi.json')).body;
    const events = doc.paths['/api/widget/events'].get.responses['200'].content['text/event-stream']['x-events'];
    expect(schemaErrors(parsed(retracted), events['message:retracted'].data, doc)).toEqual([]);

    const later = await opened(v);
    // A marker: a draft written after the stream opened comes after anything its catch-up held.
    const marker = randomUUID();
    await w.write(marker, 0, 'marker');
    await later.nth('message:delta', 1);
    expect(seen(later)).toEqual([['conversation:update', 'ai'], delta(marker, 0, 'marker')]);
  });

  it("carries no delta of another conversation, live or in the catch-up", async () => {
    const v = await newVisitor(api, sql);
    const other = await newVisitor(api, sql);
    const theirs = writer(other);
    await theirs.write(randomUUID(), 0, 'Not yours (in the hash)');
    const c = await opened(v);
    await theirs.write(randomUUID(), 0, 'Not yours either');
    const marker = randomUUID();
    await writer(v).write(marker, 0, 'yours');
    await c.nth('message:delta', 1);
    expect(seen(c)).toEqual([['conversation:update', 'ai'], delta(marker, 0, 'yours')]);
  });

  it('sends no delta of a message the stream was sent as final: neither a late notice nor a draft left in the hash after its commit, recent or old', async () => {
    const v = await newVisitor(api, sql);
    const w = writer(v);
    const c = await opened(v);
    const id = randomUUID();
    await w.write(id, 0, 'Hello');
    await seedMessage(sql, v.caller, v.conversationId, { id, sender: 'ai', content: 'Hello there', createdAt: new Date() });
    await announceConversationChanges(api.services.redis, [v.conversationId]);
    await c.nth('message', 1);
    // The worker stopped between the commit and the HDEL; a notice of it arrives late.
    await w.publishOnly(id, 5, ' there');
    const marker = randomUUID();
    await w.write(marker, 0, 'marker');
    await c.nth('message:delta', 2);
    expect(seen(c)).toEqual([
      ['conversation:update', 'ai'], delta(id, 0, 'Hello'), ['message', expect.objectContaining({ id })], delta(marker, 0, 'marker'),
    ]);

    // A reconnect from before the reply: the final message, and of the drafts only the one not committed.
    await w.retract(marker);
    const before = `${Date.parse('2026-01-01T00:00:00Z')}.${randomUUID()}`;
    const again = await stream(v.token, { 'last-event-id': before });
    await again.nth('conversation:update', 1);
    const open2 = randomUUID();
    await w.write(open2, 0, 'still writing');
    await again.nth('message:delta', 1);
    expect(seen(again)).toEqual([['message', expect.objectContaining({ id })], ['conversation:update', 'ai'], delta(open2, 0, 'still writing')]);
    // (the hash still holds the committed reply's draft)
    expect(await api.services.redis.hget(`conversation-drafts:${v.conversationId}`, id)).toBe('Hello');

    // An old reply (outside the stream's catch-up window) whose draft lingers: no delta either.
    const old = randomUUID();
    await seedMessage(sql, v.caller, v.conversationId, { id: old, sender: 'ai', content: 'Long ago', createdAt: new Date('2026-01-01T00:00:00Z') });
    await w.write(old, 0, 'Long ago');
    const fresh = await opened(v);
    const marker2 = randomUUID();
    await w.write(marker2, 0, 'marker 2');
    await fresh.nth('message:delta', 2);
    expect(seen(fresh)).toEqual([['conversation:update', 'ai'], delta(open2, 0, 'still writing'), delta(marker2, 0, 'marker 2')]);
  });

  it('ignores notices that break the contract (not JSON, ids that are not ids, a bad offset) and keeps the stream', async () => {
    const v = await newVisitor(api, sql);
    const c = await opened(v);
    const channel = `${api.services.redis.options.keyPrefix}conversation-draft`;
    const id = randomUUID();
    for (const bad of [
      'not json', '[]', 'null',
      JSON.stringify({ conversation_id: v.conversationId, message_id: 'x', offset: 0, text: 'a' }),
      JSON.stringify({ conversation_id: v.conversationId, message_id: id, offset: -1, text: 'a' }),
      JSON.stringify({ conversation_id: v.conversationId, message_id: id, offset: 1.5, text: 'a' }),
      JSON.stringify({ conversation_id: v.conversationId, message_id: id, offset: 0 }),
      JSON.stringify({ conversation_id: v.conversationId, message_id: id, retracted: 'yes' }),
    ]) await api.services.redis.publish(channel, bad);
    const marker = randomUUID();
    await writer(v).write(marker, 0, 'a "quoted"\nline </script>');
    const got = await c.nth('message:delta', 1);
    expect(seen(c)).toEqual([['conversation:update', 'ai'], delta(marker, 0, 'a "quoted"\nline </script>')]);
    expect(got.data).not.toContain('\n');
    expect(c.ended).toBe(false);
  });
});
