import http from 'node:http';
import type pg from 'pg';
import type { TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { seedConversation, type SeedConversation } from './conversations-fixtures.js';
import { openSession } from '../../src/widget/sessions.js';

/**
 * Shared by the widget-stream*.test.ts files: a visitor (website channel, conversation,
 * widget session) written straight into the database, and a Server-Sent Events client on
 * node:http that keeps every frame with its arrival time.
 */

export interface Visitor {
  caller: Caller;
  conversationId: string;
  channelId: string;
  sessionId: string;
  token: string;
}

/** A website-channel conversation of `caller`'s tenant (a new tenant by default) and a session on it. */
export async function newVisitor(api: TestApi, sql: pg.Client, o: SeedConversation & { caller?: Caller } = {}): Promise<Visitor> {
  const caller = o.caller ?? await newCaller(api.services);
  const seeded = await seedConversation(sql, caller, { contact: null, ...o, channelType: 'website' });
  const { rows } = await sql.query<{ channel_id: string }>('select channel_id from conversations where id = $1', [seeded.id]);
  const channelId = rows[0]!.channel_id;
  const em = api.services.orm.em.fork();
  const { session, token } = openSession(em, { tenantId: caller.tenantId, channelId, conversationId: seeded.id, consentVersion: null }, api.services.config.widget, new Date());
  await em.flush();
  return { caller, conversationId: seeded.id, channelId, sessionId: session.id, token };
}

export interface SseEvent {
  event: string;
  id?: string;
  data: string;
  at: number;
}

/** One event stream as a browser's EventSource would parse it (without reconnecting). */
export class SseClient {
  readonly events: SseEvent[] = [];
  readonly comments: { text: string; at: number }[] = [];
  retry?: number;
  /** Everything received, as text. */
  raw = '';
  ended = false;
  private buffer = '';
  private pending: { event: string; id?: string; data: string[] } = { event: '', data: [] };
  private readonly waiters = new Set<() => void>();

  private constructor(readonly req: http.ClientRequest, readonly res: http.IncomingMessage) {
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      this.raw += chunk;
      this.feed(chunk);
      this.wake();
    });
    const end = () => {
      this.ended = true;
      this.wake();
    };
    res.on('end', end);
    res.on('close', end);
    res.on('error', end);
  }

  /** Resolves with the open stream once its headers arrived (any status: check `status`). */
  static open(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
    return new Promise((resolve, reject) => {
      const req = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false }, (res) => resolve(new SseClient(req, res)));
      req.on('error', reject);
    });
  }

  get status(): number {
    return this.res.statusCode ?? 0;
  }

  header(name: string): string | undefined {
    const v = this.res.headers[name.toLowerCase()];
    return Array.isArray(v) ? v.join(', ') : v;
  }

  /** The whole body of a non-stream answer (a Problem), parsed. */
  async json(): Promise<any> {
    await this.until('the end of the answer', () => (this.ended ? true : undefined), 5000);
    return JSON.parse(this.raw);
  }

  /** Events of a type, in arrival order. */
  named(event: string): SseEvent[] {
    return this.events.filter((e) => e.event === event);
  }

  /** Waits for the n-th (1-based) event of a type. */
  nth(event: string, n: number, timeoutMs = 10_000): Promise<SseEvent> {
    return this.until(`event ${event} #${n}`, () => this.named(event)[n - 1], timeoutMs);
  }

  /** Resolves with probe's value once it is not undefined; rejects at the deadline. */
  until<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const v = probe();
        if (v === undefined) return false;
        cleanup();
        resolve(v);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; received: ${this.raw.slice(-2000)}`));
      }, timeoutMs);
      const waiter = () => void check();
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(waiter);
      };
      if (!check()) this.waiters.add(waiter);
    });
  }

  close(): void {
    this.req.destroy();
  }

  private wake(): void {
    for (const w of [...this.waiters]) w();
  }

  private feed(chunk: string): void {
    this.buffer += chunk;
    const lines = this.buffer.split(/\r\n|\r|\n/);
    this.buffer = lines.pop()!;
    for (const line of lines) {
      if (line === '') {
        if (this.pending.data.length) {
          this.events.push({ event: this.pending.event || 'message', ...(this.pending.id !== undefined ? { id: this.pending.id } : {}), data: this.pending.data.join('\n'), at: performance.now() });
        }
        this.pending = { event: '', data: [] };
        continue;
      }
      if (line.startsWith(':')) {
        this.comments.push({ text: line.slice(1).trim(), at: performance.now() });
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') this.pending.event = value;
      else if (field === 'data') this.pending.data.push(value);
      else if (field === 'id') this.pending.id = value;
      else if (field === 'retry' && /^\d+$/.test(value)) this.retry = Number(value);
    }
  }
}

export const eventsUrl = (api: TestApi, token: string, query = '') => `${api.origin}/api/widget/events?st=${encodeURIComponent(token)}${query}`;

/** The cursor of a message as the stream writes it. */
export const cursorOfMessage = (m: { id: string; created_at: string }) => `${Date.parse(m.created_at)}.${m.id}`;
