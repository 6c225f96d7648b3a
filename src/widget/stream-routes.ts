import type { ServerResponse } from 'node:http';
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../services.js';
import type { Following, LiveSink } from './live-hub.js';
import type { LiveEvent } from './live-follower.js';
import type { DraftEvent } from './live-drafts.js';
import { AttachmentSigner, presentWidgetMessage } from './presenters.js';
import { chatIsOpen, conversationOfSession, heldToken, requireOpenChat } from './sessions.js';
import { countingRejections, countRead, visitorAddress } from './rate-limits.js';
import { StreamSlots, type StreamSlot } from './stream-slots.js';
import type { TokenRotation } from './token-rotations.js';
import { tenantSiteOrigin } from '../domain/provisioning/primary-domain.js';
import { SSE_PING, START, parseCursor, sseEvent, sseRetry } from './sse.js';

/** What the stream tells clients to wait before reconnecting (the contract's first line). */
export const STREAM_RETRY_MS = 2500;

/**
 * A client whose socket does not take what is written (a stalled or hostile reader) is
 * dropped once this much waits in its buffers, instead of buffering without bound; it
 * reconnects with Last-Event-ID and misses nothing.
 */
export const MAX_BUFFERED_BYTES = 256 * 1024;

/**
 * A stream's slot lapses this long after its last heartbeat renewed it (so the slots of a
 * process that crashed free themselves): three heartbeats, at least 30 s.
 */
export const streamLeaseMs = (heartbeatMs: number): number => Math.max(3 * heartbeatMs, 30_000);

/** A heartbeat's bytes: one Buffer for every stream. */
const PING_FRAME = Buffer.from(SSE_PING);

const CRLF = Buffer.from('\r\n', 'latin1');

/** Each frame as one HTTP/1.1 chunk (`<hex length>CRLF<frame>CRLF`), made once per frame: a frame a fan-out shares is framed once for all its streams. */
const httpChunks = new WeakMap<Buffer, Buffer>();
function httpChunk(frame: Buffer): Buffer {
  let chunk = httpChunks.get(frame);
  if (chunk === undefined) httpChunks.set(frame, (chunk = Buffer.concat([Buffer.from(`${frame.length.toString(16)}\r\n`, 'latin1'), frame, CRLF])));
  return chunk;
}

/** setTimeout's ceiling (about 24.8 days); a stream lives at most that long. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What a stream keeps of its visitor: ids and its token's end, not the EntityManager and entities (it lives for hours). */
interface StreamVisitor {
  sessionId: string;
  conversationId: string;
  channelId: string;
  /** Hash of the token the stream was opened with, and when that token ends (ms). */
  tokenHash: string;
  tokenEndsAt: number;
  /** The tenant's site origin, against which card paths resolve (null: no primary domain). */
  site: string | null;
}

/**
 * The visitor behind a valid token (401 invalid_session otherwise, counted against the
 * address), while the chat is open (404 otherwise), with the tenant's site origin (card paths).
 */
async function visitorOf(services: Services, ctx: Context, token: string): Promise<StreamVisitor> {
  const em = services.orm.em.fork();
  const held = await countingRejections(services, visitorAddress(ctx, services), () => heldToken(em, token, services.config.widget, services.clock.now()));
  // Opening a stream counts as a read of the conversation (a reconnect loop is limited like polling).
  await countRead(services, held.session.id);
  await requireOpenChat(em, held.session.channelId);
  const conversation = await conversationOfSession(em, held.session);
  return {
    sessionId: held.session.id, conversationId: conversation.id, channelId: held.session.channelId, tokenHash: held.hash, tokenEndsAt: held.endsAt,
    site: await tenantSiteOrigin(em, conversation.tenantId),
  };
}

/**
 * Whether a channel's chat is still open, asked by every stream on every heartbeat: one read
 * per channel per half heartbeat in this process, however many streams it has.
 */
class OpenChats {
  private readonly known = new Map<string, { until: number; open: Promise<boolean> }>();

  constructor(private readonly services: Services, private readonly ttlMs: number) {}

  isOpen(channelId: string): Promise<boolean> {
    const now = Date.now();
    const hit = this.known.get(channelId);
    if (hit && hit.until > now) return hit.open;
    if (this.known.size > 10_000) for (const [id, k] of this.known) if (k.until <= now) this.known.delete(id);
    // A failed read keeps the stream (the next heartbeat asks again).
    const open = chatIsOpen(this.services.orm.em.fork(), channelId).catch(() => true);
    this.known.set(channelId, { until: now + this.ttlMs, open });
    return open;
  }
}

/** A draft's event: no id (not a resume point: a reconnect gets the draft whole in its catch-up). */
export function renderDraft(e: DraftEvent): string {
  return e.type === 'delta'
    ? sseEvent('message:delta', JSON.stringify({ message_id: e.messageId, offset: e.offset, text: e.text }))
    : sseEvent('message:retracted', JSON.stringify({ message_id: e.messageId }));
}

function single(v: string | string[] | undefined): string {
  return typeof v === 'string' ? v : '';
}

/** What a stream does besides writing: on every heartbeat, and once when it ends. */
export interface StreamHooks {
  /** After each ping; answers false when the stream must end (its chat closed). */
  heartbeat?(): Promise<boolean>;
  ended?(): void;
}

/**
 * One SSE response: writes frames, pings, drops a reader that does not keep up, ends once.
 * It ends when the token it was opened with ends: at the token's end as known when it opened,
 * sooner when a rotation notice says the token is now the previous one (at its grace end) or
 * older (at once).
 */
export class EventStream implements LiveSink {
  private ended = false;
  private opened = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private endTimer?: NodeJS.Timeout;
  /** The earliest end known (ms): a rotation only brings it closer. */
  private endsAt = Infinity;
  private cleaned = false;
  /**
   * Frames go to the socket as ready-made HTTP chunks (one socket write each) rather than
   * through res.write (which corks the socket, writes length, CRLF, frame and CRLF apart and
   * uncorks on the next tick): a fan-out's cost is its per-stream writes. Only once the
   * response's head went out with the first res.write and only when the response is chunked
   * (an HTTP/1.0 client is not: its frames go through res.write as they are).
   */
  private direct = false;
  following?: Following;

  constructor(
    private readonly res: ServerResponse,
    /** An event's frame; the same event object (shared by the streams of a fan-out) may get the same Buffer. */
    private readonly render: (event: LiveEvent) => Buffer,
    private readonly token: { sessionId: string; hash: string } | null = null,
    private readonly hooks: StreamHooks = {},
  ) {}

  open(heartbeatMs: number, endAt: number): void {
    this.res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    this.opened = true;
    if (this.ended) {
      // Ended (the hub closed) before it opened: an empty stream; the client comes back.
      this.res.end();
      return;
    }
    this.res.socket?.setNoDelay(true);
    if (!this.res.destroyed) this.res.write(sseRetry(STREAM_RETRY_MS));
    this.direct = this.res.chunkedEncoding === true && this.res.socket !== null;
    this.timers.push(setInterval(() => this.beat(), heartbeatMs));
    // The token ends (as known when the stream opened): end; a reconnect is checked again.
    this.endAt(endAt);
  }

  private beat(): void {
    this.write(PING_FRAME);
    this.hooks.heartbeat?.().then((open) => {
      if (!open) this.end();
    }, () => undefined);
  }

  /** (Re)schedules the end; an end already due ends now. */
  private endAt(at: number): void {
    if (this.ended) return;
    this.endsAt = Math.min(this.endsAt, at);
    clearTimeout(this.endTimer);
    const inMs = this.endsAt - Date.now();
    if (inMs <= 0) {
      this.end();
      return;
    }
    this.endTimer = setTimeout(() => this.end(), Math.min(inMs, MAX_TIMER_MS));
  }

  tokenRotated(r: TokenRotation): void {
    if (!this.token || r.sessionId !== this.token.sessionId) return;
    if (r.previousHash === this.token.hash) this.endAt(Math.min(r.previousValidUntil, r.expiresAt));
    else this.end();
  }

  events(events: LiveEvent[]): void {
    // One write per fan-out for this stream: usually one shared frame, rarely a message and an update together.
    this.write(events.length === 1 ? this.render(events[0]!) : Buffer.concat(events.map(this.render)));
  }

  private write(frame: Buffer): void {
    if (this.ended || this.res.destroyed) return;
    // Counts the socket's buffer too, so frames written to the socket directly are counted.
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.res.destroy();
      return;
    }
    const socket = this.res.socket;
    if (this.direct && socket) socket.write(httpChunk(frame));
    else this.res.write(frame);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.cleanUp();
    if (this.opened && !this.res.destroyed) this.res.end();
  }

  /** On the response's close (the client went away, or end()). */
  cleanUp(): void {
    this.ended = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.length = 0;
    clearTimeout(this.endTimer);
    this.endTimer = undefined;
    this.following?.stop();
    if (!this.cleaned) {
      this.cleaned = true;
      this.hooks.ended?.();
    }
  }
}

/**
 * GET /api/widget/events?st=TOKEN: the visitor's conversation as Server-Sent Events (spec 01,
 * Visitor chat routes; /tmp/widget-contract.md): `message` (a WidgetMessage, id = resume
 * cursor), `conversation:update` ({state, operator}), `closed`, `message:delta` and
 * `message:retracted` (the draft of an AI reply being written, without id); `: ping` every
 * WIDGET_HEARTBEAT_MS. Resumable: Last-Event-ID (or ?last_event_id=) sends the messages after
 * it first; without one only what comes from now on (the widget loads the history first).
 * Every stream starts with the current state. A token that is not valid: 401 invalid_session.
 *
 * The response is written to the socket directly (ctx.respond = false): Koa neither buffers
 * nor ends it. The handler returns when the stream ends, so the request is logged and
 * measured once, with its whole duration.
 */
export function registerStreamRoutes(router: Router, services: Services): void {
  const { config } = services;
  const signer = new AttachmentSigner(config.publicOrigin, config.widget.secret, config.widget.attachmentUrlTtlMs);
  // One fan-out hands the same event objects to every stream that is level with the
  // conversation (live-follower.ts SnapshotShare): render each once, as bytes, and write those
  // same bytes to every socket. An event is of one conversation, hence of one tenant: its
  // streams share the site origin, so the event alone keys its frame.
  const frames = new WeakMap<LiveEvent, Buffer>();
  const frame = (e: LiveEvent, site: string | null): string => {
    switch (e.type) {
      case 'message': return sseEvent('message', JSON.stringify(presentWidgetMessage(e.message, signer, services.clock.now(), site)), e.cursor);
      case 'update': return sseEvent('conversation:update', JSON.stringify({ state: e.state, operator: e.operator }));
      case 'closed': return sseEvent('closed', '{}');
      case 'delta': case 'retracted': return renderDraft(e);
    }
  };
  const render = (site: string | null) => (e: LiveEvent): Buffer => {
    let bytes = frames.get(e);
    if (bytes === undefined) frames.set(e, (bytes = Buffer.from(frame(e, site))));
    return bytes;
  };

  const openChats = new OpenChats(services, Math.max(1, Math.floor(config.widget.heartbeatMs / 2)));
  const slots = new StreamSlots(services.redis, {
    perSession: config.widget.streamsPerSession, perAddress: config.widget.streamsPerAddress, leaseMs: streamLeaseMs(config.widget.heartbeatMs),
  });
  const log = (ctx: Context) => ctx.state.log ?? services.log;

  router.get('/api/widget/events', async (ctx: Context) => {
    ctx.state.routeLabel = 'GET /api/widget/events';
    const visitor = await visitorOf(services, ctx, single(ctx.query.st));
    const resume = ctx.get('last-event-id') || single(ctx.query.last_event_id);
    const baseline = resume === '' ? null : parseCursor(resume) ?? START;
    const slot: StreamSlot = await slots.take(visitor.sessionId, visitorAddress(ctx, services));

    const res = ctx.res;
    const stream = new EventStream(res, render(visitor.site), { sessionId: visitor.sessionId, hash: visitor.tokenHash }, {
      heartbeat: async () => {
        slot.renew().catch((err: Error) => log(ctx).warn({ err: err.message }, 'widget stream slot renewal failed'));
        return openChats.isOpen(visitor.channelId);
      },
      ended: () => void slot.release().catch((err: Error) => log(ctx).warn({ err: err.message }, 'widget stream slot release failed')),
    });
    let gone = false;
    const closed = new Promise<void>((resolve) => res.once('close', () => {
      gone = true;
      stream.cleanUp();
      resolve();
    }));
    // Registered before the catch-up is read; refused (503) when the live subscription or the read fails.
    try {
      stream.following = await services.liveHub.follow(visitor.conversationId, baseline, stream);
    } catch (err) {
      stream.cleanUp();
      throw err;
    }
    ctx.status = 200;
    ctx.respond = false;
    if (gone) {
      // The client left while its catch-up was read.
      stream.cleanUp();
      return;
    }
    try {
      stream.open(config.widget.heartbeatMs, visitor.tokenEndsAt);
      stream.following.start();
    } catch (err) {
      log(ctx).warn({ err: (err as Error).message }, 'widget event stream failed');
      stream.end();
    }
    await closed;
  });
}
