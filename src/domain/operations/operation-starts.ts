import type { Client } from '@temporalio/client';
import type { Redis } from 'ioredis';
import type { Em } from '../../db/em.js';
import type { Services } from '../../services.js';
import { startOperationWorkflow, type OperationRef } from '../../temporal/operations.js';
import { anyUnstarted, claimOne, claimStarts, startClaimed, type StartableRows } from '../pacing/claims.js';
import { wakeLoop } from '../pacing/woken-loop.js';

interface OperationRow { id: string; tenant_id: string; integration_id: string | null; type: string }

/** Operations to start: queued without a workflow. In flight: started and not yet begun by a worker. */
const OPERATIONS: StartableRows = {
  table: 'operations',
  startable: `status = 'queued'`,
  inFlight: `status = 'queued'`,
  columns: ['id', 'tenant_id', 'integration_id', 'type'],
};

/** Up to the room under the bound of unstarted queued operations, tenants round-robin (claimStarts). */
export async function claimOperationStarts(em: Em, maxInFlight: number, now: Date): Promise<{ room: number; claimed: OperationRow[] }> {
  return claimStarts<OperationRow>(em, OPERATIONS, maxInFlight, now);
}

export function anyOperationUnstarted(em: Em): Promise<boolean> {
  return anyUnstarted(em, OPERATIONS);
}

/** Starts claimed operations' workflows (eagerly when the client is a worker's own) and settles the claims. */
export function startClaimedOperations(
  s: Pick<Services, 'clock' | 'log'>, em: Em, client: Client, taskQueue: string, claimed: readonly OperationRef[], eager: boolean,
): Promise<number> {
  return startClaimed(s, em, OPERATIONS, claimed, async (op) => {
    await startOperationWorkflow(client, taskQueue, op, eager);
  });
}

/**
 * After the commit of a new operation (the api's customer and visitor turns): starts its
 * workflow at once when the bound leaves room, else leaves it to the worker's operation
 * starter, woken now. A start that fails is given back to the starter the same way.
 */
export async function launchOperation(s: Pick<Services, 'orm' | 'redis' | 'temporal' | 'config' | 'clock' | 'log'>, op: OperationRef): Promise<void> {
  const em = s.orm.em.fork();
  if (await claimOne(em, OPERATIONS, op.id, s.config.operations.maxInFlight, s.clock.now())) {
    const started = await startClaimedOperations(s, em, await s.temporal.client(), s.temporal.taskQueue, [op], false);
    if (started) return;
  }
  await wakeOperationStarter(s.redis);
}

/** Redis channel on which an operation left unstarted (no room under the bound) wakes the worker's starter. */
export const OPERATION_CHANNEL = 'operations-waiting';

/** Best effort: the starter also sweeps every OPERATION_SWEEP_MS, so a lost nudge only delays. */
function wakeOperationStarter(redis: Redis): Promise<void> {
  return wakeLoop(redis, OPERATION_CHANNEL);
}

export function operationRef(row: OperationRow): OperationRef {
  return { id: row.id, tenantId: row.tenant_id, integrationId: row.integration_id, type: row.type };
}
