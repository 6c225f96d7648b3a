import { createHash } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/em.js';
import { Webhook, WebhookDelivery } from '../../entities/webhook.js';
import { newId, UUID } from '../../ids.js';
import type { Cell } from '../../config.js';
import { deliveryHolds, type HoldReason } from './delivery-attempts.js';
import type { RecoveryCursor } from '../../../workflows/recovery-contract.js';

/** Why a replay was refused: nothing to replay, or the original is still on its way. */
export class ReplayRefused extends Error {
  constructor(readonly reason: 'not_found' | 'pending' | 'unconfirmed', message: string) {
    super(message);
  }
}

/**
 * Why a replay is asked about before it is made: the original is still on its way (its own
 * attempts running, or held), or a replay of its event already exists. Support confirms, or
 * bin/ctl takes --force: the subscriber may then get the event twice (same Svc-Event-Id).
 */
export type ReplayConcern =
  | { reason: 'retrying'; state: string; next_attempt_at: string | null }
  | { reason: 'held'; hold_reason: HoldReason }
  | { reason: 'replayed'; replay_ids: string[] };

export class ReplayNeedsConfirmation extends ReplayRefused {
  constructor(readonly deliveryId: string, readonly concerns: ReplayConcern[]) {
    super('unconfirmed', `delivery ${deliveryId}: ${concerns.map(concernText).join('; ')}; replay it anyway on purpose (bin/ctl: --force)`);
  }
}

/** One concern as a sentence for support. */
export function concernText(c: ReplayConcern): string {
  if (c.reason === 'held') return `it is held (${c.hold_reason}) and goes out by itself when the hold ends`;
  if (c.reason === 'retrying') return c.state === 'pending' ? 'it is still pending: its own attempts are running' : `it is still retrying (next attempt ${c.next_attempt_at})`;
  return `its event was already replayed (${c.replay_ids.join(', ')})`;
}

/** What speaks against replaying `original` now: still retrying or held, or already replayed later. */
export async function replayConcerns(em: Em, original: WebhookDelivery, cell: Cell, now: Date): Promise<ReplayConcern[]> {
  const concerns: ReplayConcern[] = [];
  const hold = (await deliveryHolds(em, [original.id], cell, now)).get(original.id);
  if (hold) concerns.push({ reason: 'held', hold_reason: hold });
  else if (original.state === 'pending' || (original.state === 'failed' && original.nextAttemptAt)) {
    concerns.push({ reason: 'retrying', state: original.state, next_attempt_at: original.nextAttemptAt?.toISOString() ?? null });
  }
  const later = await em.find(WebhookDelivery, {
    webhookId: original.webhookId, eventId: original.eventId, replayOf: { $ne: null }, id: { $ne: original.id }, createdAt: { $gte: original.createdAt },
  }, { orderBy: { createdAt: 'asc', id: 'asc' }, fields: ['id'] });
  if (later.length) concerns.push({ reason: 'replayed', replay_ids: later.map((d) => d.id) });
  return concerns;
}

const FLUSH_EVERY = 100;

/**
 * A new delivery of the same event to the same subscription (same Svc-Event-Id, so the
 * receiver can deduplicate). The relay starts its workflow: it is woken after the commit
 * and also sweeps for rows whose workflow has not started.
 */
function newReplay(em: Em, original: WebhookDelivery, now: Date, id = newId()): WebhookDelivery {
  return em.create(WebhookDelivery, {
    id,
    tenantId: original.tenantId,
    integrationId: original.integrationId,
    webhookId: original.webhookId,
    eventId: original.eventId,
    eventType: original.eventType,
    state: 'pending',
    attempt: 0,
    statusCode: null,
    durationMs: null,
    error: null,
    nextAttemptAt: null,
    deliveredAt: null,
    replayOf: original.id,
    workflowStartedAt: null,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * Replays one delivery. Without `ask` (the public API's redeliver): refused while the original
 * is still pending. With it (support, bin/ctl): any concern (replayConcerns) throws
 * ReplayNeedsConfirmation unless `ask.confirmed`, and then the replay is made whatever the state.
 */
export async function replayDelivery(em: Em, deliveryId: string, now: Date, ask?: { cell: Cell; confirmed: boolean }): Promise<WebhookDelivery> {
  const original = UUID.test(deliveryId) ? await em.findOne(WebhookDelivery, { id: deliveryId }) : null;
  if (!original) throw new ReplayRefused('not_found', `no delivery ${deliveryId}`);
  if (ask) {
    const concerns = ask.confirmed ? [] : await replayConcerns(em, original, ask.cell, now);
    if (concerns.length) throw new ReplayNeedsConfirmation(original.id, concerns);
  } else if (original.state === 'pending') {
    throw new ReplayRefused('pending', `delivery ${deliveryId} is still pending; replay it once it is delivered, failed or dead`);
  }
  const replay = newReplay(em, original, now);
  await em.flush();
  return replay;
}

export interface RecoveryRange {
  webhookId: string;
  /** Inclusive. */
  since: Date;
  /** Exclusive. */
  until: Date;
}

/** A delivery a recovery did not replay, and why: its event already has a replay, or it is itself a replay. */
export interface SkippedDelivery {
  id: string;
  event_id: string;
  reason: 'already_replayed' | 'is_a_replay';
}

export interface Recovery {
  replays: WebhookDelivery[];
  skipped: SkippedDelivery[];
}

/**
 * Replays every failed or dead original delivery (not itself a replay) of a subscription
 * created in [since, until), oldest first: each original event at most once, however often
 * the recovery runs. An original that already has a replay is skipped (its replay speaks for
 * it, whatever became of it: a replay that failed again is replayed only on purpose, with
 * `deliveries replay`), and so is a replay found in the range (a later run over a range that
 * takes in the replays of an earlier one would otherwise send them again). Both are reported.
 * The rows are locked, so two recoveries at once do not both replay them.
 */
export async function recoverDeliveries(em: Em, range: RecoveryRange, now: Date, progress?: (done: number, total: number) => void): Promise<Recovery> {
  const webhook = UUID.test(range.webhookId) ? await em.findOne(Webhook, { id: range.webhookId }) : null;
  if (!webhook) throw new ReplayRefused('not_found', `no webhook ${range.webhookId}`);
  const failed = await em.find(WebhookDelivery, {
    webhookId: webhook.id, state: { $in: ['failed', 'dead'] }, createdAt: { $gte: range.since, $lt: range.until },
  }, { orderBy: { createdAt: 'asc', id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE });
  const candidates = failed.filter((d) => d.replayOf == null);
  const replayed = new Set(candidates.length
    ? (await em.find(WebhookDelivery, { replayOf: { $in: candidates.map((d) => d.id) } })).map((r) => r.replayOf)
    : []);
  const skipped: SkippedDelivery[] = failed.filter((d) => d.replayOf != null || replayed.has(d.id))
    .map((d) => ({ id: d.id, event_id: d.eventId, reason: d.replayOf == null ? 'already_replayed' : 'is_a_replay' }));
  const originals = candidates.filter((d) => !replayed.has(d.id));
  const replays: WebhookDelivery[] = [];
  progress?.(0, originals.length);
  for (const original of originals) {
    replays.push(newReplay(em, original, now));
    if (replays.length % FLUSH_EVERY === 0) {
      await em.flush();
      progress?.(replays.length, originals.length);
    }
  }
  await em.flush();
  progress?.(replays.length, originals.length);
  return { replays, skipped };
}

export interface RecoveryPage {
  /** The replays this recovery made of the page's originals (also those made by an earlier try of the same page). */
  replays: string[];
  /** Replays made by this try (the rest were made by an earlier one that crashed before it answered). */
  made: string[];
  /** Deliveries of the page not replayed: their event already has a replay, or they are replays. */
  skipped: number;
  /** The cursor of the next page; null when this page was the last. */
  next: RecoveryCursor | null;
}

/**
 * The id of the replay a recovery makes of an original: the same for every try of a page, so a
 * page tried again after a crash finds its own replays instead of making them twice.
 */
export function recoveryReplayId(jobId: string, originalId: string): string {
  const h = createHash('sha256').update(`recovery:${jobId}:${originalId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((Number.parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** How many deliveries a recovery of the range would replay now: failed or dead originals without a replay. */
export async function countRecoverable(em: Em, range: RecoveryRange): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from webhook_deliveries d
      where d.webhook_id = ? and d.state in ('failed', 'dead') and d.created_at >= ? and d.created_at < ? and d.replay_of is null
        and not exists (select 1 from webhook_deliveries r where r.replay_of = d.id)`,
    [range.webhookId, range.since.toISOString(), range.until.toISOString()],
  );
  return row?.n ?? 0;
}

/**
 * One page of a recovery (the support console's recovery workflow): at most `limit` failed or
 * dead deliveries of the range after `after`, locked, oldest first; each original without a
 * replay is replayed under recoveryReplayId(jobId, …), the rules of recoverDeliveries otherwise.
 * Run it in a transaction: the page's replays commit together, and its retry is idempotent.
 */
export async function recoverPage(em: Em, range: RecoveryRange, jobId: string, after: RecoveryCursor | null, limit: number, now: Date): Promise<RecoveryPage> {
  const rows = await em.find(WebhookDelivery, {
    webhookId: range.webhookId, state: { $in: ['failed', 'dead'] }, createdAt: { $gte: range.since, $lt: range.until },
    ...(after ? { $or: [{ createdAt: { $gt: new Date(after.created_at) } }, { createdAt: new Date(after.created_at), id: { $gt: after.id } }] } : {}),
  }, { orderBy: { createdAt: 'asc', id: 'asc' }, limit, lockMode: LockMode.PESSIMISTIC_WRITE });
  const originals = rows.filter((d) => d.replayOf == null);
  const existing = originals.length ? await em.find(WebhookDelivery, { replayOf: { $in: originals.map((d) => d.id) } }, { fields: ['id', 'replayOf'] }) : [];
  const replays: string[] = [];
  const made: string[] = [];
  for (const original of originals) {
    const ours = recoveryReplayId(jobId, original.id);
    const earlier = existing.filter((r) => r.replayOf === original.id);
    if (earlier.some((r) => r.id === ours)) replays.push(ours);
    else if (!earlier.length) {
      newReplay(em, original, now, ours);
      replays.push(ours);
      made.push(ours);
    }
  }
  await em.flush();
  const last = rows.at(-1);
  return { replays, made, skipped: rows.length - replays.length, next: rows.length === limit && last ? { created_at: last.createdAt.toISOString(), id: last.id } : null };
}
