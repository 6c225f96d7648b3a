import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { temporal } from '@temporalio/proto';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import { DIST, InProcessWorker } from '../harness/in-process-worker.js';
import { answers } from '../harness/receiver.js';
import { eventually } from '../harness/eventually.js';
import { runsOf } from '../harness/workflow-history.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';
import { signalRecheck, startDeliveryWorkflow } from '../../src/temporal/deliveries.js';
import { changedBundle } from '../harness/changed-bundle.js';
import { buildIdOf } from '../../src/temporal/worker-versioning.js';
import { deliveryWorkflowId } from '../../workflows/delivery-contract.js';

/**
 * A delivery held for a month outlives several deploys. Each deploy here stops the worker and
 * starts one on changed workflow code, changed the way docs/operating.md ("Deploying a
 * workflow change") says: behind a patch, for a delivery runs AUTO_UPGRADE. Each new bundle is
 * a new version of the worker deployment, made current; the held run moves to it at its next
 * task, the new worker replays its history (its cache is empty) and carries on; the held
 * delivery neither fails a workflow task nor sends.
 * The hold's backstop is ~300 ms instead of an hour (the dev server has no time
 * skipping); the run continues as new every 100 looks as in production.
 */
let h: DeliveryHarness;
let worker: InProcessWorker;

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url, inProcess: false });
  worker = new InProcessWorker(h.services);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await h?.stop();
}, 60_000);

/**
 * The workflow bundle of deploy `n`: the build's workflows with one more patched branch per
 * deploy in the delivery's hold loop (a short sleep after each look: a new command, which
 * replay of an older history would refuse without its patch).
 */
const deployBundle = (n: number): Promise<string> => changedBundle(DIST, `${process.pid}-${n}`, [{
  file: 'delivery.js', anchor: 'holdCycles += 1;', imports: "import { patched as deployPatched } from '@temporalio/workflow';",
  insert: Array.from({ length: n }, (_, i) => `if (deployPatched('${patchOf(i + 1)}')) await sleep(${i + 1});`).join(' '),
}]);

const patchOf = (n: number) => `test-deploy-${n}`;

type Event = temporal.api.history.v1.IHistoryEvent;

/** Every event of every run of the workflow since `firstRunId`. */
async function eventsOf(workflowId: string, firstRunId: string): Promise<Event[]> {
  const events: Event[] = [];
  for (const run of await runsOf(h.client, workflowId, firstRunId)) {
    events.push(...((await h.client.workflow.getHandle(workflowId, run.runId).fetchHistory()).events ?? []));
  }
  return events;
}

/** The ids of the patch markers among these events. */
const patchesIn = (events: Event[]): string[] => events
  .filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_patch')
  .map((e) => JSON.parse(Buffer.from(e.markerRecordedEventAttributes!.details!['patch-data']!.payloads![0]!.data!).toString()).id as string);

describe('a held delivery across three deploys of changed workflow code', () => {
  it('stays held through each (no workflow task fails on replay), and is delivered once released', async () => {
    const bundles: string[] = [];
    for (const n of [1, 2, 3]) bundles.push(await deployBundle(n));
    await worker.start(); // the build's bundle: the code the delivery starts on

    const caller = await h.caller({ name: 'deploys' });
    const path = `/deploys-${randomUUID().slice(0, 8)}`;
    const sub = await h.subscribe(caller, { url: h.receiver.route(path, answers.ok()), status: 'paused' });
    const deliveryId = await h.existingDelivery({ id: sub.id, caller }, {
      type: 'lead.created', ...EVENTS['lead.created']({ lead_id: randomUUID(), contact_id: null, conversation_id: null, version: 1 }),
    }, 'none');
    const { retrySchedule, retryAfterMaxMs, timeoutMs } = h.services.config.webhooks;
    await startDeliveryWorkflow(h.client, h.taskQueue, {
      id: deliveryId, tenantId: caller.tenantId, integrationId: caller.integrationId, webhookId: sub.id, eventType: 'lead.created',
    }, { retrySchedule, retryAfterMaxMs, timeoutMs, holdRecheckMs: 300, holdBackstopMs: 300 });
    const workflowId = deliveryWorkflowId(deliveryId);
    const { runId: firstRunId } = await h.client.workflow.getHandle(workflowId).describe();
    await eventually('the delivery to be held', async () => ((await h.visibleState(deliveryId).catch(() => undefined)) === 'held' ? true : undefined));
    // Each code makes two looks before the next deploy, so the next one replays a whole cycle of it.
    const twoLooks = (what: string, patch?: string) => eventually(what, async () => {
      const events = await eventsOf(workflowId, firstRunId);
      const from = patch === undefined ? 0 : events.findIndex((e) => patchesIn([e])[0] === patch);
      const looks = from < 0 ? 0 : events.slice(from).filter((e) => e.markerRecordedEventAttributes?.markerName === 'core_local_activity').length;
      return looks >= 2 ? true : undefined;
    }, 60_000);
    await twoLooks('two looks on the build\'s code');

    for (const [i, bundle] of bundles.entries()) {
      await worker.stop();
      await worker.start(bundle);
      // The new code runs: its newest branch's patch is marked, and two looks follow it.
      await twoLooks(`two looks on deploy ${i + 1}'s code`, patchOf(i + 1));
      expect(await h.visibleState(deliveryId)).toBe('held');
      expect((await h.client.workflow.getHandle(workflowId).describe()).raw.workflowExecutionInfo?.versioningInfo?.deploymentVersion?.buildId).toBe(buildIdOf(bundle));
    }

    const events = await eventsOf(workflowId, firstRunId);
    expect(events.filter((e) => e.workflowTaskFailedEventAttributes)).toEqual([]);
    // The deploys' patches, beside the build's own (every-hold-signalled).
    expect(new Set(patchesIn(events).filter((p) => p.startsWith('test-deploy-')))).toEqual(new Set([patchOf(1), patchOf(2), patchOf(3)]));
    expect(h.receiver.received(path)).toHaveLength(0);

    await h.db.query("update webhooks set status = 'active', updated_at = now() where id = $1", [sub.id]);
    await signalRecheck(h.client, deliveryId);
    expect(await h.client.workflow.getHandle(workflowId).result()).toEqual({ state: 'delivered', attempts: 1 });
    expect(h.receiver.received(path)).toHaveLength(1);
    expect((await eventsOf(workflowId, firstRunId)).filter((e) => e.workflowTaskFailedEventAttributes)).toEqual([]);
  }, 420_000);
});
