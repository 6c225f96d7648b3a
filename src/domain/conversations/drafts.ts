import { UUID } from '../../ids.js';

/**
 * Drafts of AI replies being written (issue 37; the shared contract in docs/decisions.md
 * "Streamed AI replies: the delta event"): while the model writes, the worker keeps the
 * reply's visible text so far in a Redis hash of the conversation (field = the reply's
 * message id, known before the message is written) and publishes each change on a channel;
 * the api processes that hold the conversation's streams pass it on as `message:delta`. A
 * draft is never stored in the database: the final message is, once, as before.
 */

/** The pub/sub channel (through channelName: channels do not get the key prefix by themselves). */
export const CONVERSATION_DRAFT_CHANNEL = 'conversation-draft';

/** The hash of a conversation's drafts (field = message id, value = the whole visible text so far); ioredis adds the key prefix. */
export const draftsKey = (conversationId: string): string => `conversation-drafts:${conversationId}`;

/** The hash's PEXPIRE, renewed on each write: drafts of a worker that died go away by themselves. */
export const DRAFT_TTL_MS = 10 * 60_000;

/** One notice on the channel. */
export type DraftNotice =
  /** The draft's visible text from UTF-16 index `offset` on is `text` (offset 0: the whole text so far). */
  | { conversationId: string; messageId: string; offset: number; text: string }
  /** The reply failed or was canceled: its draft is gone. */
  | { conversationId: string; messageId: string; retracted: true };

/** A message or conversation id as the contract writes it (a uuid, lowercased), else null. */
export function draftId(raw: unknown): string | null {
  return typeof raw === 'string' && UUID.test(raw) ? raw.toLowerCase() : null;
}

/** A notice as the contract writes it (`conversation_id`, `message_id`, then `offset`+`text` or `retracted: true`), else null. */
export function parseDraftNotice(raw: string): DraftNotice | null {
  let n: Record<string, unknown>;
  try {
    n = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof n !== 'object' || n === null) return null;
  const conversationId = draftId(n.conversation_id);
  const messageId = draftId(n.message_id);
  if (!conversationId || !messageId) return null;
  const ids = { conversationId, messageId };
  if (n.retracted === true) return { ...ids, retracted: true };
  const { offset, text } = n;
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0 || typeof text !== 'string') return null;
  return { ...ids, offset, text };
}
