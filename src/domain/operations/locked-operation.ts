import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/em.js';
import type { Services } from '../../services.js';
import { Operation } from '../../entities/operation.js';
import { announceOperationFinished } from './operation-waiter.js';
import { wakeRelay } from '../events/outbox-wakeup.js';
import { announceConversationChanges, takeConversationChanges } from '../conversations/live.js';

/**
 * Runs `change` on the operation, locked, in one transaction; when it changed something, then
 * tells the live streams of the conversations it changed, the requests waiting on it (`wait`)
 * and the outbox relay (its events). The lock serialises a result from the worker and a cancel
 * from the api: exactly one of them wins.
 */
export async function changeLockedOperation(s: Pick<Services, 'orm' | 'redis'>, operationId: string, change: (tx: Em, op: Operation) => Promise<boolean>): Promise<boolean> {
  let conversations: string[] = [];
  const changed = await s.orm.em.fork().transactional(async (tx) => {
    const result = await change(tx, await tx.findOneOrFail(Operation, { id: operationId }, { lockMode: LockMode.PESSIMISTIC_WRITE }));
    conversations = takeConversationChanges(tx);
    return result;
  });
  if (changed) {
    await announceConversationChanges(s.redis, conversations);
    await announceOperationFinished(s.redis, operationId);
    await wakeRelay(s.redis);
  }
  return changed;
}
