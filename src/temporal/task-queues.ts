/**
 * The task queues of the workers, one per kind of work, each polled by a Worker with slots of
 * its own (docs/decisions.md, "Task queues by kind of work"): a nightly batch can fill its
 * slots without delaying a customer's AI reply or a webhook delivery. Every queue derives from
 * the base name TEMPORAL_TASK_QUEUE, so each test run (and each test file with a base of its
 * own) keeps its own three queues; nothing polls the base name itself.
 */
export const WORK_KINDS = ['deliveries', 'interactive', 'batch'] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

/** Every workflow type the worker runs (workflows/index.ts) -> the kind of work it is. */
export const WORKFLOW_KINDS = {
  deliveryWorkflow: 'deliveries',
  // Paid operations a customer (or an operator in a chat) waits for, and what follows a conversation live.
  aiReplyWorkflow: 'interactive',
  articleGenerationWorkflow: 'interactive',
  strategistTurnWorkflow: 'interactive',
  leadScoringWorkflow: 'interactive',
  publicationWorkflow: 'interactive',
  // Scheduled or operator-started work nobody waits for in a request.
  keyExpiryNotices: 'batch',
  deliveryLogRetention: 'batch',
  analyticsSnapshot: 'batch',
  strategistReport: 'batch',
  tenantSweep: 'batch',
  reconcilerSweep: 'batch',
  deliveryRecovery: 'batch',
  webhookRecoveryWorkflow: 'batch',
} as const satisfies Record<string, WorkKind>;
export type WorkflowType = keyof typeof WORKFLOW_KINDS;

/** The queue of a kind: `<base>-<kind>`. */
export function taskQueueOf(base: string, kind: WorkKind): string {
  return `${base}-${kind}`;
}

/** The queue a workflow of this type is started on: the one function every start names its queue with. */
export function taskQueueFor(base: string, workflowType: WorkflowType): string {
  return taskQueueOf(base, WORKFLOW_KINDS[workflowType]);
}
