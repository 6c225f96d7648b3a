import { createHash } from 'node:crypto';
import type { Em } from '../db/em.js';
import { IdempotencyRecord } from '../entities/idempotency-record.js';
import { newId } from '../ids.js';
import { domainError } from '../errors/domain-error.js';
import type { HandlerResult } from './route.js';
import type { Disclosure } from '../domain/disclosures/disclosure-log.js';

export const IDEMPOTENCY_TTL_MS = 24 * 3600 * 1000;
const MAX_KEY_LENGTH = 255;

/** Reads and checks the Idempotency-Key header: absent -> null, malformed -> 400 bad_request. */
export function readIdempotencyKey(header: string | undefined): string | null {
  if (header === undefined) return null;
  if (header.length === 0 || header.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(header)) {
    throw domainError('bad_request', `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} visible ASCII characters.`);
  }
  return header;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The same request = same method, path and JSON body (key order ignored). */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method} ${path}\n${canonical(body)}`).digest('hex');
}

export type Replay = { kind: 'replay'; result: HandlerResult; disclosures: Disclosure[] } | { kind: 'fresh' };

/**
 * Inside the request's transaction: takes a transaction-scoped advisory lock on
 * (integration, key) so a parallel retry gets 409 operation_in_progress instead of a second
 * effect, then replays a stored answer or lets the handler run. The lock ends with the
 * transaction, so a crashed process leaves nothing stuck.
 */
export async function beginIdempotent(em: Em, integrationId: string, key: string, hash: string, now: Date): Promise<Replay> {
  const [lock] = await em.execute<{ locked: boolean }[]>(
    'select pg_try_advisory_xact_lock(hashtext(?), hashtext(?)) as locked', [integrationId, key],
  );
  if (!lock?.locked) {
    throw domainError('operation_in_progress', 'A request with this Idempotency-Key is still running; retry later.', {}, { retryAfterSeconds: 1 });
  }
  const record = await em.findOne(IdempotencyRecord, { integrationId, key });
  if (!record) return { kind: 'fresh' };
  if (record.expiresAt.getTime() <= now.getTime()) {
    await em.nativeDelete(IdempotencyRecord, { id: record.id });
    return { kind: 'fresh' };
  }
  if (record.requestHash !== hash) {
    throw domainError('idempotency_conflict', 'This Idempotency-Key was used with a different request; use a new key.');
  }
  return {
    kind: 'replay',
    // A stored 4xx is a Problem (a batch's partial 422): replayed with its media type.
    result: {
      status: record.responseStatus,
      body: record.responseBody ?? undefined,
      headers: { 'Idempotent-Replayed': 'true', ...(record.responseStatus >= 400 ? { 'Content-Type': 'application/problem+json' } : {}) },
    },
    disclosures: record.disclosures ?? [],
  };
}

/** Stores the answer in the same transaction as the effect it reports. */
export async function finishIdempotent(em: Em, integrationId: string, key: string, hash: string, result: HandlerResult, disclosures: Disclosure[], now: Date): Promise<void> {
  em.create(IdempotencyRecord, {
    id: newId(),
    integrationId,
    key,
    requestHash: hash,
    responseStatus: result.status,
    responseBody: (result.body ?? null) as never,
    disclosures: disclosures.length ? disclosures : null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
  });
  await em.flush();
}
