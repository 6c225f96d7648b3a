import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import { OperationsHarness } from '../harness/operations-harness.js';
import { ChatCompletionsServer } from '../harness/chat-completions-server.js';
import { DIST, InProcessWorker, WORKFLOW_BUNDLE } from '../harness/in-process-worker.js';
import { AI_REPLY_WAITS_FIRST, changedBundle } from '../harness/changed-bundle.js';
import { eventually } from '../harness/eventually.js';
import { buildIdOf, routingOf, setCurrentVersion, setRampingVersion, setupVersion } from '../../src/temporal/worker-versioning.js';
import { EagerStarts } from '../../src/temporal/eager-starts.js';
import { taskQueueFor } from '../../src/temporal/task-queues.js';
import { operationWorkflowId } from '../../workflows/operation-contract.js';
import { OperationStarter } from '../../src/domain/operations/operation-starter.js';
import { conversationChanged, LEAD_SCORING_WORKFLOW } from '../../workflows/lead-scoring-contract.js';

/**
 * Worker Versioning (docs/operating.md, "Deploying a workflow change"): the workers poll as a
 * version of the deployment, named by the build id of their workflow bundle, and a deploy of
 * changed workflow code is a second version beside the first, made current. An AI reply is
 * PINNED: one in flight during the deploy finishes on the old code, a new one starts on the
 * new; a lead's scorer is AUTO_UPGRADE: waiting through the deploy, it moves to the new code at
 * its next task. The model is a local Chat Completions server that holds a call until released.
 */

let h: OperationsHarness;
let chat: ChatCompletionsServer;
let next: InProcessWorker | undefined;
/** The build id of the deploy's changed code (once the deploy test made it current). */
let deployed: string | undefined;
const scorers: WorkflowHandle[] = [];

beforeAll(async () => {
  chat = await ChatCompletionsServer.start('Hello from the test model.');
  h = await OperationsHarness.start({
    env: { AI_PROVIDER: 'openai', OPENAI_BASE_URL: chat.url, OPENAI_API_KEY: 'sk-local-test-key-0123456789', OPENAI_MODEL: 'gpt-4o-mini', AI_TIMEOUT_MS: '60000' },
  });
}, 120_000);

afterAll(async () => {
  chat?.release();
  for (const s of scorers) await s.terminate('test ended').catch(() => undefined);
  await next?.stop();
  await h?.stop();
  await chat?.close();
}, 60_000);

/** What the server records of a run's versioning: its behavior and the build it runs on. */
async function versioningOf(handle: WorkflowHandle): Promise<{ behavior: string; buildId: string | undefined }> {
  const info = (await handle.describe()).raw.workflowExecutionInfo?.versioningInfo;
  const behavior = ['unversioned', 'PINNED', 'AUTO_UPGRADE'][Number(info?.behavior ?? 0)]!;
  return { behavior, buildId: info?.deploymentVersion?.buildId ?? undefined };
}

/** The build ids of the workers that completed the run's workflow tasks, in order. */
async function taskBuilds(handle: WorkflowHandle): Promise<string[]> {
  const { events } = await handle.fetchHistory();
  return (events ?? []).flatMap((e) => (e.workflowTaskCompletedEventAttributes ? [e.workflowTaskCompletedEventAttributes.deploymentVersion?.buildId ?? ''] : []));
}

/** A customer's message whose AI reply the api starts; answers the reply's workflow. */
async function reply(wait: number): Promise<{ handle: WorkflowHandle; status: number }> {
  const caller = await h.caller({ name: 'Versioned Shop' });
  const conversationId = await h.conversation(caller);
  const res = await h.say(caller, conversationId, 'Hello!', { wait });
  return { handle: h.client.workflow.getHandle(operationWorkflowId(res.body.operation.id)), status: res.status };
}

/** A lead's scorer, started as the api starts it, with a debounce no test outlives: it waits for changes. */
async function scorer(): Promise<WorkflowHandle> {
  const handle = await h.client.workflow.signalWithStart(LEAD_SCORING_WORKFLOW, {
    workflowId: `lead-score-versioning:${randomUUID()}`, taskQueue: taskQueueFor(h.taskQueue, LEAD_SCORING_WORKFLOW),
    args: [randomUUID(), { debounceMs: 3_600_000, maxDelayMs: 3_600_000 }], signal: conversationChanged, signalArgs: [],
  });
  scorers.push(handle);
  return handle;
}

describe('the setup step (bin/ctl temporal setup)', () => {
  it('makes the build\'s version current when the deployment has none, leaves a current one alone, and replaces it with --promote', async () => {
    const deploymentName = `setup-${h.run}`;
    const [first, second] = [{ deploymentName, buildId: 'wf-first' }, { deploymentName, buildId: 'wf-second' }];
    expect(await routingOf(h.client, deploymentName)).toBeNull();
    expect(await setupVersion(h.client, first, false)).toEqual({ version: `${deploymentName}.wf-first`, current_version: `${deploymentName}.wf-first`, previous_version: null });
    expect(await setupVersion(h.client, second, false)).toEqual({ version: `${deploymentName}.wf-second`, current_version: `${deploymentName}.wf-first` });
    expect(await setupVersion(h.client, second, true)).toEqual({ version: `${deploymentName}.wf-second`, current_version: `${deploymentName}.wf-second`, previous_version: `${deploymentName}.wf-first` });
    expect(await routingOf(h.client, deploymentName)).toEqual({ current: `${deploymentName}.wf-second`, ramping: null });
  });
});

describe('a worker process\'s eager starts (src/temporal/eager-starts.ts)', () => {
  it('are asked only while its version is the current one and none is ramping', async () => {
    const deploymentName = `eager-${h.run}`;
    const [mine, other] = [{ deploymentName, buildId: 'wf-mine' }, { deploymentName, buildId: 'wf-other' }];
    const eager = new EagerStarts(h.client, mine, h.api.services.log);
    const allowedNow = async () => { await eager.refresh(); return eager.allowed; };
    expect(await allowedNow()).toBe(false); // no such deployment yet
    await setCurrentVersion(h.client, mine);
    expect(await allowedNow()).toBe(true);
    await setRampingVersion(h.client, other, 10);
    expect(await allowedNow()).toBe(false);
    await setRampingVersion(h.client, other, 0);
    expect(await allowedNow()).toBe(true);
    await setCurrentVersion(h.client, other);
    expect(await allowedNow()).toBe(false);
    eager.stop();
  });
});

describe('the workers poll as their build\'s version of the deployment', () => {
  it('which the deploy made current; an AI reply runs PINNED on it, a lead\'s scorer AUTO_UPGRADE', async () => {
    const build = buildIdOf(WORKFLOW_BUNDLE);
    expect(await routingOf(h.client, h.api.services.config.temporal.deployment)).toEqual({ current: `${h.taskQueue}.${build}`, ramping: null });
    // Its version current, the worker's process starts eagerly (src/temporal/eager-starts.ts).
    expect(h.worker!.eager!.allowed).toBe(true);
    chat.script({ reply: 'Hi.' });
    const { handle, status } = await reply(15);
    expect(status).toBe(200);
    expect(await versioningOf(handle)).toEqual({ behavior: 'PINNED', buildId: build });
    const lead = await scorer();
    await eventually('the scorer\'s first task done', async () => ((await taskBuilds(lead)).length > 0 ? true : undefined));
    expect(await versioningOf(lead)).toEqual({ behavior: 'AUTO_UPGRADE', buildId: build });
  });
});

describe('a deploy of changed workflow code: a second version beside the first, made current', () => {
  it('the reply in flight finishes on the old build, a new reply starts on the new one, the waiting scorer moves to it; no workflow task fails', async () => {
    const before = buildIdOf(WORKFLOW_BUNDLE);
    // A timer before the reply begins: a run that crossed from one code to the other would fail its task.
    const changed = await changedBundle(DIST, `versioning-${process.pid}`, [AI_REPLY_WAITS_FIRST]);
    const after = buildIdOf(changed);
    expect(after).not.toBe(before);
    deployed = after;

    chat.script({ hold: true });
    const inFlight = await reply(0);
    await eventually('the old build\'s reply waiting for the model', async () => (chat.holding === 1 ? true : undefined));
    const lead = await scorer();
    await eventually('the scorer waiting on the old build', async () => ((await taskBuilds(lead)).length > 0 ? true : undefined));

    // The deploy: the new build's workers start beside the old ones, and their version is made current.
    next = new InProcessWorker(h.api.services);
    await next.start(changed);
    expect((await routingOf(h.client, h.api.services.config.temporal.deployment))?.current).toBe(`${h.taskQueue}.${after}`);

    chat.script({ reply: 'Hi again.' });
    const fresh = await reply(15);
    expect(fresh.status).toBe(200);
    expect(await versioningOf(fresh.handle)).toEqual({ behavior: 'PINNED', buildId: after });
    expect((await fresh.handle.fetchHistory()).events?.some((e) => e.timerStartedEventAttributes)).toBe(true);

    await lead.signal(conversationChanged);
    await eventually('the scorer\'s task after the deploy, on the new build', async () => ((await taskBuilds(lead)).at(-1) === after ? true : undefined));
    expect(await versioningOf(lead)).toEqual({ behavior: 'AUTO_UPGRADE', buildId: after });

    chat.release();
    expect(await inFlight.handle.result()).toBe('succeeded');
    expect(new Set(await taskBuilds(inFlight.handle))).toEqual(new Set([before]));
    expect(await versioningOf(inFlight.handle)).toEqual({ behavior: 'PINNED', buildId: before });
    for (const run of [inFlight.handle, fresh.handle, lead]) {
      expect((await run.fetchHistory()).events?.filter((e) => e.workflowTaskFailedEventAttributes)).toEqual([]);
    }
  }, 180_000);

  it('the old version\'s worker process starts no more eagerly: a reply its operation starter starts runs its first task on the new build', async () => {
    const after = deployed!;
    expect((await routingOf(h.client, h.api.services.config.temporal.deployment))?.current).toBe(`${h.taskQueue}.${after}`);
    // The old process reads the routing every EAGER_CHECK_MS (2 s).
    const oldWorker = h.worker!;
    await eventually('the old worker seeing another version current', async () => (oldWorker.eager!.allowed ? undefined : true), 30_000);
    const caller = await h.caller({ name: 'Late Shop' });
    const conversationId = await h.conversation(caller);
    const { operationId } = await h.queuedReply(caller, conversationId, 'Anyone after the deploy?');
    chat.script({ reply: 'Hi, from the new build.' });
    // The old process's starter (the api died before its start): through the old worker's own connection.
    const starter = new OperationStarter(h.api.services, { eager: oldWorker.eager });
    expect((await starter.runOnce()).started).toBe(1);
    const handle = h.client.workflow.getHandle(operationWorkflowId(operationId));
    expect(await handle.result()).toBe('succeeded');
    // Eager, server 1.29 would have handed the first task to the old worker, pinning the run to the old build.
    expect(new Set(await taskBuilds(handle))).toEqual(new Set([after]));
    expect(await versioningOf(handle)).toEqual({ behavior: 'PINNED', buildId: after });
  }, 120_000);
});
