import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import { WorkerProcesses } from '../harness/worker-processes.js';
import { freePort } from '../harness/api-process.js';
import { eventually } from '../harness/eventually.js';
import { taskQueueOf } from '../../src/temporal/task-queues.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';

/**
 * What an operator sees of a worker process (docs/operating.md): the production build
 * (dist/src/worker.js) as a child process with WORKER_SDK_METRICS_PORT serves the Temporal
 * SDK's own Prometheus series there, and the SDK's log lines come out as the process's JSON
 * lines (pino) carrying the workflow's id and run id. A webhook delivery gives the worker real
 * workflow tasks; a workflow of a type the worker does not know gives it a failing one.
 */

let h: DeliveryHarness;
let sdkPort: number;
const workers = new WorkerProcesses(() => ({ ...h.env, WORKER_SDK_METRICS_PORT: String(sdkPort) }));
let worker: ChildProcess;
const lines: Record<string, unknown>[] = [];
/** The deliveries queue of the harness: the Worker whose series these tests read. */
const deliveries = () => taskQueueOf(h.taskQueue, 'deliveries');

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url, inProcess: false });
  sdkPort = await freePort();
  worker = await workers.start();
  let partial = '';
  worker.stdout!.on('data', (c: Buffer) => {
    const text = partial + c.toString();
    const complete = text.split('\n');
    partial = complete.pop() ?? '';
    for (const line of complete) if (line.startsWith('{')) lines.push(JSON.parse(line) as Record<string, unknown>);
  });
}, 120_000);

afterAll(async () => {
  await workers.stopAll();
  await h?.stop();
}, 60_000);

const scrape = async (): Promise<string> => {
  const res = await fetch(`http://127.0.0.1:${sdkPort}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
};

/** The value of the series `name` with every label in `labels` (the sum of all matching). */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  let total: number | undefined;
  for (const line of text.split('\n')) {
    const m = /^([a-z_:]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    if (!Object.entries(labels).every(([k, v]) => (m[2] ?? '').includes(`${k}="${v}"`))) continue;
    total = (total ?? 0) + Number(m[3]);
  }
  return total;
}

describe('a worker process with WORKER_SDK_METRICS_PORT', () => {
  it('serves the SDK series of its slots and sticky cache once a delivery ran', async () => {
    const caller = await h.caller({ name: 'Telemetry shop' });
    const path = `/telemetry-${randomUUID().slice(0, 8)}`;
    await h.subscribeSigned(caller, path, {});
    await h.raise(caller, { type: 'lead.created', ...EVENTS['lead.created']({ lead_id: randomUUID(), contact_id: null, conversation_id: null, version: 1 }) });
    await eventually('the delivery at the receiver', async () => (h.receiver.received(path).length > 0 ? true : undefined));

    const text = await eventually('the completed delivery workflow in the series', async () => {
      const t = await scrape();
      return valueOf(t, 'temporal_workflow_completed', { task_queue: deliveries() }) ? t : undefined;
    });
    // Free slots of every kind of the deliveries queue's Worker, and the sticky cache's size.
    for (const workerType of ['WorkflowWorker', 'ActivityWorker', 'LocalActivityWorker']) {
      expect(valueOf(text, 'temporal_worker_task_slots_available', { worker_type: workerType, task_queue: deliveries() })).toBeGreaterThan(0);
    }
    expect(valueOf(text, 'temporal_sticky_cache_size')).toBeDefined();
  });

  it('counts a failing workflow task with its schedule-to-start latency, and logs it through pino with the workflow id and run id', async () => {
    const workflowId = `telemetry-unknown-${randomUUID()}`;
    // Started by a plain client (not eagerly): the worker polls its first task, so the wait is measured.
    const handle = await h.client.workflow.start('noSuchWorkflow', { taskQueue: deliveries(), workflowId, args: [] });
    try {
      const text = await eventually('temporal_workflow_task_execution_failed', async () => {
        const t = await scrape();
        return (valueOf(t, 'temporal_workflow_task_execution_failed', { task_queue: deliveries() }) ?? 0) > 0 ? t : undefined;
      });
      expect(valueOf(text, 'temporal_workflow_task_schedule_to_start_latency_count', { task_queue: deliveries() })).toBeGreaterThan(0);
      const line = await eventually('a log line of the failing task', async () => lines.find((l) => l.workflow_id === workflowId));
      expect(line).toMatchObject({ component: 'temporal-sdk', service: 'public-api', workflow_id: workflowId, run_id: handle.firstExecutionRunId });
      expect(typeof line.msg).toBe('string');
    } finally {
      await handle.terminate('test ended').catch(() => undefined);
    }
  });
});
