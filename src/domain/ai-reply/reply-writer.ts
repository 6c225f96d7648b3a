import { Decimal } from 'decimal.js';
import { LockMode } from '@mikro-orm/core';
import type { Services } from '../../services.js';
import type { OperationStatus } from '../../entities/operation.js';
import { Conversation } from '../../entities/conversation.js';
import { finishOperation, isFinished, type Outcome } from '../operations/operations.js';
import { changeLockedOperation } from '../operations/locked-operation.js';
import { RowVanished } from '../operations/row-vanished.js';
import { appendMessage } from '../conversations/messages.js';
import { requestHandoff } from '../conversations/state-moves.js';
import { findCardsForMarkers } from '../cards/catalogue.js';
import { postToLedger } from '../wallet/ledger.js';
import { announceWalletChange } from '../wallet/wallet-cache.js';
import { cellMoney } from '../wallet/fx.js';
import type { ComposedReply } from '../../../workflows/operation-contract.js';
import type { AiReplyInput } from './reply-context.js';
import { cardCodes, withoutCardMarkers } from '../ai-seller/markers.js';
import type { Operation } from '../../entities/operation.js';
import { endDraft, type DraftTarget } from './reply-draft.js';

type WriterServices = Pick<Services, 'orm' | 'redis' | 'clock' | 'config'>;

/**
 * queued -> running in one statement (the row's lock is the update's own), answering whether
 * the operation is live (false: a sandbox's); null when it has already ended (canceled before
 * it began). A running operation (a retried step) stays running.
 */
export async function beginOperation(s: WriterServices, operationId: string): Promise<{ livemode: boolean } | null> {
  const [row] = await s.orm.em.fork().execute<{ status: OperationStatus; sandbox: boolean }[]>(
    `update operations o
        set status = case when o.status = 'queued' then 'running' else o.status end,
            started_at = case when o.status = 'queued' then ?::timestamptz else o.started_at end
       from tenants t
      where o.id = ? and t.id = o.tenant_id
  returning o.status, t.live_tenant_id is not null as sandbox`,
    [s.clock.now().toISOString(), operationId]);
  if (!row) throw new RowVanished(`Operation ${operationId} was not found.`);
  return isFinished(row.status) ? null : { livemode: !row.sandbox };
}

/** The live draft an AI reply operation may have: its conversation and the id its message gets. */
export function draftTargetOf(op: Pick<Operation, 'type' | 'input' | 'resourceId'>): DraftTarget | null {
  const conversationId = (op.input as Partial<AiReplyInput>).conversation_id;
  if (op.type !== 'conversation.ai_reply' || !op.resourceId || typeof conversationId !== 'string') return null;
  return { conversationId, messageId: op.resourceId };
}

type EndedDraft = { target: DraftTarget | null; readonly status: OperationStatus } | null;

/** The operation's draft and its status as the transaction leaves it (read after the commit). */
const endedDraft = (op: Operation): EndedDraft => ({ target: draftTargetOf(op), get status() { return op.status; } });

/**
 * After the operation's transaction: its draft goes with the message committed, and is
 * retracted when the operation failed or was canceled (by this step or before it).
 */
async function settleDraft(s: WriterServices, ended: EndedDraft): Promise<void> {
  if (!ended?.target || !isFinished(ended.status)) return;
  await endDraft(s.redis, ended.target, ended.status === 'succeeded' ? 'committed' : 'retracted');
}

/**
 * Ends an operation without a result (failed or canceled); nothing is charged. A website
 * visitor whose reply failed is not left waiting: the conversation goes to an operator. The
 * reply's draft, if the visitor saw one, is retracted.
 */
export async function endOperation(s: WriterServices, operationId: string, outcome: Exclude<Outcome, { status: 'succeeded' }>): Promise<boolean> {
  let ended: EndedDraft = null;
  const changed = await changeLockedOperation(s, operationId, async (tx, op) => {
    ended = endedDraft(op);
    const now = s.clock.now();
    if (!finishOperation(tx, op, outcome, await cellMoney(tx, s.config.cell), now)) return false;
    if (outcome.status === 'failed' && op.channelId) {
      const input = op.input as unknown as AiReplyInput;
      // A conversation gone meanwhile has no visitor left to hand over; the operation still ends.
      const conversation = await tx.findOne(Conversation, { id: input.conversation_id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (conversation?.mode === 'ai' && conversation.status !== 'closed') await requestHandoff(tx, conversation, 'ai_reply_failed', now);
    }
    return true;
  });
  await settleDraft(s, ended);
  return changed;
}

/**
 * The result of an AI reply, in one transaction: the AI message (with a copy of each active
 * ai_enabled card it names), a handoff when the seller asked for one, the charge (one ledger
 * entry keyed by the operation id: a second write is refused by the database, never billed
 * twice), and the operation succeeded with its usage. An operation canceled meanwhile is
 * left alone, and a conversation an operator took over meanwhile gets no AI message: the
 * operation fails with `operator_took_over` and nothing is charged.
 */
export async function writeAiReply(s: WriterServices, operationId: string, reply: ComposedReply): Promise<boolean> {
  let chargedTenant: string | null = null;
  let ended: EndedDraft = null;
  const written = await changeLockedOperation(s, operationId, async (tx, op) => {
    ended = endedDraft(op);
    if (isFinished(op.status)) return false;
    const now = s.clock.now();
    const money = await cellMoney(tx, s.config.cell);
    const input = op.input as unknown as AiReplyInput;
    const conversation = await tx.findOneOrFail(Conversation, { id: input.conversation_id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (conversation.mode === 'operator' || conversation.status === 'closed') {
      return finishOperation(tx, op, { status: 'failed', error: { code: 'operator_took_over', message: 'An operator took the conversation over (or closed it) before the reply was ready; nothing was charged.' } }, money, now);
    }
    const cards = await findCardsForMarkers(tx, op.tenantId, cardCodes(reply.content), s.config.cell, { conversation: conversation.language ?? null, text: withoutCardMarkers(reply.content) });
    await appendMessage(tx, conversation, { id: op.resourceId ?? undefined, sender: 'ai', content: withoutCardMarkers(reply.content) || null, cards }, now);
    if (reply.handoff) await requestHandoff(tx, conversation, 'ai_handoff', now);
    const cost = Decimal.min(new Decimal(reply.costRub), new Decimal(op.costCeilingRub)).toFixed(2);
    if (!finishOperation(tx, op, { status: 'succeeded', usage: { costRub: cost, model: reply.model } }, money, now)) return false;
    // The charge is the transaction's last write (postToLedger flushes the rest first), so the
    // tenant's wallet row is held only for the charge and the commit, and one tenant's replies
    // wait for each other as briefly as possible.
    await postToLedger(tx, { tenantId: op.tenantId, kind: 'charge', amountRub: new Decimal(cost).negated(), integrationId: op.integrationId, operationId: op.id, description: `AI reply (${reply.model})` }, now);
    chargedTenant = op.tenantId;
    return true;
  });
  if (chargedTenant) await announceWalletChange(s.redis, chargedTenant);
  await settleDraft(s, ended);
  return written;
}
