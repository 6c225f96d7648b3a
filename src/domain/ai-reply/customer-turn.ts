import type { Context } from 'koa';
import type { Em } from '../../db/orm.js';
import type { Services } from '../../services.js';
import type { AuthContext } from '../../http/authenticate.js';
import type { WalletView } from '../wallet/wallet-reader.js';
import type { Attachment, Conversation, Message } from '../../entities/conversation.js';
import type { Operation } from '../../entities/operation.js';
import { findVisibleConversation } from '../conversations/conversations.js';
import { reopenForCustomer } from '../conversations/transitions.js';
import { appendMessage } from '../conversations/messages.js';
import { createOperation } from '../operations/operations.js';
import { admitPaidOperation } from '../operations/paid-admission.js';
import type { SellerModel } from '../ai-seller/seller-model.js';
import { newId } from '../../ids.js';
import type { AiReplyInput } from './reply-context.js';

/**
 * Why the AI does not answer a customer message (ai_reply.status = skipped; no operation,
 * no charge): the caller may not invoke the AI seller, an operator handles the
 * conversation, or the conversation waits for an operator.
 */
export type SkipReason = 'ai_not_permitted' | 'operator_mode' | 'handoff_pending';

export function skipReason(conversation: Conversation, auth: AuthContext): SkipReason | null {
  if (!auth.scopes.includes('ai_seller:invoke')) return 'ai_not_permitted';
  if (conversation.mode === 'operator') return 'operator_mode';
  if (conversation.status === 'handoff_pending') return 'handoff_pending';
  return null;
}

export interface CustomerTurn {
  message: Message;
  /** null when skipped. */
  operation: Operation | null;
  skipped: SkipReason | null;
}

export interface TurnRequest {
  auth: AuthContext;
  wallet: WalletView;
  services: Services;
  ctx: Context;
  model: SellerModel;
}

/**
 * One customer turn, in the request's transaction: the customer message (a closed
 * conversation reopens), and either a skip reason or an admitted, queued AI reply operation
 * whose result will be the message `operation.resource.id`. Paid checks come before
 * anything is written, so a refused turn leaves no trace.
 */
export async function takeCustomerTurn(em: Em, r: TurnRequest, conversationId: string, content: { text: string | null; attachments: Attachment[] }): Promise<CustomerTurn> {
  const now = r.services.clock.now();
  const conversation = await findVisibleConversation(em, r.auth.tenant.id, conversationId, { lock: true });
  reopenForCustomer(conversation, now);
  const skipped = skipReason(conversation, r.auth);
  const costCeilingRub = skipped ? null : await admitPaidOperation(em, { auth: r.auth, wallet: r.wallet, services: r.services, ctx: r.ctx, costBounds: r.model.costBounds() });
  const message = appendMessage(em, conversation, {
    sender: 'customer',
    content: content.text,
    attachments: content.attachments,
    aiReply: skipped ? { status: 'skipped', reason: skipped } : { status: 'queued' },
  }, now);
  if (costCeilingRub === null) return { message, operation: null, skipped };
  const input: AiReplyInput = { conversation_id: conversation.id, message_id: message.id };
  const operation = createOperation(em, {
    tenantId: r.auth.tenant.id,
    integrationId: r.auth.integration.id,
    type: 'conversation.ai_reply',
    input: { ...input },
    resource: { type: 'message', id: newId() },
    costCeilingRub,
  }, now);
  await em.flush();
  return { message, operation, skipped: null };
}
