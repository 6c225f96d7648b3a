import type { ServerResponse } from 'node:http';
import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Services } from '../services.js';
import type { Message } from '../entities/conversation.js';
import type { Following, LiveEvent, LiveSink } from './live-hub.js';
import { AttachmentSigner, presentWidgetMessage } from './presenters.js';
import { conversationOfSession, sessionOfToken } from './sessions.js';
import { countRead } from './rate-limits.js';
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

/** setTimeout's ceiling (about 24.8 days); a stream lives at most that long. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The conversation behind a valid token (401 invalid_session otherwise), when its session
 * expires and the tenant's site origin (card paths). Only these survive the lookup: a stream lives for hours and must not keep its
 * EntityManager and entities alive.
 */
async function visitorOf(services: Services, token: string): Promise<{ conversationId: string; expiresAt: number; site: string | null }> {
  const em = services.orm.em.fork();
  const session = await sessionOfToken(em, token, services.config.widget, services.clock.now());
  const conversation = await conversationOfSession(em, session);
  // Opening a stream counts as a read of the conversation (a reconnect loop is limited like polling).
  await countRead(services, session.id);
  return { conversationId: conversation.id, expiresAt: session.expiresAt.getTime(), site: await tenantSiteOrigin(em, conversation.tenantId) };
}

function single(v: string | string[] | undefined): string {
  return typeof v === 'string' ? v : '';
}

/** One SSE response: writes frames, pings, drops a reader that does not keep up, ends once. */
export class EventStream implements LiveSink {
  private ended = false;
  private opened = false;
  private readonly timers: NodeJS.Timeout[] = [];
  following?: Following;

  constructor(private readonly res: ServerResponse, private readonly render: (events: LiveEvent[]) => string) {}

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
    this.write(sseRetry(STREAM_RETRY_MS));
    this.timers.push(setInterval(() => this.write(SSE_PING), heartbeatMs));
    // The session expires (as known when the stream opened): end; a reconnect is checked again.
    this.timers.push(setTimeout(() => this.end(), Math.max(0, Math.min(endAt - Date.now(), MAX_TIMER_MS))));
  }

  events(events: LiveEvent[]): void {
    this.write(this.render(events));
  }

  private write(chunk: string): void {
    if (this.ended || this.res.destroyed) return;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.res.destroy();
      return;
    }
    this.res.write(chunk);
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
    this.following?.stop();
  }
}

/**
 * GET /api/widget/events?st=TOKEN: the visitor's conversation as Server-Sent Events (spec 01,
 * Visitor chat routes; /tmp/widget-contract.md): `message` (a WidgetMessage, id = resume
 * cursor), `conversation:update` ({state, operator}), `closed`; `: ping` every
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
  // One fan-out hands the same Message objects to every stream: present each once.
  const presented = new WeakMap<Message, string>();
  // A message is of one tenant: its streams share the site origin.
  const data = (m: Message, site: string | null) => {
    let json = presented.get(m);
    if (json === undefined) presented.set(m, (json = JSON.stringify(presentWidgetMessage(m, signer, services.clock.now(), site))));
    return json;
  };
  const render = (site: string | null) => (events: LiveEvent[]) => events.map((e) => {
    switch (e.type) {
      case 'message': return sseEvent('message', data(e.message, site), e.cursor);
      case 'update': return sseEvent('conversation:update', JSON.stringify({ state: e.state, operator: e.operator }));
      case 'closed': return sseEvent('closed', '{}');
    }
  }).join('');

  router.get('/api/widget/events', async (ctx: Context) => {
    ctx.state.routeLabel = 'GET /api/widget/events';
    const visitor = await visitorOf(services, single(ctx.query.st));
    const resume = ctx.get('last-event-id') || single(ctx.query.last_event_id);
    const baseline = resume === '' ? null : parseCursor(resume) ?? START;

    const res = ctx.res;
    const stream = new EventStream(res, render(visitor.site));
    let gone = false;
    const closed = new Promise<void>((resolve) => res.once('close', () => {
      gone = true;
      stream.cleanUp();
      resolve();
    }));
    // Registered before the catch-up is read; refused (503) when the live subscription or the read fails.
    stream.following = await services.liveHub.follow(visitor.conversationId, baseline, stream);
    ctx.status = 200;
    ctx.respond = false;
    if (gone) {
      // The client left while its catch-up was read.
      stream.cleanUp();
      return;
    }
    try {
      stream.open(config.widget.heartbeatMs, visitor.expiresAt);
      stream.following.start();
    } catch (err) {
      (ctx.state.log ?? services.log).warn({ err: (err as Error).message }, 'widget event stream failed');
      stream.end();
    }
    await closed;
  });
}
