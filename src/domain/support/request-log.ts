import type { Redis } from 'ioredis';
import type { KeyRefusal } from '../access/key-standing.js';
import type { Logger } from '../../logger.js';

/** A request id as the api takes it from X-Request-Id, or makes one (`req_` and 24 letters or digits, src/ids.ts). */
export const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** One api request as the request log keeps it: no query string, no header, no body. */
export interface LoggedRequest {
  request_id: string;
  /** When it was received (ISO 8601). */
  at: string;
  method: string;
  /** The route's method and template (`GET /leads/{id}`, the metrics' label), or `unmatched`. */
  route: string;
  /** The path without its query string. */
  path: string;
  status: number;
  /** The Problem's code of an error answer, else null. */
  code: string | null;
  duration_ms: number;
  key_id: string | null;
  /** Why the key was refused (the api's own reason, never in the answer), else null. */
  key_refusal: KeyRefusal | null;
  integration_id: string | null;
  tenant_id: string | null;
}

/** The newest requests of one key the log keeps (the key page's list). */
export const REQUESTS_PER_KEY = 50;
/** Requests a process holds at most while Redis does not take them: the oldest are dropped beyond. */
const PENDING_LIMIT = 10_000;

/**
 * The api's request log (docs/decisions.md, "A request log for support"): each process holds
 * its requests and writes them in one pipeline every REQUEST_LOG_FLUSH_MS (and at close), so
 * no request waits for it or adds a round trip of its own. Each request is kept under its id
 * with an expiry of REQUEST_LOG_HOURS, and its id at the head of its key's capped list; the
 * support console reads them by request id or key id. The first request of an id is kept: a
 * caller that sends an X-Request-Id again does not overwrite what support reads.
 */
export class RequestLog {
  private pending: LoggedRequest[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly settings: { hours: number; flushMs: number },
    private readonly log: Logger,
  ) {}

  /** Holds one request for the next write; nothing waits. */
  record(r: LoggedRequest): void {
    if (!this.settings.hours) return;
    if (this.pending.length >= PENDING_LIMIT) this.pending.shift();
    this.pending.push(r);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.settings.flushMs);
      this.timer.unref();
    }
  }

  /** Writes what is held in one pipeline; a store that is down loses it (logged), the api answers anyway. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending.splice(0);
    if (!batch.length) return;
    const ttl = this.settings.hours * 3600;
    const pipeline = this.redis.pipeline();
    for (const r of batch) {
      pipeline.set(requestKey(r.request_id), JSON.stringify(r), 'EX', ttl, 'NX');
      if (r.key_id) {
        const list = keyListKey(r.key_id);
        pipeline.lpush(list, r.request_id).ltrim(list, 0, REQUESTS_PER_KEY - 1).expire(list, ttl);
      }
    }
    await pipeline.exec().catch((err: Error) => this.log.warn({ err: err.message, requests: batch.length }, 'request log not written'));
  }

  async find(requestId: string): Promise<LoggedRequest | null> {
    const text = await this.redis.get(requestKey(requestId));
    return text ? JSON.parse(text) as LoggedRequest : null;
  }

  /** A key's newest requests still kept, newest first. */
  async ofKey(keyId: string): Promise<LoggedRequest[]> {
    const ids = await this.redis.lrange(keyListKey(keyId), 0, REQUESTS_PER_KEY - 1);
    if (!ids.length) return [];
    const texts = await this.redis.mget(...ids.map(requestKey));
    return texts.flatMap((t) => (t ? [JSON.parse(t) as LoggedRequest] : []));
  }
}

const requestKey = (requestId: string) => `request-log:${requestId}`;
const keyListKey = (keyId: string) => `request-log:key:${keyId}`;
