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
