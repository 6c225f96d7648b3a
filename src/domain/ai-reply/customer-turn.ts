import type { Em } from '../../db/em.js';
import type { Services } from '../../services.js';
import type { WalletView } from '../wallet/wallet-reader.js';
import type { Attachment, Conversation, Message } from '../../entities/conversation.js';
import type { Operation } from '../../entities/operation.js';
import { domainError } from '../../errors/domain-error.js';
import { findVisibleConversation } from '../conversations/conversations.js';
import { reopenForCustomer } from '../conversations/transitions.js';
import { appendMessage } from '../conversations/messages.js';
import { requestHandoff } from '../conversations/state-moves.js';
import { createOperation } from '../operations/operations.js';
import { admitPaidOperation, type PaidRateCounter, type PaidRefusalReason, type Payer } from '../operations/paid-admission.js';
import { newId } from '../../ids.js';
import type { AiReplyInput } from './reply-context.js';
import { DEFAULT_COUNTRY, extractContactDetails } from '../contacts/contact-details.js';
import { learnCustomerDetails } from '../leads/customer-details.js';
import { noteProductNamed } from '../leads/product-named.js';

/**
 * Why the AI does not answer a customer message (ai_reply.status = skipped; no operation,
 * no charge): the payer may not invoke the AI seller, an operator handles the conversation,
 * or the conversation waits for an operator; for a website visitor also why the paid work
 * was refused (the conversation then goes to an operator).
 */
export type SkipReason = 'ai_not_permitted' | 'operator_mode' | 'handoff_pending' | Exclude<PaidRefusalReason, 'concurrency'>;

export function skipReason(conversation: Conversation, payer: Payer): SkipReason | null {
  if (!payer.aiAllowed) return 'ai_not_permitted';
  if (conversation.mode === 'operator') return 'operator_mode';
  if (conversation.status === 'handoff_pending') return 'handoff_pending';
  return null;
}

export interface CustomerTurn {
  conversation: Conversation;
  message: Message;
  /** null when skipped. */
  operation: Operation | null;
  skipped: SkipReason | null;
}

export interface TurnRequest {
  payer: Payer;
  wallet: WalletView;
  services: Services;
  rates: PaidRateCounter;
  /**
   * When the paid work is refused: `refuse` answers the refusal and writes nothing (the API);
   * `hand_off` keeps the message and hands the conversation to an operator, so a visitor is
   * never turned away for the tenant's wallet (the website chat). A tenant already running
   * its concurrent paid operations is rate_limited there (nothing written, the widget retries).
   */
  unpaid: 'refuse' | 'hand_off';
}

/**
 * One customer turn, in the request's transaction: the customer message (a closed
 * conversation reopens; an e-mail or phone in it, or a product the seller offered named in
 * it, opens the lead), and either a skip reason or an admitted, queued AI reply operation
 * whose result will be the message `operation.resource.id`. A refused turn leaves no trace.
 *
 * Where a refusal is answered (`refuse`), the admission comes last: everything else is
 * written first, so the tenant's admission lock is held only for the admission, the
 * operation's row and the commit (a refusal rolls the whole transaction back). Where a
 * refusal hands the conversation to an operator, the admission comes first, because it
 * decides what the message records (docs/decisions.md, "Admission last in the turn").
 */
export async function takeCustomerTurn(em: Em, r: TurnRequest, conversationId: string, content: { text: string | null; attachments: Attachment[] }): Promise<CustomerTurn> {
  const { payer } = r;
  const now = r.services.clock.now();
  const conversation = await findVisibleConversation(em, payer.tenantId, conversationId, { lock: true });
  reopenForCustomer(conversation, now);
  let skipped = skipReason(conversation, payer);
  let costCeilingRub: string | null = null;
  const admit = () => admitPaidOperation(em, { payer, wallet: r.wallet, services: r.services, rates: r.rates, costBounds: r.services.sellerFor(payer.livemode).costBounds() });
  if (!skipped && r.unpaid === 'hand_off') {
    const admission = await admit();
    if (admission.admitted) costCeilingRub = admission.costCeilingRub;
    else if (admission.reason === 'concurrency') throw domainError('rate_limited', 'The assistant is answering many visitors at once; retry in a few seconds.', {}, { retryAfterSeconds: 5 });
    else skipped = admission.reason;
  }
  const message = await appendMessage(em, conversation, {
    sender: 'customer',
    content: content.text,
    attachments: content.attachments,
    aiReply: skipped ? { status: 'skipped', reason: skipped } : { status: 'queued' },
  }, now);
  if (content.text) {
    const country = DEFAULT_COUNTRY[r.services.config.cell];
    await learnCustomerDetails(em, conversation, extractContactDetails(content.text, country), country, now);
    await noteProductNamed(em, conversation, content.text, now);
  }
  if (!skipped && r.unpaid === 'refuse') {
    await em.flush();
    const admission = await admit();
    if (!admission.admitted) throw admission.error;
    costCeilingRub = admission.costCeilingRub;
  }
  if (costCeilingRub === null) {
    // A visitor whose message the AI will not answer waits for an operator.
    if (r.unpaid === 'hand_off' && conversation.mode === 'ai') await requestHandoff(em, conversation, skipped, now);
    return { conversation, message, operation: null, skipped };
  }
  const input: AiReplyInput = { conversation_id: conversation.id, message_id: message.id };
  const operation = createOperation(em, {
    tenantId: payer.tenantId,
    integrationId: payer.integrationId,
    channelId: payer.channelId,
    type: 'conversation.ai_reply',
    input: { ...input },
    resource: { type: 'message', id: newId() },
    costCeilingRub,
  }, now);
  await em.flush();
  return { conversation, message, operation, skipped: null };
}
