import { proxyLocalActivities } from '@temporalio/workflow';

/** The benchmark's floor activity: notes that the workflow reached it (in the benchmark's process). */
export interface FloorActivities {
  floorReached(id: string): Promise<void>;
}

const { floorReached } = proxyLocalActivities<FloorActivities>({ startToCloseTimeout: '30 seconds' });

/**
 * The Temporal floor of the delivery workflow: the same shape (started with the same five search
 * attributes, eagerly, one local activity, completed with no upsert) and no work in it.
 */
export async function floorWorkflow(id: string): Promise<void> {
  await floorReached(id);
}

/** The floor of an operation's steps: each a local activity, as with an offline model. */
export interface OperationFloorActivities {
  floorStep(id: string): Promise<void>;
}

const { floorStep } = proxyLocalActivities<OperationFloorActivities>({ startToCloseTimeout: '30 seconds' });

/**
 * The Temporal floor of the conversation.ai_reply workflow with the builtin (offline) model:
 * its shape (begin, the model's reply and the result, each a local activity, so one workflow
 * task) and no work in any of them.
 */
export async function operationFloorWorkflow(id: string): Promise<void> {
  await floorStep(id);
  await floorStep(id);
  await floorStep(id);
}
