import { ApplicationFailure } from '@temporalio/activity';
import { whileHeartbeating } from './heartbeat.js';
import type { Services } from '../src/services.js';
import { beginOperation } from '../src/domain/ai-reply/reply-writer.js';
import { UpstreamUnavailable } from '../src/domain/ai-seller/seller-model.js';
import { UPSTREAM_UNAVAILABLE, type ModelCallTiming } from '../workflows/operation-contract.js';

/** The model call's limits, from the worker's configuration (AI_TIMEOUT_MS, AI_MAX_ATTEMPTS, AI_RETRY_INITIAL). */
export type ModelTiming = Pick<ModelCallTiming, 'timeoutMs' | 'maxAttempts' | 'retryInitialMs'>;

/** The longest provider Retry-After the next attempt waits for (a longer one would hold a paid slot for long). */
const RETRY_AFTER_CAP_MS = 60_000;

/** queued -> running, answering the model call's limits; null when the operation has already ended. */
export async function beginModelOperation(services: Services, operationId: string): Promise<ModelTiming | null> {
  if (!(await beginOperation(services, operationId))) return null;
  const { timeoutMs, maxAttempts, retryInitialMs } = services.config.ai;
  return { timeoutMs, maxAttempts, retryInitialMs };
}

/**
 * What a failed model call throws to Temporal: a provider that cannot answer becomes an
 * UpstreamUnavailable ApplicationFailure (retried unless it is a refusal; a 429's Retry-After
 * decides when the next attempt goes); anything else as it is.
 */
export function asModelFailure(err: unknown): unknown {
  if (!(err instanceof UpstreamUnavailable)) return err;
  return ApplicationFailure.create({
    type: UPSTREAM_UNAVAILABLE, message: err.message, nonRetryable: !err.retryable,
    nextRetryDelay: err.retryAfterMs ? Math.min(err.retryAfterMs, RETRY_AFTER_CAP_MS) : undefined,
  });
}

/**
 * One model call inside a regular activity: heartbeats while it runs (a dead worker is noticed
 * in seconds and another takes it over), cancelled with the activity, failing as asModelFailure says.
 */
export async function heartbeatingModelCall<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  try {
    return await whileHeartbeating(call);
  } catch (err) {
    throw asModelFailure(err);
  }
}
