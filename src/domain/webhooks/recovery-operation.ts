import { LockMode } from '@mikro-orm/core';
import type { Services } from '../../services.js';
import type { Em } from '../../db/em.js';
import { Operation } from '../../entities/operation.js';
import { invalidField, domainError } from '../../errors/domain-error.js';
import { createOperation, finishOperation, isFinished, type Outcome } from '../operations/operations.js';
import { changeLockedOperation } from '../operations/locked-operation.js';
import { beginOperation } from '../ai-reply/reply-writer.js';
import { cellMoney } from '../wallet/fx.js';
import { wakeRelay } from '../events/outbox-wakeup.js';
import { findSubscription } from './subscriptions.js';
import { countRecoverable, recoverPage, type RecoveryPage } from './replay.js';
import type { RecoveryCursor, RecoveryInput } from '../../../workflows/recovery-contract.js';

/**
 * An integrator's recovery by range (POST /webhooks/{id}/recover; docs/decisions.md, "Recovery
 * in the integrator's hands"): an operation `webhook.recovery` whose workflow runs the support
 * console's pages (recoverPage, workflows/recovery.ts), each counted into the operation's row.
 */
export const RECOVERY_OPERATION = 'webhook.recovery' as const;

/** What the operation's row keeps of its request (ids and instants only). */
interface RecoveryRequestInput {
  webhook_id: string;
  since: string;
  until: string;
}

export interface RecoveryRequest {
  since: Date;
  until?: Date;
}

type RecoveryServices = Pick<Services, 'orm' | 'redis' | 'clock' | 'config'>;

const DAY_MS = 86_400_000;

/**
 * The range a request asks for, by the rules: since no older than the delivery log
 * (WEBHOOK_LOG_RETENTION_DAYS), until later than since; until defaults to now, and a later
 * one is taken as now (what has not been sent cannot have failed). Bad ones are 422 at the field.
 */
function rangeOf(request: RecoveryRequest, retentionDays: number, now: Date): { since: Date; until: Date } {
  const oldest = new Date(now.getTime() - retentionDays * DAY_MS);
  if (request.since < oldest) {
    throw invalidField('/since', 'out_of_range', `since must be within the delivery log, kept ${retentionDays} days: not before ${oldest.toISOString()}.`);
  }
  const until = request.until && request.until < now ? request.until : now;
  if (until <= request.since) {
    throw request.until
      ? invalidField('/until', 'out_of_range', 'until must be later than since.')
      : invalidField('/since', 'out_of_range', 'since must be earlier than now.');
  }
  return { since: request.since, until };
}

/** A recovery of the subscription still queued or running whose range meets [since, until), if any. */
async function overlappingRecovery(em: Em, integrationId: string, webhookId: string, since: Date, until: Date): Promise<string | null> {
  const [row] = await em.execute<{ id: string }[]>(
    `select id from operations
      where integration_id = ? and type = ? and status in ('queued', 'running') and input->>'webhook_id' = ?
        and (input->>'since')::timestamptz < ?::timestamptz and ?::timestamptz < (input->>'until')::timestamptz
      order by created_at limit 1`,
    [integrationId, RECOVERY_OPERATION, webhookId, until.toISOString(), since.toISOString()],
  );
  return row?.id ?? null;
}

/**
 * Writes a recovery's operation, queued, with the count it starts from; its workflow is
 * launched after the commit. The subscription's row is locked first, so two requests at once
 * see each other: a recovery of an overlapping range still queued or running is 409
 * operation_in_progress naming it (`operation_id`).
 */
export async function requestRecovery(em: Em, s: RecoveryServices, who: { tenantId: string; integrationId: string }, webhookId: string, request: RecoveryRequest): Promise<Operation> {
  const webhook = await findSubscription(em, who.integrationId, webhookId, true);
  const now = s.clock.now();
  const { since, until } = rangeOf(request, s.config.webhooks.retentionDays, now);
  const running = await overlappingRecovery(em, who.integrationId, webhook.id, since, until);
  if (running) {
    throw domainError('operation_in_progress', `A recovery of an overlapping range of this subscription is still running (operation ${running}); follow it at GET /operations/${running}, or cancel it first.`, { operation_id: running });
  }
  const total = await countRecoverable(em, { webhookId: webhook.id, since, until });
  const input: RecoveryRequestInput = { webhook_id: webhook.id, since: since.toISOString(), until: until.toISOString() };
  const op = createOperation(em, {
    tenantId: who.tenantId, integrationId: who.integrationId, type: RECOVERY_OPERATION, input: { ...input },
    resource: { type: 'webhook', id: webhook.id }, costCeilingRub: '0', progress: { total, redelivered: 0, skipped: 0, page: null },
  }, now);
  await em.flush();
  return op;
}

/** queued -> running; the recovery's input for its pages, or null when it has already ended (canceled before it began). */
export async function beginRecoveryOperation(s: RecoveryServices, operationId: string): Promise<RecoveryInput | null> {
  if (!(await beginOperation(s, operationId))) return null;
  const op = await s.orm.em.fork().findOneOrFail(Operation, { id: operationId });
  const input = op.input as unknown as RecoveryRequestInput;
  return {
    jobId: op.id, operationId: op.id, operator: `integration ${op.integrationId}`, webhookId: input.webhook_id, tenantId: op.tenantId,
    since: input.since, until: input.until, total: op.progress?.total ?? 0, max: Number.MAX_SAFE_INTEGER, pageSize: s.config.webhooks.recoveryPageSize,
  };
}

const pageKey = (after: RecoveryCursor | null): string => (after ? `${after.created_at}/${after.id}` : 'start');

/**
 * One page of an integrator's recovery, in one transaction with its operation's row locked
 * first: nothing once the operation has ended (a cancel committed before the page: the page
 * answers as the last); else the page's replays (recoverPage) and its count into the row's
 * progress, counted once even when the page is tried again after it committed (the row keeps
 * the key of the page counted last).
 */
export async function recoverOperationPage(s: RecoveryServices, input: RecoveryInput, after: RecoveryCursor | null, limit: number): Promise<RecoveryPage> {
  const range = { webhookId: input.webhookId, since: new Date(input.since), until: new Date(input.until) };
  const page = await s.orm.em.fork().transactional(async (em) => {
    const op = await em.findOneOrFail(Operation, { id: input.operationId! }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (isFinished(op.status)) return { replays: [], made: [], skipped: 0, next: null };
    const result = await recoverPage(em, range, input.jobId, after, limit, s.clock.now());
    const progress = op.progress ?? { total: 0, redelivered: 0, skipped: 0, page: null };
    if (progress.page !== pageKey(after)) {
      op.progress = { ...progress, redelivered: progress.redelivered + result.replays.length, skipped: progress.skipped + result.skipped, page: pageKey(after) };
    }
    return result;
  });
  if (page.made.length) await wakeRelay(s.redis);
  return page;
}

/**
 * Ends a recovery's operation (the workflow's last step, the reconciler's end): succeeded,
 * canceled, or failed with internal_error saying how far it came; an operation already
 * finished stays as it is (false).
 */
export async function endRecovery(s: RecoveryServices, operationId: string, outcome: Outcome['status'] | Exclude<Outcome, { status: 'succeeded' }>): Promise<boolean> {
  return changeLockedOperation(s, operationId, async (tx, op) => {
    const status = typeof outcome === 'string' ? outcome : outcome.status;
    const redelivered = op.progress?.redelivered ?? 0;
    const ended: Outcome = status === 'succeeded' ? { status, usage: null } : status === 'canceled' ? { status } : {
      status: 'failed',
      error: { code: 'internal_error', message: `The recovery stopped before the end of its range, after ${redelivered} redeliveries; ask for the same range again: what was redelivered is skipped.` },
    };
    return finishOperation(tx, op, ended, await cellMoney(tx, s.config.cell), s.clock.now());
  });
}
