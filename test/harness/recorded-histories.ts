import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@temporalio/client';
import { defaultPayloadConverter } from '@temporalio/common';
import { temporal } from '@temporalio/proto';
import { decodePayloadsIn } from '../../src/temporal/payload-codec.js';

/**
 * Recorded workflow histories: the shapes deployed code has written, which every later bundle
 * must replay (docs/operating.md, "Deploying a workflow change"): in recorded/<generation>/,
 * one file per workflow type and branch, written by `bin/record-histories` from a run of the
 * integration tests.
 */
export const HISTORIES = fileURLToPath(new URL('../fixtures/histories', import.meta.url));

type History = temporal.api.history.v1.IHistory;

/**
 * Every fixture under HISTORIES, with the workflow id it replays as: the recorded one (in
 * `<name>.id` beside it; a workflow may derive ids from its own, as key expiry's children do),
 * else its path under HISTORIES.
 */
export function recordedHistories(dir = HISTORIES): { file: string; workflowId: string; history: temporal.api.history.v1.History }[] {
  const found: { file: string; workflowId: string; history: temporal.api.history.v1.History }[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...recordedHistories(path));
    else if (name.endsWith('.binpb')) {
      const file = path.slice(HISTORIES.length + 1);
      const idFile = `${path.slice(0, -'.binpb'.length)}.id`;
      const workflowId = existsSync(idFile) ? readFileSync(idFile, 'utf8').trim() : `replay:${file}`;
      found.push({ file, workflowId, history: temporal.api.history.v1.History.decode(readFileSync(path)) });
    }
  }
  return found;
}

/** The workflow type of a history (its first event). */
export const workflowTypeOf = (history: History): string => history.events?.[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name ?? 'unknown';

const closeStatus = (last: temporal.api.history.v1.IHistoryEvent | undefined): string | undefined => {
  if (last?.workflowExecutionCompletedEventAttributes) return 'completed';
  if (last?.workflowExecutionFailedEventAttributes) return 'failed';
  if (last?.workflowExecutionCanceledEventAttributes) return 'canceled';
  if (last?.workflowExecutionContinuedAsNewEventAttributes) return 'continued-as-new';
  if (last?.workflowExecutionTimedOutEventAttributes) return 'timed-out';
  return undefined; // open, or terminated by a test's clean-up: not a branch the code takes
};

/** The word a result says about its branch: an outcome string, or a `state` field. */
function outcomeOf(last: temporal.api.history.v1.IHistoryEvent | undefined): string | undefined {
  const payload = last?.workflowExecutionCompletedEventAttributes?.result?.payloads?.[0];
  if (!payload) return undefined;
  const result: unknown = defaultPayloadConverter.fromPayload(payload);
  const word = typeof result === 'string' ? result : typeof result === 'object' && result && 'state' in result ? (result as { state: unknown }).state : undefined;
  return typeof word === 'string' && /^[a-z_]{1,20}$/.test(word) ? word.replaceAll('_', '-') : undefined;
}

/**
 * The branch a closed history took, as a file name: how it closed, what its result says, and
 * which kinds of steps and waiting it went through (e.g. `deliveryWorkflow-completed-delivered-timer-signal`,
 * a delivery held, signalled and delivered). Undefined for a history no code path ends in.
 */
export function branchOf(history: History): string | undefined {
  const events = history.events ?? [];
  const last = events.at(-1);
  const status = closeStatus(last);
  if (!status) return undefined;
  const has = (pick: (e: temporal.api.history.v1.IHistoryEvent) => unknown) => events.some((e) => Boolean(pick(e)));
  const parts = [workflowTypeOf(history), status, outcomeOf(last)];
  if (has((e) => e.activityTaskScheduledEventAttributes)) parts.push('activity'); // a regular one, not a local step
  if (has((e) => e.timerStartedEventAttributes)) parts.push('timer');
  if (has((e) => e.workflowExecutionSignaledEventAttributes)) parts.push('signal');
  if (has((e) => e.startChildWorkflowExecutionInitiatedEventAttributes)) parts.push('child');
  if (status !== 'canceled' && has((e) => e.workflowExecutionCancelRequestedEventAttributes)) parts.push('cancel-requested');
  if (has((e) => e.workflowTaskFailedEventAttributes)) parts.push('task-failed');
  return parts.filter(Boolean).join('-');
}

/**
 * With RECORD_HISTORIES=<generation> set (bin/record-histories sets it), writes the history of
 * every closed workflow on these task queues whose branch has no file yet in that generation,
 * and its workflow id beside it
 * (the first one wins, also across test files running at once). A no-op otherwise.
 */
export async function recordClosedWorkflows(client: Client, taskQueues: readonly string[], generation = process.env.RECORD_HISTORIES): Promise<void> {
  if (!generation || taskQueues.length === 0) return;
  const dir = join(HISTORIES, 'recorded', generation);
  mkdirSync(dir, { recursive: true });
  const query = `(${taskQueues.map((q) => `TaskQueue = '${q}'`).join(' OR ')}) AND ExecutionStatus != 'Running'`;
  for await (const execution of client.workflow.list({ query })) {
    // Decoded before it is kept: the fixtures stay plain protobuf that replays with no key (docs/decisions.md, "Customers' words sealed in Temporal").
    const history = await decodePayloadsIn(await client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory(), client.options.loadedDataConverter.payloadCodecs);
    const branch = branchOf(history);
    if (!branch) continue;
    try {
      writeFileSync(join(dir, `${branch}.binpb`), temporal.api.history.v1.History.encode(history).finish(), { flag: 'wx' });
      writeFileSync(join(dir, `${branch}.id`), `${execution.workflowId}\n`);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}
