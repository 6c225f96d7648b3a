import { allHandlersFinished, condition, continueAsNew, proxyLocalActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { conversationChanged, scoringRuns, type LeadScoringTiming } from './lead-scoring-contract.js';
import { SHORT_STEP } from './step-options.js';

/** Bounded (step-options.ts): a scoring that keeps failing fails the workflow; the lead's next change starts another. */
const steps = proxyLocalActivities<Activities>(SHORT_STEP);

/** With no change for this long the workflow ends, unless the timing says otherwise; the next change starts a new run (signal-with-start). */
const IDLE_MS = 3_600_000;
/** Runs before the history is cut with continue-as-new, unless the timing says otherwise. */
const RUNS_PER_HISTORY = 100;

/**
 * The builtin scorer of one lead (workflow id `lead-score:<lead id>`), started or signalled
 * with signal-with-start on each change of its conversation. Changes are debounced: it scores
 * once the conversation has been quiet for debounceMs, or maxDelayMs after the first unscored
 * change, so a burst of messages scores once (twice when it outlasts maxDelayMs).
 * After runsPerHistory runs it continues as new, handing on the changes that arrived during
 * the last run (`carried`), so the next run scores them.
 */
export async function leadScoringWorkflow(leadId: string, timing: LeadScoringTiming, carried = 0): Promise<number> {
  let changes = carried;
  let runs = 0;
  setHandler(conversationChanged, () => {
    changes += 1;
  });
  setHandler(scoringRuns, () => runs);
  for (; runs < (timing.runsPerHistory ?? RUNS_PER_HISTORY); runs++) {
    if (!(await condition(() => changes > 0, timing.idleMs ?? IDLE_MS))) return runs;
    const firstAt = Date.now();
    let seen = -1;
    // Quiet for debounceMs (no new change), or the first change maxDelayMs old.
    while (seen !== changes) {
      seen = changes;
      const left = firstAt + timing.maxDelayMs - Date.now();
      if (left <= 0) break;
      await condition(() => changes !== seen, Math.min(timing.debounceMs, left));
    }
    changes = 0;
    await steps.scoreLead(leadId);
  }
  // The signal handler is synchronous; waiting for all handlers keeps it right should one ever await.
  await condition(allHandlersFinished);
  return continueAsNew<typeof leadScoringWorkflow>(leadId, timing, changes);
}
