import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { WorkflowHandle } from '@temporalio/client';
import type pg from 'pg';
import { OperationsHarness } from '../harness/operations-harness.js';
import { sqlClient } from '../harness/database.js';
import { eventually } from '../harness/eventually.js';
import { taskQueueFor, taskQueueOf } from '../../src/temporal/task-queues.js';
import { operationWorkflowId } from '../../workflows/operation-contract.js';

/**
 * The worker's Workers poll a queue per kind of work, each with its own slots: with the batch
 * queue's one activity slot taken by a long batch activity (the delivery-log clean-up, held by
 * a table lock) and a second batch activity waiting for it, a customer's AI reply still runs
 * on the interactive queue and answers within its wait. A database of its own: the lock must
 * not stop other test files.
 */

let h: OperationsHarness;
let locker: pg.Client | undefined;
const retentions: WorkflowHandle[] = [];

beforeAll(async () => {
  h = await OperationsHarness.start({ freshDatabase: 'queues', env: { TEMPORAL_BATCH_MAX_ACTIVITIES: '1', TEMPORAL_BATCH_MAX_WORKFLOW_TASKS: '2' } });
}, 120_000);

afterAll(async () => {
  await locker?.query('rollback').catch(() => undefined);
  await locker?.end();
  for (const r of retentions) await r.terminate().catch(() => undefined);
  await h?.stop();
}, 60_000);

/** PendingActivityState of each workflow's one pending activity: 1 scheduled (waiting for a slot), 2 started. */
async function activityStates(handles: WorkflowHandle[]): Promise<(number | undefined)[]> {
  return Promise.all(handles.map(async (w) => {
    const state = (await w.describe()).raw.pendingActivities?.[0]?.state;
    return state === null || state === undefined ? undefined : Number(state);
  }));
}

describe('task queues by kind of work', () => {
  it('a batch queue whose only activity slot is taken does not delay an AI reply; each runs on its own queue', async () => {
    locker = await sqlClient(h.env.DATABASE_URL);
    await locker.query('begin');
    await locker.query('lock table webhook_deliveries in access exclusive mode');
    for (const name of ['a', 'b']) {
      retentions.push(await h.client.workflow.start('deliveryLogRetention', {
        workflowId: `retention-${name}-${h.run}`, taskQueue: taskQueueFor(h.taskQueue, 'deliveryLogRetention'), args: [30],
      }));
    }
    // One clean-up runs (held by the lock), the other waits for the batch queue's only slot.
    await eventually('one batch activity running and one waiting', async () => {
      const states = await activityStates(retentions);
      return [...states].sort().join() === '1,2' ? true : undefined;
    }, 30_000);
    for (const r of retentions) expect((await r.describe()).taskQueue).toBe(`${h.taskQueue}-batch`);

    const caller = await h.caller({ name: 'Queue Shop' });
    const conversationId = await h.conversation(caller);
    const began = Date.now();
    const res = await h.say(caller, conversationId, 'Hello!', { wait: 15 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ai_reply: { status: 'replied' }, operation: { status: 'succeeded' } });
    expect(Date.now() - began).toBeLessThan(10_000);
    const reply = await h.client.workflow.getHandle(operationWorkflowId(res.body.operation.id)).describe();
    expect(reply.taskQueue).toBe(taskQueueOf(h.taskQueue, 'interactive'));
    expect(reply.taskQueue).not.toBe(h.taskQueue);

    // The batch work is where it was: one activity held, the other still waiting for the slot.
    expect([...await activityStates(retentions)].sort()).toEqual([1, 2]);
    await locker.query('rollback');
    for (const r of retentions) expect(await r.result()).toEqual({ deleted: 0 });
  }, 90_000);
});
