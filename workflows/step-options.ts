import { ActivityFailure, ApplicationFailure, TimeoutFailure, type LocalActivityOptions, type TemporalFailure } from '@temporalio/common';

/**
 * The bounds of the workflows' database steps (local activities), one set per kind
 * (docs/decisions.md, "Bounded local activities"). A step retries while the database is away,
 * but not for ever: past its bounds, or at once on a permanent error, it fails and its workflow
 * ends visibly (an operation failed with internal_error, else the workflow Failed).
 */

/**
 * Error types no retry mends: a row the step works on is gone. RowVanished is the project's
 * own (src/domain/operations/row-vanished.ts), NotFoundError MikroORM's findOneOrFail's.
 */
export const PERMANENT_ERROR_TYPES = ['RowVanished', 'NotFoundError'];

const DATABASE_RETRY = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute', nonRetryableErrorTypes: PERMANENT_ERROR_TYPES } as const;

/**
 * A step of a paid operation (someone waits for it) or of lead scoring (the next change
 * scores again): 30 minutes, 40 attempts (about 35 minutes of backoff; whichever comes first).
 */
export const SHORT_STEP: LocalActivityOptions = {
  startToCloseTimeout: '30 seconds',
  scheduleToCloseTimeout: '30 minutes',
  retry: { ...DATABASE_RETRY, maximumAttempts: 40 },
};

/**
 * A step of work that waits for days for its moment (a delivery, a publication): it outlasts a
 * longer outage, 2 hours or 150 attempts. Not longer: while a local activity retries, its
 * workflow task is kept alive with a heartbeat every ~8 s (three history events each), about
 * 2,700 events in 2 hours.
 */
export const DURABLE_STEP: LocalActivityOptions = {
  startToCloseTimeout: '30 seconds',
  scheduleToCloseTimeout: '2 hours',
  retry: { ...DATABASE_RETRY, maximumAttempts: 150 },
};

/**
 * A step's options with its bound set to `boundMs` (a setting the workflow was given): the time
 * it retries, and the attempts whose backoffs fit in that time (at most the options' own). The
 * attempts are the bound that holds whatever the worker: a local activity's schedule-to-close
 * time-out alone was not seen to stop its retries (attempts went on past a 3 s bound).
 */
export function boundedStep(options: LocalActivityOptions, boundMs: number): LocalActivityOptions {
  let attempts = 1;
  for (let waited = 0, backoff = 1000; ; attempts++, backoff = Math.min(backoff * 2, 60_000)) {
    if (waited + backoff > boundMs) break;
    waited += backoff;
  }
  return { ...options, scheduleToCloseTimeout: boundMs, retry: { ...options.retry, maximumAttempts: Math.min(attempts, options.retry?.maximumAttempts ?? attempts) } };
}

/**
 * The last step of a workflow whose step failed: it ends the row visibly (a delivery dead, a
 * publication failed) before the workflow fails. Short: the database may still be away, and
 * then the reconciler settles the row later.
 */
export const LAST_STEP: LocalActivityOptions = {
  startToCloseTimeout: '30 seconds',
  scheduleToCloseTimeout: '5 minutes',
  retry: { ...DATABASE_RETRY, maximumAttempts: 10 },
};

/**
 * What a failed step's error says, for the row it ends: the error's type and whether its bound
 * passed or it was permanent. Never the error's message: a driver's message quotes the statement
 * and its values.
 */
export function stepFailure(err: TemporalFailure): string {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  if (cause instanceof TimeoutFailure) return 'its bound passed';
  if (cause instanceof ApplicationFailure) return `${cause.type ?? 'Error'}, ${cause.nonRetryable || PERMANENT_ERROR_TYPES.includes(cause.type ?? '') ? 'a permanent error' : 'retried to its bound'}`;
  return cause?.name ?? 'unknown';
}
