/**
 * The frame's live updates: the event stream, and polling every 2.5 s while the stream is
 * unavailable, trying the stream again now and then (soon after an open stream dropped, every
 * 30 s when it never opened). What arrives goes to the chat through LiveChat.
 */
import type { ConversationView, DraftDelta, DraftRetracted, PollAnswer, WidgetMessage } from './contract.js';
import { api, sessionGone } from './frame-http.js';

const POLL_MS = 2500;
const STREAM_OPEN_TIMEOUT_MS = 5000;
/** After a stream that was open drops: try again soon; one that never opened: now and then. */
const STREAM_QUICK_RETRY_MS = 2500;
const STREAM_RETRY_MS = 30_000;

export type Transport = 'none' | 'stream' | 'poll';

/** What the live updates read from the chat and hand to it. */
export interface LiveChat {
  /** The session token now (null: no conversation to follow). */
  token(): string | null;
  /** The stream cursor and created_at of the newest message seen. */
  newest(): { cursor: string | null; at: string | null };
  message(m: WidgetMessage, cursor?: string): void;
  /** A piece of an AI reply being written (the stream only). */
  delta(d: DraftDelta): void;
  /** That reply failed or was canceled. */
  retracted(messageId: string): void;
  /** The stream broke: its drafts hear no more (polling carries none). */
  streamLost(): void;
  view(v: ConversationView): void;
  notice(text: string | null): void;
  /** The operator closed the conversation. */
  closed(): void;
  /** The session is over (expired or rotated out). */
  sessionEnded(): void;
  transport(t: Transport): void;
}

function parse<T>(data: string): T | null {
  try {
    return JSON.parse(data) as T;
  } catch {
    return null;
  }
}

export class LiveUpdates {
  private transport: Transport = 'none';
  private source: EventSource | null = null;
  private openTimer: number | undefined;
  private retryTimer: number | undefined;
  private pollTimer: number | undefined;
  private polling = false;

  constructor(private readonly chat: LiveChat) {}

  /**
   * Whether a reply can come on the stream (it is open, or about to be tried): then a message
   * need not wait for its reply; while polling it does (polling carries no drafts).
   */
  get streams(): boolean {
    return this.transport !== 'poll';
  }

  /** The stream is open or polling runs: the conversation is followed already. */
  get following(): boolean {
    return this.source !== null || this.pollTimer !== undefined;
  }

  private setTransport(t: Transport): void {
    this.transport = t;
    this.chat.transport(t);
  }

  private closeStream(): void {
    clearTimeout(this.openTimer);
    this.source?.close();
    this.source = null;
  }

  connect(): void {
    clearTimeout(this.retryTimer);
    this.closeStream();
    const token = this.chat.token();
    if (!token) return;
    const query = new URLSearchParams({ st: token });
    const { cursor } = this.chat.newest();
    if (cursor) query.set('last_event_id', cursor);
    const es = new EventSource(`/api/widget/events?${query.toString()}`);
    this.source = es;
    let opened = false;
    this.openTimer = window.setTimeout(() => {
      if (this.source === es && !opened) this.streamFailed(false);
    }, STREAM_OPEN_TIMEOUT_MS);
    es.addEventListener('open', () => {
      if (this.source !== es) return;
      opened = true;
      clearTimeout(this.openTimer);
      this.stopPolling();
      this.setTransport('stream');
      this.chat.notice(null);
      // Nothing to catch up here: the stream starts with the current state and resends the
      // messages after last_event_id.
    });
    es.addEventListener('message', (e: MessageEvent<string>) => {
      const m = parse<WidgetMessage>(e.data);
      if (m?.id) this.chat.message(m, e.lastEventId);
    });
    es.addEventListener('message:delta', (e: MessageEvent<string>) => {
      const d = parse<DraftDelta>(e.data);
      if (d && typeof d.message_id === 'string' && Number.isInteger(d.offset) && d.offset >= 0 && typeof d.text === 'string') this.chat.delta(d);
    });
    es.addEventListener('message:retracted', (e: MessageEvent<string>) => {
      const r = parse<DraftRetracted>(e.data);
      if (r && typeof r.message_id === 'string') this.chat.retracted(r.message_id);
    });
    es.addEventListener('conversation:update', (e: MessageEvent<string>) => {
      const v = parse<ConversationView>(e.data);
      if (v?.state) this.chat.view(v);
    });
    es.addEventListener('closed', () => this.chat.closed());
    es.addEventListener('error', () => {
      if (this.source === es) this.streamFailed(opened);
    });
  }

  /** The stream broke or never opened: poll meanwhile and try the stream again later (with the newest token). */
  private streamFailed(wasOpen: boolean): void {
    this.closeStream();
    this.chat.streamLost();
    this.startPolling();
    clearTimeout(this.retryTimer);
    this.retryTimer = window.setTimeout(() => this.connect(), wasOpen ? STREAM_QUICK_RETRY_MS : STREAM_RETRY_MS);
  }

  private startPolling(): void {
    this.setTransport('poll');
    if (this.pollTimer !== undefined) return;
    this.pollTimer = window.setInterval(() => void this.pollOnce(), POLL_MS);
    void this.pollOnce();
  }

  private stopPolling(): void {
    clearInterval(this.pollTimer);
    this.pollTimer = undefined;
  }

  private async pollOnce(): Promise<void> {
    const st = this.chat.token();
    if (this.polling || !st) return;
    this.polling = true;
    try {
      const query = new URLSearchParams({ st, after: this.chat.newest().at ?? new Date(0).toISOString() });
      const answer = await api<PollAnswer>('GET', `/api/widget/poll?${query.toString()}`);
      for (const m of answer.new_messages) this.chat.message(m);
      this.chat.view(answer);
      if (this.transport === 'poll') this.chat.notice(null);
    } catch (err) {
      if (sessionGone(err) && st === this.chat.token()) this.chat.sessionEnded();
      else if (this.transport === 'poll') this.chat.notice('Connection problems; retrying…');
    } finally {
      this.polling = false;
    }
  }

  /** Stops following: no stream, no polling, no retry. */
  stop(): void {
    this.closeStream();
    this.stopPolling();
    clearTimeout(this.retryTimer);
    this.setTransport('none');
  }
}
