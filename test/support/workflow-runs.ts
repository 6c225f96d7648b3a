import proto from '@temporalio/proto';
import type { Client } from '@temporalio/client';

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
