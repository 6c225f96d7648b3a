import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { Payload } from '@temporalio/common';

export interface SealedWorkflow { workflowId: string; runId: string; stored: Payload }

/**
 * For the codec endpoint's tests (test/integration/codec-endpoint.test.ts,
 * test/e2e/codec-endpoint.e2e.test.ts): a workflow whose input is customer text as the project's
 * client writes it (sealed by its codec). A run (no worker polls its queue: it only has to exist) whose input is `input`; its input payload as the history stores it. */
export async function sealedWorkflow(client: Client, input: unknown): Promise<SealedWorkflow> {
  const workflowId = `codec-endpoint-${randomUUID()}`;
  const handle = await client.workflow.start('codecProbe', { taskQueue: `codec-endpoint-${randomUUID()}`, workflowId, args: [input] });
  const history = await handle.fetchHistory();
  const stored = history.events![0]!.workflowExecutionStartedEventAttributes!.input!.payloads![0]!;
  return { workflowId, runId: handle.firstExecutionRunId, stored };
}
