import { proxyActivities, proxyLocalActivities } from '@temporalio/workflow';

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

/** The floor of an operation's model call: a regular activity (run eagerly when the server allows). */
export interface OperationFloorActivities {
  floorStep(id: string): Promise<void>;
  floorModel(id: string): Promise<void>;
}

const { floorStep } = proxyLocalActivities<OperationFloorActivities>({ startToCloseTimeout: '30 seconds' });
const { floorModel } = proxyActivities<OperationFloorActivities>({ startToCloseTimeout: '30 seconds', heartbeatTimeout: '5 seconds' });

/**
 * The Temporal floor of the conversation.ai_reply workflow: its shape (a local step, the model
 * call as a regular activity, a local step) and no work in any of them.
 */
export async function operationFloorWorkflow(id: string): Promise<void> {
  await floorStep(id);
  await floorModel(id);
  await floorStep(id);
}
