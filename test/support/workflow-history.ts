import type { Client, WorkflowHandle } from '@temporalio/client';

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
  const runs: { runId: string; events: number }[] = [];
  for (let runId: string | null | undefined = firstRunId; runId;) {
    const history: Awaited<ReturnType<WorkflowHandle['fetchHistory']>> = await client.workflow.getHandle(workflowId, runId).fetchHistory();
    const events = history.events ?? [];
    runs.push({ runId, events: events.length });
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
