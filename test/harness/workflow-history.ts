import type { Client } from '@temporalio/client';
import { defaultPayloadConverter } from '@temporalio/common';
import type { temporal } from '@temporalio/proto';
import { decodePayloadsIn } from '../../src/temporal/payload-codec.js';

export type HistoryEvent = temporal.api.history.v1.IHistoryEvent;

/** A run's history with its payloads decoded by the client's own codecs (as stored, they are sealed: src/temporal/payload-codec.ts). */
export async function openedHistory(client: Client, workflowId: string, runId?: string): Promise<temporal.api.history.v1.IHistory> {
  return decodePayloadsIn(await client.workflow.getHandle(workflowId, runId).fetchHistory(), client.options.loadedDataConverter.payloadCodecs);
}

/**
 * What a workflow asked the Temporal server to wait, read from its history: the pause a test
 * checks is the one the code scheduled, not one a clock measured on a loaded machine.
 */

interface ProtoDuration {
  seconds?: number | { toNumber(): number } | null;
  nanos?: number | null;
}

const ms = (d: ProtoDuration | null | undefined): number => {
  const seconds = d?.seconds;
  return (typeof seconds === 'object' && seconds !== null ? seconds.toNumber() : Number(seconds ?? 0)) * 1000 + Math.round((d?.nanos ?? 0) / 1e6);
};

/** The durations of the workflow's timers (sleep, condition with a time-out), in milliseconds, in order. */
export async function timerDurations(client: Client, workflowId: string): Promise<number[]> {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  return (history.events ?? []).filter((e) => e.timerStartedEventAttributes).map((e) => ms(e.timerStartedEventAttributes!.startToFireTimeout));
}

/**
 * The last attempt of each activity of this type, with the retry delay its previous attempt's
 * failure asked for (ApplicationFailure nextRetryDelay; null when it asked for none).
 */
export async function activityRetries(client: Client, workflowId: string, activityType: string): Promise<{ attempt: number; nextRetryDelayMs: number | null }[]> {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  const events = history.events ?? [];
  const typeOf = new Map<string, string>();
  for (const e of events) {
    const scheduled = e.activityTaskScheduledEventAttributes;
    if (scheduled) typeOf.set(String(e.eventId), scheduled.activityType?.name ?? '');
  }
  return events
    .filter((e) => e.activityTaskStartedEventAttributes && typeOf.get(String(e.activityTaskStartedEventAttributes.scheduledEventId)) === activityType)
    .map((e) => {
      const started = e.activityTaskStartedEventAttributes!;
      const delay = started.lastFailure?.applicationFailureInfo?.nextRetryDelay;
      return { attempt: started.attempt ?? 0, nextRetryDelayMs: delay ? ms(delay) : null };
    });
}

/**
 * The runs of a workflow from `firstRunId` along its continue-as-new chain, each with the
 * number of events in its history; the last is the run still open or closed otherwise.
 */
export async function runsOf(client: Client, workflowId: string, firstRunId: string): Promise<{ runId: string; events: number }[]> {
  return (await historiesOf(client, workflowId, firstRunId)).map((r) => ({ runId: r.runId, events: r.events.length }));
}

/**
 * The history of each run along the continue-as-new chain from `firstRunId` (the chain's first
 * run when absent: describe's firstRunId), each ending in its WorkflowExecutionContinuedAsNew
 * event but the last.
 */
export async function historiesOf(client: Client, workflowId: string, firstRunId?: string): Promise<{ runId: string; events: HistoryEvent[] }[]> {
  const runs: { runId: string; events: HistoryEvent[] }[] = [];
  let runId: string | null | undefined = firstRunId ?? (await client.workflow.getHandle(workflowId).describe()).raw.workflowExecutionInfo?.firstRunId;
  while (runId) {
    const history = await openedHistory(client, workflowId, runId);
    const events = history.events ?? [];
    runs.push({ runId, events });
    runId = events.at(-1)?.workflowExecutionContinuedAsNewEventAttributes?.newExecutionRunId;
  }
  return runs;
}

/** Each scheduling of an activity of this type in the workflow's (latest run's) history, with the heartbeat time-out it was given (ms; 0: none). */
export async function activitySchedules(client: Client, workflowId: string, activityType: string): Promise<{ heartbeatTimeoutMs: number }[]> {
  const history = await client.workflow.getHandle(workflowId).fetchHistory();
  return (history.events ?? [])
    .map((e) => e.activityTaskScheduledEventAttributes)
    .filter((scheduled) => scheduled?.activityType?.name === activityType)
    .map((scheduled) => ({ heartbeatTimeoutMs: ms(scheduled!.heartbeatTimeout) }));
}

/** A run's timers in the order started: the duration asked for and whether it fired (not canceled, not still waiting). */
export function timersIn(events: HistoryEvent[]): { ms: number; fired: boolean }[] {
  const fired = new Set(events.filter((e) => e.timerFiredEventAttributes).map((e) => e.timerFiredEventAttributes!.timerId));
  return events.filter((e) => e.timerStartedEventAttributes).map((e) => ({
    ms: ms(e.timerStartedEventAttributes!.startToFireTimeout),
    fired: fired.has(e.timerStartedEventAttributes!.timerId),
  }));
}

/** Where each local activity ran in a run's history: the markers core records for them (a look, an attempt, a scoring). */
export const localActivitiesIn = (events: HistoryEvent[]): number[] =>
  events.flatMap((e, i) => (e.markerRecordedEventAttributes?.markerName === 'core_local_activity' ? [i] : []));

/** The signals a run received, by name, in order. */
export const signalsIn = (events: HistoryEvent[]): string[] =>
  events.flatMap((e) => (e.workflowExecutionSignaledEventAttributes ? [e.workflowExecutionSignaledEventAttributes.signalName ?? ''] : []));

/** The arguments a run continued as new with (its WorkflowExecutionContinuedAsNew event), undefined if it did not. */
export function continuedWith(events: HistoryEvent[]): unknown[] | undefined {
  const attributes = events.at(-1)?.workflowExecutionContinuedAsNewEventAttributes;
  return attributes ? (attributes.input?.payloads ?? []).map((p) => defaultPayloadConverter.fromPayload(p)) : undefined;
}

/**
 * For each child a run started, the workflow's own clock when it did: the time of the workflow
 * task that started it (a workflow's Date.now() is its task's start).
 */
export function childStartsIn(events: HistoryEvent[]): { workflowId: string; atMs: number }[] {
  return onWorkflowClock(events).flatMap(({ e, atMs }) => {
    const child = e.startChildWorkflowExecutionInitiatedEventAttributes;
    return child ? [{ workflowId: child.workflowId ?? '', atMs }] : [];
  });
}

export type WaitOrStart = { timerEndsAt: number } | { child: string; atMs: number };

/**
 * A run's events in order, for the timers and child starts with the time they end or start at
 * on the workflow's clock: a timer's task time plus its duration, a child start's task time.
 */
export function waitsAndStartsIn(events: HistoryEvent[]): WaitOrStart[] {
  return onWorkflowClock(events).flatMap(({ e, atMs }): WaitOrStart[] => {
    if (e.timerStartedEventAttributes) return [{ timerEndsAt: atMs + ms(e.timerStartedEventAttributes.startToFireTimeout) }];
    const child = e.startChildWorkflowExecutionInitiatedEventAttributes;
    return child ? [{ child: child.workflowId ?? '', atMs }] : [];
  });
}

/** Each event with the workflow's clock when it was made: the start time of the workflow task before it. */
function onWorkflowClock(events: HistoryEvent[]): { e: HistoryEvent; atMs: number }[] {
  let taskAt = 0;
  return events.map((e) => {
    if (e.workflowTaskStartedEventAttributes) taskAt = ms(e.eventTime);
    return { e, atMs: taskAt };
  });
}

/** The ids of the child workflows a run started (StartChildWorkflowExecutionInitiated), in order. */
export const childrenStartedIn = (events: HistoryEvent[]): string[] =>
  events.flatMap((e) => (e.startChildWorkflowExecutionInitiatedEventAttributes ? [e.startChildWorkflowExecutionInitiatedEventAttributes.workflowId ?? ''] : []));
