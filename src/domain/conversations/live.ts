import type { Redis } from 'ioredis';
import { channelName } from '../../redis.js';
import type { Em } from '../../db/em.js';

/**
 * Live notices of conversations (the visitor chat's stream): whatever changes a conversation
 * (a message, a status or mode move) notes it on the transaction's EntityManager; whoever
 * commits that transaction announces the noted conversations on Redis after the commit, and
 * every api process's stream hub reads what is new. A notice carries only the id: the
 * database stays the one source, so a lost notice costs a delay (the next one, or the
 * client's reconnect), never a wrong message.
 */
export const CONVERSATION_LIVE_CHANNEL = 'conversation-live';

const noted = new WeakMap<Em, Set<string>>();

export function noteConversationChange(em: Em, conversationId: string): void {
  let set = noted.get(em);
  if (!set) noted.set(em, (set = new Set()));
  set.add(conversationId);
}

/** The conversations noted on this EntityManager, forgotten as they are taken. */
export function takeConversationChanges(em: Em): string[] {
  const set = noted.get(em);
  noted.delete(em);
  return set ? [...set] : [];
}

/** Call after the commit. */
export async function announceConversationChanges(redis: Redis, conversationIds: readonly string[]): Promise<void> {
  for (const id of conversationIds) await redis.publish(channelName(redis, CONVERSATION_LIVE_CHANNEL), id);
}
