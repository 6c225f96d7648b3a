import type { Redis } from 'ioredis';
import type { KeyRefusal } from '../access/key-standing.js';

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

/**
 * The api's request log (docs/decisions.md, "A request log for support"): each request is one
 * Redis write that nothing waits for (a MULTI: the request under its id with an expiry of
 * REQUEST_LOG_HOURS, and its id at the head of its key's capped list), read by the support
 * console by request id or key id. The first request of an id is kept: a caller that sends
 * an X-Request-Id again does not overwrite what support reads.
 */
export class RequestLog {
  constructor(private readonly redis: Redis, private readonly hours: number) {}

  private get ttlSeconds(): number {
    return this.hours * 3600;
  }

  /** Writes one request in the background; a store that is down loses it (the api answers anyway). */
  record(r: LoggedRequest, onError: (err: Error) => void): void {
    if (!this.hours) return;
    const tx = this.redis.multi().set(requestKey(r.request_id), JSON.stringify(r), 'EX', this.ttlSeconds, 'NX');
    if (r.key_id) {
      const list = keyListKey(r.key_id);
      tx.lpush(list, r.request_id).ltrim(list, 0, REQUESTS_PER_KEY - 1).expire(list, this.ttlSeconds);
    }
    tx.exec().catch(onError);
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
