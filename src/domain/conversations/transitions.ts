import type { ConversationMode } from '../../entities/conversation.js';
import { domainError } from '../../errors/domain-error.js';

/**
 * The status and mode moves of a conversation (spec 02 leaves them "not shown"; this is our
 * table, modelled on Intercom and Chatwoot). One pure function decides every move; the
 * routes, the AI workflow and the customer-message route all go through it.
 *
 * | move             | allowed from                      | status after          | mode after | operator_name        |
 * |------------------|-----------------------------------|-----------------------|------------|----------------------|
 * | takeover         | not closed, mode ai               | open                  | operator   | the name sent, or null |
 * | return_to_ai     | not closed, mode operator         | open                  | ai         | cleared              |
 * | operator_message | not closed (either mode)          | open                  | operator   | the name sent, else kept |
 * | close            | not closed (either mode)          | closed                | unchanged  | unchanged            |
 * | handoff (AI)     | not closed, mode ai               | handoff_pending       | ai         | unchanged            |
 * | customer_message | any                               | closed -> open, else unchanged | closed -> ai, else unchanged | closed -> cleared |
 *
 * Everything else is refused (invalid_state naming the current state). A handoff while
 * one is already pending changes nothing (no second event). Status values this table does
 * not know (the set may grow) count as "not closed".
 */
export type ConversationMove = 'takeover' | 'return_to_ai' | 'operator_message' | 'close' | 'handoff' | 'customer_message';

export interface ConversationState {
  status: string;
  mode: ConversationMode;
  operatorName: string | null;
}

export type MoveOutcome =
  | { allowed: true; next: ConversationState; changed: boolean }
  | { allowed: false; reason: string };

const refuse = (reason: string): MoveOutcome => ({ allowed: false, reason });

function to(from: ConversationState, next: Partial<ConversationState>): MoveOutcome {
  const state = { ...from, ...next };
  const changed = state.status !== from.status || state.mode !== from.mode || state.operatorName !== from.operatorName;
  return { allowed: true, next: state, changed };
}

/** What `move` does to a conversation in state `from`; pure. `operatorName` is the name sent, if any. */
export function nextState(from: ConversationState, move: ConversationMove, operatorName?: string | null): MoveOutcome {
  if (move === 'customer_message') {
    return from.status === 'closed' ? to(from, { status: 'open', mode: 'ai', operatorName: null }) : to(from, {});
  }
  if (from.status === 'closed') return refuse('The conversation is closed.');
  switch (move) {
    case 'takeover':
      return from.mode === 'operator' ? refuse('An operator already handles the conversation.') : to(from, { status: 'open', mode: 'operator', operatorName: operatorName ?? null });
    case 'return_to_ai':
      return from.mode === 'ai' ? refuse('The AI already handles the conversation.') : to(from, { status: 'open', mode: 'ai', operatorName: null });
    case 'operator_message':
      return to(from, { status: 'open', mode: 'operator', operatorName: operatorName ?? from.operatorName });
    case 'close':
      return to(from, { status: 'closed' });
    case 'handoff':
      return from.mode === 'operator' ? refuse('An operator already handles the conversation.') : to(from, { status: 'handoff_pending' });
  }
}

/** The part of a Conversation entity the moves read and write. */
export interface MovableConversation {
  status: string;
  mode: ConversationMode;
  operatorName?: string | null;
  updatedAt: Date;
}

/**
 * Applies a move to a (locked) conversation: the new state and updated_at when something
 * changed; invalid_state naming the current state when the move is not allowed.
 * Answers whether anything changed.
 */
export function applyMove(conversation: MovableConversation, move: ConversationMove, now: Date, operatorName?: string | null): boolean {
  const outcome = nextState({ status: conversation.status, mode: conversation.mode, operatorName: conversation.operatorName ?? null }, move, operatorName);
  if (!outcome.allowed) {
    throw domainError('invalid_state', `${outcome.reason} Its status is ${conversation.status}, its mode ${conversation.mode}.`);
  }
  if (!outcome.changed) return false;
  conversation.status = outcome.next.status;
  conversation.mode = outcome.next.mode;
  conversation.operatorName = outcome.next.operatorName;
  conversation.updatedAt = now;
  return true;
}

/**
 * For the customer-message route: a customer writing to a closed conversation reopens it
 * (status open, back to the AI, operator cleared). Other states stay as they are (the
 * message itself bumps updated_at). Answers whether it reopened.
 */
export function reopenForCustomer(conversation: MovableConversation, now: Date): boolean {
  return applyMove(conversation, 'customer_message', now);
}
