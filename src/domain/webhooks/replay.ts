import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import { Webhook, WebhookDelivery } from '../../entities/webhook.js';
import { newId } from '../../ids.js';

/** Why a replay was refused: nothing to replay, or the original is still on its way. */
export class ReplayRefused extends Error {
  constructor(readonly reason: 'not_found' | 'pending', message: string) {
    super(message);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FLUSH_EVERY = 100;

/**
 * A new delivery of the same event to the same subscription (same Svc-Event-Id, so the
 * receiver can deduplicate). The relay starts its workflow: it is woken after the commit
 * and also sweeps for rows whose workflow has not started.
 */
function newReplay(em: Em, original: WebhookDelivery, now: Date): WebhookDelivery {
  return em.create(WebhookDelivery, {
    id: newId(),
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

/** Replays one delivery; refused while the original is still pending (its own attempts are running). */
export async function replayDelivery(em: Em, deliveryId: string, now: Date): Promise<WebhookDelivery> {
  const original = UUID.test(deliveryId) ? await em.findOne(WebhookDelivery, { id: deliveryId }) : null;
  if (!original) throw new ReplayRefused('not_found', `no delivery ${deliveryId}`);
  if (original.state === 'pending') {
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
