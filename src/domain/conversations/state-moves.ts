import type { Em } from '../../db/em.js';
import type { Attachment, Conversation, Message } from '../../entities/conversation.js';
import { EVENTS } from '../events/catalogue.js';
import { recordEvent } from '../events/outbox.js';
import { findVisibleConversation } from './conversations.js';
import { appendMessage } from './messages.js';
import { summarise, summaryInput } from './summary.js';
import { applyMove, type ConversationMove } from './transitions.js';
import { noteConversationChange } from './live.js';
import { contactEventFields, contactOf } from './contacts.js';


/** A move of the conversation, noted for the live stream when it changed something. */
function move(em: Em, conversation: Conversation, m: ConversationMove, now: Date, operatorName?: string | null): boolean {
  const changed = applyMove(conversation, m, now, operatorName);
  if (changed) noteConversationChange(em, conversation.id);
  return changed;
}

/**
 * The state moves of a conversation: each locks the row, asks the transitions table, bumps
 * updated_at and records its event in the caller's transaction.
 */

export interface ConversationRef {
  tenantId: string;
  conversationId: string;
}

const lock = (em: Em, ref: ConversationRef) => findVisibleConversation(em, ref.tenantId, ref.conversationId, { lock: true });

/** An operator takes the conversation from the AI: mode operator, status open. */
export async function takeOver(em: Em, ref: ConversationRef, operatorName: string | null, now: Date): Promise<Conversation> {
  const conversation = await lock(em, ref);
  move(em, conversation, 'takeover', now, operatorName);
  return conversation;
}

/** The operator hands the conversation back: mode ai, operator cleared, status open. */
export async function returnToAi(em: Em, ref: ConversationRef, now: Date): Promise<Conversation> {
  const conversation = await lock(em, ref);
  move(em, conversation, 'return_to_ai', now);
  return conversation;
}

export interface OperatorMessageInput {
  content: string | null;
  operatorName: string | null;
  attachments: Attachment[];
}

/**
 * An operator writes to the customer. Writing means handling: mode operator, status open.
 * The message names the operator sent, else the one who took the conversation over.
 */
export async function postOperatorMessage(em: Em, ref: ConversationRef, input: OperatorMessageInput, now: Date): Promise<Message> {
  const conversation = await lock(em, ref);
  move(em, conversation, 'operator_message', now, input.operatorName);
  return appendMessage(em, conversation, {
    sender: 'operator', content: input.content, attachments: input.attachments, operatorName: conversation.operatorName ?? null,
  }, now);
}

/** Closes the conversation, writes its summary and records conversation.summary_ready. */
export async function closeConversation(em: Em, ref: ConversationRef, now: Date): Promise<Conversation> {
  const conversation = await lock(em, ref);
  const input = await summaryInput(em, conversation, await contactOf(em, conversation));
  move(em, conversation, 'close', now);
  conversation.summary = summarise(input);
  recordEvent(em, {
    tenantId: conversation.tenantId,
    type: 'conversation.summary_ready',
    ...EVENTS['conversation.summary_ready']({ conversation_id: conversation.id }),
  }, now);
  return conversation;
}

/**
 * The AI asks for a human (called by the AI workflow): status handoff_pending, mode stays ai
 * until an operator takes over, and conversation.handoff_requested (with lead_id when the
 * conversation has a lead). Pass the row locked (findVisibleConversation with lock). A
 * handoff already pending changes nothing and records no second event: answers false.
 * Closed, or already with an operator: invalid_state.
 */
export async function requestHandoff(em: Em, conversation: Conversation, reason: string | null, now: Date): Promise<boolean> {
  if (!move(em, conversation, 'handoff', now)) return false;
  recordEvent(em, {
    tenantId: conversation.tenantId,
    type: 'conversation.handoff_requested',
    ...EVENTS['conversation.handoff_requested']({
      conversation_id: conversation.id, lead_id: conversation.leadId ?? null, reason, contact: contactEventFields(await contactOf(em, conversation)),
    }),
  }, now);
  return true;
}
