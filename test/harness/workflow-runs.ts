import proto from '@temporalio/proto';
import { ScheduleOverlapPolicy, type Client, type ScheduleHandle } from '@temporalio/client';

export interface WorkflowRun { status: string; events: number; largestEvent: number }

/** Every run of a workflow id (a sweep continues as new), each with its history's length and its largest event in bytes. */
export async function runsOf(client: Client, workflowId: string): Promise<WorkflowRun[]> {
  const runs = [];
  for await (const w of client.workflow.list({ query: `WorkflowId = "${workflowId}"` })) runs.push(w);
  return Promise.all(runs.map(async (w) => {
    const history = await client.workflow.getHandle(workflowId, w.runId).fetchHistory();
    const sizes = (history.events ?? []).map((e) => proto.temporal.api.history.v1.HistoryEvent.encode(e).finish().length);
    return { status: w.status.name, events: sizes.length, largestEvent: Math.max(...sizes) };
  }));
}

/**
 * Triggers a Schedule as a night comes: in a second of its own (a Schedule names the workflow it
 * starts after the trigger time in whole seconds, so a second trigger within the same second
 * collides with the first and starts nothing) and with overlap ALLOW_ALL (the Schedule learns
 * that its last run ended a moment after the run's result is in, and its own SKIP drops a trigger
 * that comes in between: a CI run of tenant-sweep met one of the two).
 */
export async function triggerSchedule(handle: ScheduleHandle): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1010 - (Date.now() % 1000)));
  await handle.trigger(ScheduleOverlapPolicy.ALLOW_ALL);
}
