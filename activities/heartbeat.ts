import { Context } from '@temporalio/activity';

/** How often a running activity says it lives; the SDK sends at most one per 80 % of the activity's heartbeat time-out. */
const HEARTBEAT_MS = 1000;

/**
 * Runs `work` while heartbeating every second, so the activity's heartbeat time-out can be short:
 * a dead worker, or a task the server handed out that never reached a worker, is noticed within
 * that time-out and the attempt retried, however long the work itself may take.
 */
export async function whileHeartbeating<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const activity = Context.current();
  activity.heartbeat();
  const beat = setInterval(() => activity.heartbeat(), HEARTBEAT_MS);
  try {
    return await work(activity.cancellationSignal);
  } finally {
    clearInterval(beat);
  }
}
