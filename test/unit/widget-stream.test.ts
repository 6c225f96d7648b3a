import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { ConversationFollower, LATE_COMMIT_WINDOW_MS, type LiveEvent, type LiveSnapshot } from '../../src/widget/live-follower.js';
import { START, cursorOf, isAfter, parseCursor, sseEvent } from '../../src/widget/sse.js';
import type { Conversation, Message } from '../../src/entities/conversation.js';
import { EventStream, MAX_BUFFERED_BYTES } from '../../src/widget/stream-routes.js';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function msg(n: number, t: number): Message {
  return { id: uuid(n), createdAt: new Date(t), content: `m${n}` } as Message;
}

function conv(o: Partial<Conversation> & { updatedAt: Date }): Conversation {
  return { status: 'open', mode: 'ai', operatorName: null, ...o } as Conversation;
}

const snap = (messages: Message[], c: Conversation | null, fromMs = -Infinity): LiveSnapshot => ({ messages, conversation: c, fromMs });
const kinds = (events: LiveEvent[] | null) => events?.map((e) => (e.type === 'message' ? `message ${e.message.content} @${e.cursor}` : e.type === 'update' ? `update ${e.state}/${e.operator?.name ?? '-'}` : 'closed'));
const at = (m: Message) => cursorOf({ t: m.createdAt.getTime(), id: m.id });

describe('stream cursors', () => {
  it('round-trip, and anything else does not parse', () => {
    const p = { t: T0, id: uuid(7) };
    expect(parseCursor(cursorOf(p))).toEqual(p);
    expect(parseCursor(`${T0}.${uuid(7).toUpperCase()}`)).toEqual(p);
    for (const bad of ['', 'x', `${T0}`, `${T0}.`, `-1.${uuid(1)}`, `${T0}.${uuid(1)}x`, `1e3.${uuid(1)}`]) expect(parseCursor(bad)).toBeNull();
  });

  it('order by time, then id', () => {
    expect(isAfter({ t: 2, id: 'a' }, { t: 1, id: 'b' })).toBe(true);
    expect(isAfter({ t: 1, id: 'b' }, { t: 1, id: 'a' })).toBe(true);
    expect(isAfter({ t: 1, id: 'a' }, { t: 1, id: 'a' })).toBe(false);
    expect(isAfter({ t: 0, id: '' }, START)).toBe(true);
  });

  it('frame events on single lines, whatever the payload holds', () => {
    expect(sseEvent('message', JSON.stringify({ content: 'a\nevent: closed\r\n\ndata: x' }), '1.x')).toBe(
      'event: message\nid: 1.x\ndata: {"content":"a\\nevent: closed\\r\\n\\ndata: x"}\n\n');
    expect(sseEvent('closed', '{}')).toBe('event: closed\ndata: {}\n\n');
  });
});

describe('ConversationFollower', () => {
  const c1 = conv({ updatedAt: new Date(T0) });

  it('without a cursor: nothing of the past, the current state, then only what is new', () => {
    const f = new ConversationFollower(null);
    const m1 = msg(1, T0 - 5000);
    const m2 = msg(2, T0);
    expect(kinds(f.catchUp(snap([m1, m2], c1, T0 - LATE_COMMIT_WINDOW_MS)))).toEqual(['update ai/-']);
    const m3 = msg(3, T0 + 1000);
    expect(kinds(f.apply(snap([m1, m2, m3], c1, f.needsFrom())))).toEqual([`message m3 @${at(m3)}`]);
    expect(kinds(f.apply(snap([m1, m2, m3], c1, f.needsFrom())))).toEqual([]);
  });

  it('with a cursor: the messages after it, then the state (a closed conversation is no news: no `closed`)', () => {
    const m1 = msg(1, T0);
    const m2 = msg(2, T0 + 1);
    const m3 = msg(3, T0 + 2);
    const f = new ConversationFollower({ t: T0, id: m1.id });
    const closed = conv({ status: 'closed', mode: 'operator', operatorName: 'Anna', updatedAt: new Date(T0 + 3) });
    expect(kinds(f.catchUp(snap([m1, m2, m3], closed)))).toEqual([`message m2 @${at(m2)}`, `message m3 @${at(m3)}`, 'update operator/Anna']);
  });

  it('from the start: everything', () => {
    const f = new ConversationFollower(START);
    expect(f.needsFrom()).toBe(-Infinity);
    expect(kinds(f.catchUp(snap([msg(1, T0), msg(2, T0 + 1)], c1)))?.length).toBe(3);
    expect(f.needsFrom()).toBe(T0 + 1 - LATE_COMMIT_WINDOW_MS);
  });

  it('sends a late commit inside the window once, under the highest cursor; one before the window never', () => {
    const f = new ConversationFollower(null);
    f.catchUp(snap([], c1));
    const m5 = msg(5, T0);
    expect(kinds(f.apply(snap([m5], c1)))).toEqual([`message m5 @${at(m5)}`]);
    const late = msg(4, T0 - 3000);
    const tooLate = msg(3, T0 - LATE_COMMIT_WINDOW_MS - 1);
    expect(kinds(f.apply(snap([tooLate, late, m5], c1, T0 - LATE_COMMIT_WINDOW_MS - 1)))).toEqual([`message m4 @${at(m5)}`]);
    expect(kinds(f.apply(snap([late, m5], c1, f.needsFrom())))).toEqual([]);
  });

  it('asks for another read when a snapshot starts after what it needs', () => {
    const f = new ConversationFollower({ t: T0, id: uuid(1) });
    f.catchUp(snap([], c1, T0 - LATE_COMMIT_WINDOW_MS));
    expect(f.apply(snap([], c1, T0))).toBeNull();
    expect(f.apply(snap([], c1, T0 - LATE_COMMIT_WINDOW_MS))).toEqual([]);
  });

  it('sends an update only when state or operator changed, never moves back to an older state, and `closed` once', () => {
    const f = new ConversationFollower(null);
    f.catchUp(snap([], c1));
    expect(kinds(f.apply(snap([], conv({ updatedAt: new Date(T0 + 1) }))))).toEqual([]);
    expect(kinds(f.apply(snap([], conv({ status: 'handoff_pending', updatedAt: new Date(T0 + 2) }))))).toEqual(['update queued/-']);
    expect(kinds(f.apply(snap([], conv({ mode: 'operator', operatorName: 'Anna', updatedAt: new Date(T0 + 3) }))))).toEqual(['update operator/Anna']);
    expect(kinds(f.apply(snap([], conv({ updatedAt: new Date(T0 + 1) }))))).toEqual([]);
    expect(kinds(f.apply(snap([], conv({ mode: 'operator', operatorName: 'Ivan', updatedAt: new Date(T0 + 4) }))))).toEqual(['update operator/Ivan']);
    const closed = conv({ status: 'closed', mode: 'operator', operatorName: 'Ivan', updatedAt: new Date(T0 + 5) });
    expect(kinds(f.apply(snap([], closed)))).toEqual(['closed']);
    expect(kinds(f.apply(snap([], closed)))).toEqual([]);
    // A visitor writing again reopens it with the AI.
    expect(kinds(f.apply(snap([], conv({ updatedAt: new Date(T0 + 6) }))))).toEqual(['update ai/-']);
  });

  it('hands the followers of one snapshot that are level the same event objects (rendered once), one behind gets its own cursor', () => {
    const m1 = msg(1, T0);
    const level = [new ConversationFollower(null), new ConversationFollower(null)];
    for (const f of level) f.catchUp(snap([m1], c1));
    // This one has sent a later message already: the late m2 goes out under m3's cursor.
    const ahead = new ConversationFollower(null);
    ahead.catchUp(snap([m1], c1));
    const m3 = msg(3, T0 + 2000);
    ahead.apply(snap([m1, m3], c1, ahead.needsFrom()));
    const m2 = msg(2, T0 + 1000);
    const operator = conv({ mode: 'operator', operatorName: 'Anna', updatedAt: new Date(T0 + 3000) });
    const s = snap([m1, m2, m3], operator, T0 - LATE_COMMIT_WINDOW_MS);
    const [a, b] = level.map((f) => f.apply(s)!) as [LiveEvent[], LiveEvent[]];
    expect(kinds(a)).toEqual([`message m2 @${at(m2)}`, `message m3 @${at(m3)}`, 'update operator/Anna']);
    a.forEach((e, i) => expect(b[i]).toBe(e));
    const c = ahead.apply(s)!;
    expect(kinds(c)).toEqual([`message m2 @${at(m3)}`, 'update operator/Anna']);
    expect(c[0]).not.toBe(a[0]);
    expect(c[1]).toBe(a[2]);
  });
});

class FakeResponse extends EventEmitter {
  writableLength = 0;
  destroyed = false;
  ended = false;
  head?: { status: number; headers: Record<string, string> };
  readonly chunks: string[] = [];
  readonly socket = { setNoDelay: () => undefined };
  writeHead(status: number, headers: Record<string, string>) {
    this.head = { status, headers };
  }
  write(chunk: string | Buffer) {
    this.chunks.push(chunk.toString());
    return true;
  }
  destroy() {
    this.destroyed = true;
  }
  end() {
    this.ended = true;
  }
}

describe('EventStream', () => {
  const render = (e: LiveEvent) => Buffer.from(`${e.type}\n`);

  // The stream's timers run on jest's fake clock: the test moves time, no sleep decides anything.
  afterEach(() => {
    jest.useRealTimers();
  });

  it('writes the head and the retry line, then what it is given; pings on its heartbeat, and not after its end', () => {
    jest.useFakeTimers();
    const res = new FakeResponse();
    const s = new EventStream(res as unknown as ServerResponse, render);
    s.open(20, Date.now() + 60_000);
    expect(res.head).toEqual({ status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' } });
    s.events([{ type: 'closed' }]);
    jest.advanceTimersByTime(19);
    expect(res.chunks).toEqual(['retry: 2500\n\n', 'closed\n']);
    jest.advanceTimersByTime(21);
    expect(res.chunks).toEqual(['retry: 2500\n\n', 'closed\n', ': ping\n\n', ': ping\n\n']);
    s.end();
    expect(res.ended).toBe(true);
    expect(jest.getTimerCount()).toBe(0);
    jest.advanceTimersByTime(1000);
    expect(res.chunks).toHaveLength(4);
  });

  it('drops a reader whose buffers hold more than MAX_BUFFERED_BYTES instead of buffering more', () => {
    const res = new FakeResponse();
    const s = new EventStream(res as unknown as ServerResponse, render);
    s.open(60_000, Date.now() + 60_000);
    res.writableLength = MAX_BUFFERED_BYTES;
    s.events([{ type: 'closed' }]);
    expect(res.destroyed).toBe(false);
    res.writableLength = MAX_BUFFERED_BYTES + 1;
    s.events([{ type: 'closed' }]);
    expect(res.destroyed).toBe(true);
    expect(res.chunks).toEqual(['retry: 2500\n\n', 'closed\n']);
    s.cleanUp();
  });

  it('on a chunked response writes each frame to the socket as one ready HTTP chunk, the same bytes for every stream given the same event', () => {
    const shared: LiveEvent = { type: 'closed' };
    const frames = new Map<LiveEvent, Buffer>();
    const once = (e: LiveEvent) => frames.get(e) ?? frames.set(e, Buffer.from('event: closed\ndata: {}\n\n')).get(e)!;
    const written: Buffer[][] = [];
    const streams = [0, 1].map(() => {
      const res = new FakeResponse();
      const socketWrites: Buffer[] = [];
      written.push(socketWrites);
      Object.assign(res, { chunkedEncoding: true, socket: { setNoDelay: () => undefined, write: (b: Buffer) => socketWrites.push(b) } });
      const s = new EventStream(res as unknown as ServerResponse, once);
      s.open(60_000, Date.now() + 60_000);
      s.events([shared]);
      expect(res.chunks).toEqual(['retry: 2500\n\n']);
      return s;
    });
    expect(written[0]!.map(String)).toEqual(['18\r\nevent: closed\ndata: {}\n\n\r\n']);
    expect(written[1]![0]).toBe(written[0]![0]);
    for (const s of streams) s.cleanUp();
  });

  it('ends when the session expires', () => {
    jest.useFakeTimers();
    const res = new FakeResponse();
    const s = new EventStream(res as unknown as ServerResponse, render);
    s.open(60_000, Date.now() + 30);
    jest.advanceTimersByTime(29);
    expect(res.ended).toBe(false);
    jest.advanceTimersByTime(1);
    expect(res.ended).toBe(true);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('on a rotation notice: another session is ignored; its token now previous ends it at the grace end; an older token ends it at once; it ends once', () => {
    const rotation = (o: { sessionId?: string; previousHash?: string; previousValidUntil?: number }) => ({
      sessionId: 's1', conversationId: 'c1', previousHash: 'h1', previousValidUntil: Date.now() + 60_000, expiresAt: Date.now() + 120_000, ...o,
    });
    const res = new FakeResponse();
    let ended = 0;
    const s = new EventStream(res as unknown as ServerResponse, render, { sessionId: 's1', hash: 'h1' }, { ended: () => ended++ });
    s.open(60_000, Date.now() + 120_000);
    s.tokenRotated(rotation({ sessionId: 's2', previousHash: 'other' }));
    s.tokenRotated(rotation({}));
    expect(res.ended).toBe(false);
    // A grace end already past ends it now.
    s.tokenRotated(rotation({ previousValidUntil: Date.now() - 1 }));
    expect(res.ended).toBe(true);
    expect(ended).toBe(1);

    const older = new FakeResponse();
    const o = new EventStream(older as unknown as ServerResponse, render, { sessionId: 's1', hash: 'h0' }, { ended: () => ended++ });
    o.open(60_000, Date.now() + 120_000);
    o.tokenRotated(rotation({}));
    expect(older.ended).toBe(true);
    o.cleanUp();
    expect(ended).toBe(2);
  });

  it('ends when its heartbeat hook says the chat closed', async () => {
    const res = new FakeResponse();
    const s = new EventStream(res as unknown as ServerResponse, render, null, { heartbeat: async () => false });
    s.open(10, Date.now() + 60_000);
    await new Promise<void>((resolve) => {
      const check = () => (res.ended ? resolve() : setImmediate(check));
      check();
    });
    expect(res.chunks).toEqual(['retry: 2500\n\n', ': ping\n\n']);
  });
});
