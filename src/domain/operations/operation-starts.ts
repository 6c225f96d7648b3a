import type { Client } from '@temporalio/client';
import type { Em } from '../../db/orm.js';
import type { Services } from '../../services.js';
import { startOperationWorkflow, type OperationRef } from '../../temporal/operations.js';
import { CLAIM_MS, anyUnstarted, claimStarts, roomParams, roomSql, startClaimed, type StartableRows } from '../pacing/claims.js';
import { wakeOperationStarter } from './operation-wakeup.js';

interface OperationRow { id: string; tenant_id: string; integration_id: string | null; type: string }

/** Operations to start: queued without a workflow. In flight: started and not yet begun by a worker. */
const OPERATIONS: StartableRows = {
  table: 'operations',
  startable: `status = 'queued'`,
  inFlight: `status = 'queued'`,
  columns: ['id', 'tenant_id', 'integration_id', 'type'],
};

/** Claims one new operation when the bound leaves room; false when it does not (or another holds it). */
export async function claimOperationStart(em: Em, operationId: string, maxInFlight: number, now: Date): Promise<boolean> {
  const rows = await em.execute(
    `update operations set start_claimed_until = ?
      where id = ? and workflow_started_at is null and status = 'queued'
        and (start_claimed_until is null or start_claimed_until <= ?::timestamptz)
        and ${roomSql(OPERATIONS)} > 0
      returning id`,
    [new Date(now.getTime() + CLAIM_MS).toISOString(), operationId, now.toISOString(), ...roomParams(maxInFlight, now)],
  );
  return rows.length > 0;
}

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
  return startClaimed(s, em, OPERATIONS, claimed, (op) => startOperationWorkflow(client, taskQueue, op, eager));
}

/**
 * After the commit of a new operation (the api's customer and visitor turns): starts its
 * workflow at once when the bound leaves room, else leaves it to the worker's operation
 * starter, woken now. A start that fails is given back to the starter the same way.
 */
export async function launchOperation(s: Pick<Services, 'orm' | 'redis' | 'temporal' | 'config' | 'clock' | 'log'>, op: OperationRef): Promise<void> {
  const em = s.orm.em.fork();
  if (await claimOperationStart(em, op.id, s.config.operations.maxInFlight, s.clock.now())) {
    const started = await startClaimedOperations(s, em, await s.temporal.client(), s.temporal.taskQueue, [op], false);
    if (started) return;
  }
  await wakeOperationStarter(s.redis);
}

export function operationRef(row: OperationRow): OperationRef {
  return { id: row.id, tenantId: row.tenant_id, integrationId: row.integration_id, type: row.type };
}
