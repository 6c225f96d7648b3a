import { ActivityFailure, ApplicationFailure } from '@temporalio/common';
/**
 * What the api and the worker agree on about operation workflows (no I/O here: workflows
 * import it too). One workflow per operation, id `op:<operation id>`.
 */
export const operationWorkflowId = (operationId: string): string => `op:${operationId}`;

/** Operation type (spec 01 Operation.type) -> the workflow that runs it. */
export const OPERATION_WORKFLOW_TYPES = {
  'conversation.ai_reply': 'aiReplyWorkflow',
  'article.generation': 'articleGenerationWorkflow',
  'strategist.turn': 'strategistTurnWorkflow',
  'webhook.recovery': 'webhookRecoveryWorkflow',
} as const;
export type OperationType = keyof typeof OPERATION_WORKFLOW_TYPES;

/** The model call's limits, from the worker's configuration (AI_TIMEOUT_MS, AI_MAX_ATTEMPTS, AI_RETRY_INITIAL). */
export interface ModelCallTiming {
  timeoutMs: number;
  maxAttempts: number;
  retryInitialMs: number;
  /**
   * The model answers across the network (an activity with heartbeats that another worker
   * takes over), else in the worker (a local activity: the whole operation is one workflow task).
   */
  remote: boolean;
  /** false for a sandbox's operation (its model is SANDBOX_AI_PROVIDER's); absent in histories begun before it was said. */
  livemode?: boolean;
}

/** How a model operation's workflow ended (workflows/model-operation.ts). */
export type ModelOperationOutcome = 'succeeded' | 'failed' | 'already_finished';

/** What the model activity hands back to the workflow (a SellerReply, serialisable). */
export interface ComposedReply {
  content: string;
  handoff: boolean;
  model: string;
  costRub: string;
}

/**
 * The operation's error when one of its database steps failed (past its bounds, or on a
 * vanished row: workflows/step-options.ts); when the operation's row is gone too, that step
 * fails and the workflow fails with it.
 */
export const STEP_FAILED = { code: 'internal_error', message: 'The operation could not be completed.' } as const;

/** ApplicationFailure type of a model provider that cannot answer (spec code upstream_unavailable). */
export const UPSTREAM_UNAVAILABLE = 'UpstreamUnavailable';

/**
 * The error a failed model step ends its operation with: upstream_unavailable with the
 * provider's message when the model could not answer, else internal_error with `otherwise`.
 */
export function modelStepError(err: unknown, otherwise: string): { code: string; message: string } {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  return cause instanceof ApplicationFailure && cause.type === UPSTREAM_UNAVAILABLE
    ? { code: 'upstream_unavailable', message: cause.message }
    : { code: 'internal_error', message: otherwise };
}

/** What the article generator hands back to the workflow (serialisable). */
export interface ComposedArticle {
  title: string;
  slug: string;
  html: string;
  metaTitle: string;
  metaDescription: string;
  model: string;
  costRub: string;
}
