import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/orm.js';
import type { Services } from '../../services.js';
import { Operation } from '../../entities/operation.js';
import { announceOperationFinished } from './operation-waiter.js';
import { wakeRelay } from '../events/outbox-wakeup.js';

/**
 * Runs `change` on the operation, locked, in one transaction; when it changed something, then
 * tells the requests waiting on it (`wait`) and the outbox relay (its events). The lock
 * serialises a result from the worker and a cancel from the api: exactly one of them wins.
 */
export async function changeLockedOperation(s: Pick<Services, 'orm' | 'redis'>, operationId: string, change: (tx: Em, op: Operation) => Promise<boolean>): Promise<boolean> {
  const changed = await s.orm.em.fork().transactional(async (tx) =>
    change(tx, await tx.findOneOrFail(Operation, { id: operationId }, { lockMode: LockMode.PESSIMISTIC_WRITE })));
  if (changed) {
    await announceOperationFinished(s.redis, operationId);
    await wakeRelay(s.redis);
  }
  return changed;
}
