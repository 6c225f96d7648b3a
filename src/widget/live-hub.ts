import type { Redis } from 'ioredis';
import { Gauge, Histogram, type Registry } from 'prom-client';
import type { Orm } from '../db/em.js';
import type { Logger } from '../logger.js';
import { Conversation, Message } from '../entities/conversation.js';
import { CONVERSATION_LIVE_CHANNEL } from '../domain/conversations/live.js';
import { channelName, subscriberConnection } from '../redis.js';
import { domainError } from '../errors/domain-error.js';
import type { Position } from './sse.js';
import { parseTokenRotation, type TokenRotation } from './token-rotations.js';
import { LiveDrafts, type DraftTexts } from './live-drafts.js';
import type { DraftNotice } from '../domain/conversations/drafts.js';
import { ConversationFollower, LATE_COMMIT_WINDOW_MS, type LiveEvent, type LiveSnapshot } from './live-follower.js';

/** Where a stream's events go. */
export interface LiveSink {
  events(events: LiveEvent[]): void;
  /** The hub is closing (the process stops): end the stream. */
  end(): void;
  /** A token of the conversation's session was rotated (the stream may hold one that ends). */
  tokenRotated?(rotation: TokenRotation): void;
}

/** A stream registered with the hub. */
export interface Following {
  /** Hands the catch-up to the sink, then live events as they come. */
  start(): void;
  /** Unregisters; safe to call more than once. */
  stop(): void;
}

interface Listener {
  follower: ConversationFollower;
  sink: LiveSink;
  /** Receives live snapshots (its catch-up went out). */
  ready: boolean;
  /** A notice came before it was ready: read again when it is. */
  missed: boolean;
  /** Draft notices heard before it was ready (live-drafts.ts). */
  heard: DraftNotice[];
}

const unavailable = () => domainError('service_unavailable', 'Live updates are unavailable right now; retry shortly (or poll).', {}, { retryAfterSeconds: 5 });

interface ReadRun {
  again: boolean;
  /** When the notice that started this read arrived (performance.now()). */
  since: number;
}

export interface LiveHubDeps {
  orm: Orm;
  redis: Redis;
  log: Logger;
  /** Where the hub's gauge is registered (one hub per registry). */
  registry?: Registry;
  /** How long a stream waits for the Redis subscription before it is refused (503). */
  subscribeTimeoutMs?: number;
  /** The token rotation notices' channel (tokenRotationChannel); none: streams hear of no rotation. */
  rotationChannel?: string;
}

/**
 * The live side of the visitor chat in one api process: one Redis subscription to
 * CONVERSATION_LIVE_CHANNEL, and the streams of this process by conversation. A notice for a
 * conversation with streams here makes ONE read (its messages from the oldest position any
 * of them needs, and its state), fanned out to every stream, each of which sends only what it
 * has not sent (its ConversationFollower, live-follower.ts). Notices arriving while a read of the same conversation runs are coalesced
 * into one more read after it. The same connection hears the drafts of AI replies being
 * written (live-drafts.ts: passed on without a read). The subscription is made on the first
 * stream, so processes that never stream never subscribe.
 */
export class LiveHub {
  private subscriber?: Redis;
  private subscribed?: Promise<void>;
  private readonly byConversation = new Map<string, Set<Listener>>();
  private readonly reads = new Map<string, ReadRun>();
  private closed = false;
  private connectedOnce = false;
  private count = 0;
  private fanOutSeconds?: Histogram;
  private readonly drafts: LiveDrafts;

  constructor(private readonly deps: LiveHubDeps) {
    this.drafts = new LiveDrafts(deps.redis, deps.orm);
    if (deps.registry) {
      const size = () => this.size;
      new Gauge({
        name: 'widget_streams_open', help: 'Visitor chat event streams open on this process', registers: [deps.registry],
        collect() { this.set(size()); },
      });
      this.fanOutSeconds = new Histogram({
        name: 'widget_live_fanout_seconds',
        help: 'From a live notice to the last stream written: the read of the conversation and the fan-out to its streams on this process',
        buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
        registers: [deps.registry],
      });
    }
  }

  /** Streams registered right now. */
  get size(): number {
    return this.count;
  }

  /** Conversations with streams right now. */
  get conversations(): number {
    return this.byConversation.size;
  }

  /**
   * Registers a stream of `conversationId` (after the subscription is in place), then reads
   * its catch-up: nothing announced from then on can slip between the read and the live
   * events. `baseline`: the client's resume position, or null for "from now on" (the widget
   * loaded the history first). Throws when the subscription or the read fails; the stream is
   * then not registered.
   */
  async follow(conversationId: string, baseline: Position | null, sink: LiveSink): Promise<Following> {
    if (this.closed) throw unavailable();
    await this.listen().catch((err: Error) => {
      this.deps.log.warn({ err: err.message }, 'widget live subscription unavailable');
      throw unavailable();
    });
    if (this.closed) throw unavailable();
    const listener: Listener = { follower: new ConversationFollower(baseline), sink, ready: false, missed: false, heard: [] };
    let set = this.byConversation.get(conversationId);
    if (!set) this.byConversation.set(conversationId, (set = new Set()));
    set.add(listener);
    this.count++;
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      const current = this.byConversation.get(conversationId);
      if (!current?.delete(listener)) return;
      this.count--;
      if (current.size === 0) this.byConversation.delete(conversationId);
    };
    let catchUp: LiveSnapshot;
    let drafts: DraftTexts;
    try {
      catchUp = baseline ? await this.read(conversationId, baseline.t === -Infinity ? -Infinity : baseline.t - LATE_COMMIT_WINDOW_MS) : await this.readLatest(conversationId);
      // After the messages: a reply committed meanwhile is in neither, or arrives as final later.
      drafts = await this.drafts.read(conversationId);
    } catch (err) {
      stop();
      throw err;
    }
    if (this.closed) throw unavailable();
    return {
      start: () => {
        if (stopped || listener.ready) return;
        const events: LiveEvent[] = listener.follower.catchUp(catchUp);
        events.push(...this.drafts.catchUp(drafts, listener));
        listener.ready = true;
        if (events.length) sink.events(events);
        if (listener.missed && !stopped) this.schedule(conversationId);
      },
      stop,
    };
  }

  private listen(): Promise<void> {
    if (!this.subscribed) {
      // Its connect and SUBSCRIBE are bounded by subscribeTimeoutMs below.
      const sub = (this.subscriber = subscriberConnection(this.deps.redis));
      sub.on('error', (err: Error) => this.deps.log.warn({ err: err.message }, 'widget live subscriber error'));
      sub.on('message', (channel: string, text: string) => {
        if (channel === this.drafts.channel) this.drafts.heard(text, (id) => this.byConversation.get(id), (l, events) => this.deliver(l as Listener, events));
        else if (channel === this.deps.rotationChannel) this.rotated(text);
        else if (this.byConversation.has(text)) this.schedule(text);
      });
      // After a reconnect notices may have been lost meanwhile: once subscribed again (ioredis
      // resubscribes by itself; this SUBSCRIBE goes on the same connection, its answer says the
      // subscription is back), read every followed conversation once.
      sub.on('ready', () => {
        if (!this.connectedOnce) {
          this.connectedOnce = true;
          return;
        }
        sub.subscribe(...this.channels()).then(() => {
          for (const id of this.byConversation.keys()) this.schedule(id);
        }, (err: Error) => this.deps.log.warn({ err: err.message }, 'widget live resubscribe failed'));
      });
      this.subscribed = sub.subscribe(...this.channels()).then(() => undefined, (err: Error) => {
        this.deps.log.warn({ err: err.message }, 'widget live subscribe failed');
        this.subscribed = undefined;
        sub.disconnect();
        throw err;
      });
    }
    const timeoutMs = this.deps.subscribeTimeoutMs ?? 3000;
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      this.subscribed,
      new Promise<never>((_resolve, reject) => { timer = setTimeout(() => reject(new Error(`no live subscription within ${timeoutMs} ms`)), timeoutMs); }),
    ]).finally(() => clearTimeout(timer));
  }

  private channels(): string[] {
    const live = channelName(this.deps.redis, CONVERSATION_LIVE_CHANNEL);
    return this.deps.rotationChannel ? [live, this.drafts.channel, this.deps.rotationChannel] : [live, this.drafts.channel];
  }

  /** A rotation notice goes to every stream of the session's conversation here (each checks its own token). */
  private rotated(text: string): void {
    const rotation = parseTokenRotation(text);
    if (!rotation) return;
    for (const l of this.byConversation.get(rotation.conversationId) ?? []) {
      try {
        l.sink.tokenRotated?.(rotation);
      } catch (err) {
        this.deps.log.warn({ err: (err as Error).message }, 'widget live sink failed');
      }
    }
  }

  /** One read for the conversation now, or one more after the running one. */
  private schedule(conversationId: string): void {
    if (this.closed) return;
    const running = this.reads.get(conversationId);
    if (running) {
      if (!running.again) running.since = performance.now();
      running.again = true;
      return;
    }
    const run: ReadRun = { again: true, since: performance.now() };
    this.reads.set(conversationId, run);
    void this.runReads(conversationId, run);
  }

  private async runReads(conversationId: string, run: ReadRun): Promise<void> {
    try {
      while (run.again && !this.closed) {
        run.again = false;
        const since = run.since;
        const listeners = this.byConversation.get(conversationId);
        if (!listeners) return;
        let from = Infinity;
        for (const l of listeners) {
          if (l.ready) from = Math.min(from, l.follower.needsFrom());
          else l.missed = true;
        }
        if (from === Infinity) continue;
        let snapshot: LiveSnapshot;
        try {
          snapshot = await this.read(conversationId, from);
        } catch (err) {
          // The next notice reads again; so does this retry, in case none comes.
          this.deps.log.warn({ err: (err as Error).message, conversation_id: conversationId }, 'widget live read failed');
          setTimeout(() => this.schedule(conversationId), 1000).unref();
          return;
        }
        for (const l of this.byConversation.get(conversationId) ?? []) {
          if (!l.ready) continue;
          const events = l.follower.apply(snapshot);
          if (events === null) {
            // This read started after what the stream needs (it became ready meanwhile): read again.
            if (!run.again) run.since = performance.now();
            run.again = true;
          } else if (events.length) this.deliver(l, events);
        }
        this.fanOutSeconds?.observe((performance.now() - since) / 1000);
      }
    } finally {
      this.reads.delete(conversationId);
    }
  }

  private deliver(l: Listener, events: LiveEvent[]): void {
    try {
      l.sink.events(events);
    } catch (err) {
      this.deps.log.warn({ err: (err as Error).message }, 'widget live sink failed');
    }
  }

  /** The conversation and its non-deleted messages with created_at >= fromMs, ascending (created_at, id). */
  private async read(conversationId: string, fromMs: number): Promise<LiveSnapshot> {
    const em = this.deps.orm.em.fork();
    const where = fromMs === -Infinity
      ? { conversationId, deletedAt: null }
      : { conversationId, deletedAt: null, createdAt: { $gte: new Date(fromMs) } };
    const messages = await em.find(Message, where, { orderBy: { createdAt: 'asc', id: 'asc' } });
    const conversation = await em.findOne(Conversation, { id: conversationId });
    return { conversation, messages, fromMs };
  }

  /** The catch-up of a stream without a resume position: the window behind the newest message. */
  private async readLatest(conversationId: string): Promise<LiveSnapshot> {
    const em = this.deps.orm.em.fork();
    const newest = await em.findOne(Message, { conversationId, deletedAt: null }, { orderBy: { createdAt: 'desc', id: 'desc' }, fields: ['createdAt'] });
    return this.read(conversationId, newest ? newest.createdAt.getTime() - LATE_COMMIT_WINDOW_MS : -Infinity);
  }

  /** Ends every stream and the subscription; later streams are refused. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    const sinks = [...this.byConversation.values()].flatMap((set) => [...set].map((l) => l.sink));
    this.byConversation.clear();
    this.count = 0;
    for (const sink of sinks) {
      try {
        sink.end();
      } catch {
        // the stream is gone already
      }
    }
    this.subscriber?.disconnect();
  }
}
