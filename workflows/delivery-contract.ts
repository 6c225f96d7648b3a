import { defineSignal } from '@temporalio/workflow';

/**
 * What the api and the worker share about delivery workflows: the type name, the id scheme
 * and the signals. Importable from src/ (definitions only, no workflow code).
 */
export const DELIVERY_WORKFLOW_TYPE = 'deliveryWorkflow';

/** Business key: a second start of the same delivery is rejected, so starting is idempotent. */
export const deliveryWorkflowId = (deliveryId: string): string => `delivery:${deliveryId}`;

/** A hold may have ended (subscription set active, wallet topped up): look again now. */
export const recheckHoldSignal = defineSignal('recheckHold');
