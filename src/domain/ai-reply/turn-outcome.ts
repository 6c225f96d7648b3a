import type { Services } from '../../services.js';
import { Operation } from '../../entities/operation.js';
import { Message } from '../../entities/conversation.js';
import { isFinished } from '../operations/operations.js';

/** Where a customer turn's AI reply stands: its operation, and the reply once it succeeded. */
export interface TurnOutcome {
  operation: Operation;
  reply: Message | null;
}

/**
 * Holds for up to `waitMs` until the operation has finished or is gone: woken by the
 * worker's announcement, or by its finished state read once; never a poll.
 */
export async function holdOnOperation(services: Services, operationId: string, waitMs: number): Promise<void> {
  await services.operationWaiter.until(operationId, waitMs, async () => {
    const op = await services.orm.em.fork().findOne(Operation, { id: operationId }, { fields: ['status'] });
    return !op || isFinished(op.status);
  });
}

/** A customer turn's AI reply after holding up to `waitMs` on its operation. */
export async function turnOutcome(services: Services, operationId: string, waitMs: number): Promise<TurnOutcome> {
  await holdOnOperation(services, operationId, waitMs);
  const read = services.orm.em.fork();
  const operation = await read.findOneOrFail(Operation, { id: operationId });
  const reply = operation.status === 'succeeded' ? await read.findOneOrFail(Message, { id: operation.resourceId! }) : null;
  return { operation, reply };
}
