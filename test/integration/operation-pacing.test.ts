import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperationsHarness } from '../harness/operations-harness.js';
import { WorkerProcesses } from '../harness/worker-processes.js';

/**
 * Operation starts under OPERATION_MAX_IN_FLIGHT (docs/decisions.md, "Operation pacing"): the
 * api starts a new operation's workflow only while fewer than the bound are started and not yet
 * begun; the others wait unstarted in PostgreSQL until the worker process's operation starter
 * has room. A database of its own: the worker's starter sees all of it. Bound 1 here.
 */

let h: OperationsHarness;
const workers = new WorkerProcesses(() => h.env);

beforeAll(async () => {
  h = await OperationsHarness.start({ worker: false, freshDatabase: 'ops_pacing', env: { OPERATION_MAX_IN_FLIGHT: '1', OPERATION_SWEEP_MS: '500' } });
}, 120_000);

afterAll(async () => {
  await workers.stopAll();
  await h?.stop();
}, 60_000);

describe('operation starts under the bound', () => {
  it('the api starts one while none is in flight, leaves the rest unstarted, and the worker starts them as room appears', async () => {
    const caller = await h.caller({ name: 'Pacing Shop' });
    const operations: string[] = [];
    // No worker runs yet: the first workflow stays started and not begun, holding the only place.
    for (const question of ['Hello?', 'Anyone there?', 'Do you sell laptops?']) {
      const res = await h.say(caller, await h.conversation(caller), question, { wait: 0 });
      expect(res.status).toBe(202);
      operations.push(res.body.operation.id);
    }
    const rows = await Promise.all(operations.map((id) => h.operationRow(id)));
    expect(rows.map((r) => [r.status, r.workflow_started_at !== null, r.start_claimed_until])).toEqual([
      ['queued', true, null],
      ['queued', false, null],
      ['queued', false, null],
    ]);

    await workers.start();
    for (const id of operations) {
      const row = await h.settled(id, 90_000);
      expect(row.status).toBe('succeeded');
      expect(row.workflow_started_at).toBeInstanceOf(Date);
      expect(await h.workflowClosed(id)).toBe('COMPLETED');
    }
    // Each later one was started only after the one before had begun (the bound of one).
    const settled = await Promise.all(operations.map((id) => h.operationRow(id)));
    for (let i = 1; i < settled.length; i++) {
      expect(settled[i].workflow_started_at.getTime()).toBeGreaterThanOrEqual(settled[i - 1].started_at.getTime());
    }
  }, 180_000);
});
