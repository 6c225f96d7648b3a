import { TemporalFailure } from '@temporalio/common';
import { allHandlersFinished, condition, proxyLocalActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { moduleResultUpdate, refuseMalformed, refused, unansweredError, type PublicationEnd, type ResultAnswer } from './publication-contract.js';
import { DURABLE_STEP, LAST_STEP, stepFailure } from './step-options.js';

/** The database step retries while the database is away, within DURABLE_STEP's bounds. */
const steps = proxyLocalActivities<Activities>(DURABLE_STEP);
const { failPublication } = proxyLocalActivities<Activities>(LAST_STEP);

/**
 * One job version of an article's publication through a site module (workflow id
 * `publication:<id>`): waits, durably, for the module's result (an Update, answered once the
 * result is applied: state, address, error; applied with an address publishes the article and
 * raises article.published), at most `waitMs` (PUBLICATION_WAIT, days). Past it the job ends
 * failed, saying the module never answered, and a later result is refused. A newer version
 * cancels this wait; the api has already marked this version skipped.
 */
export async function publicationWorkflow(publicationId: string, waitMs: number): Promise<PublicationEnd> {
  let taken: Promise<ResultAnswer> | undefined;
  let ended = false;
  setHandler(moduleResultUpdate, (r) => (taken ??= steps.applyPublicationResult(publicationId, r)), {
    validator: (r) => {
      if (taken || ended) throw refused('The job has already taken a result or stopped waiting for one: the first one counts.');
      refuseMalformed(r);
    },
  });
  await condition(() => taken !== undefined, waitMs, { summary: "the site module's result" });
  try {
    if (!taken) {
      ended = true;
      const end = await steps.applyPublicationResult(publicationId, { result: 'failed', reason: unansweredError(waitMs) });
      return end.outcome === 'applied' ? 'unanswered' : 'stale';
    }
    const answer = await taken;
    // The Update's answer goes out before the run completes.
    await condition(allHandlersFinished);
    return answer.outcome === 'applied' ? answer.state : 'stale';
  } catch (err) {
    // The step failed past its bound or permanently: the publication ends failed, saying why, before the workflow fails.
    if (!(err instanceof TemporalFailure)) throw err;
    await failPublication(publicationId, `The module's result could not be applied (${stepFailure(err)}); publish again.`);
    throw err;
  }
}
