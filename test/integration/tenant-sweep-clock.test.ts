import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperationsHarness } from '../harness/operations-harness.js';
import { activitySchedules } from '../harness/workflow-history.js';
import { PinnedClock } from '../../src/clock.js';
import { taskQueueFor } from '../../src/temporal/task-queues.js';
import { TENANT_SWEEP_WORKFLOW_TYPE, type TenantSweepInput } from '../../workflows/tenant-sweep-contract.js';

/**
 * The tenant sweep's page activity (issue 40 item 3): it reads the time from the services'
 * clock, as every activity does, and its schedule carries a heartbeat time-out, so a page lost
 * with its worker is retried within seconds rather than after the page's 5 minutes.
 */

// A database of its own: the analytics sweep walks (and moves on) every tenant in it.
const clock = new PinnedClock(new Date('2026-11-24T10:00:00.000Z'));
let h: OperationsHarness;
beforeAll(async () => {
  h = await OperationsHarness.start({ clock, freshDatabase: 'tenant_sweep_clock' });
}, 120_000);
afterAll(() => h?.stop(), 60_000);

describe('an analytics sweep page', () => {
  it("moves an idle tenant's snapshot on to the day before the clock's now, and is scheduled with a heartbeat time-out", async () => {
    const idle = randomUUID();
    await h.db.query('insert into tenants (id, name, features) values ($1, $2, $3)', [idle, 'idle shop', []]);
    const workflowId = `tenant-sweep-clock-${randomUUID()}`;
    const input: TenantSweepInput = { kind: 'analytics', pageSize: 100, spreadMs: 0 };
    await h.client.workflow.execute(TENANT_SWEEP_WORKFLOW_TYPE, { workflowId, taskQueue: taskQueueFor(h.taskQueue, TENANT_SWEEP_WORKFLOW_TYPE), args: [input] });

    const { rows } = await h.db.query(`select watermark, to_char(complete_through, 'YYYY-MM-DD') as complete_through from analytics_snapshots where tenant_id = $1`, [idle]);
    // 10:00 UTC is 13:00 in Moscow (the test cell's zone): the last full day is the 23rd.
    expect(rows).toEqual([{ watermark: clock.now(), complete_through: '2026-11-23' }]);
    expect(await activitySchedules(h.client, workflowId, 'tenantSweepPage')).toEqual([{ heartbeatTimeoutMs: 30_000 }]);
  }, 120_000);
});
