import { TemporalFailure } from '@temporalio/common';
import { condition, proxyLocalActivities, setHandler } from '@temporalio/workflow';
import type { Activities } from '../activities/index.js';
import { moduleResultSignal, type ModuleResult } from './publication-contract.js';
import { DURABLE_STEP, LAST_STEP, stepFailure } from './step-options.js';

/** The database step retries while the database is away, within DURABLE_STEP's bounds. */
const steps = proxyLocalActivities<Activities>(DURABLE_STEP);
const { failPublication } = proxyLocalActivities<Activities>(LAST_STEP);

/**
 * One job version of an article's publication through a site module (workflow id
 * `publication:<id>`): waits, durably and for days if need be, for the module's result signal,
 * then applies it (state, address, error; applied with an address publishes the article and
 * raises article.published). A newer version cancels this wait; the api has already marked
 * this version skipped.
 */
export async function publicationWorkflow(publicationId: string): Promise<ModuleResult['result'] | 'stale'> {
  let result: ModuleResult | undefined;
  setHandler(moduleResultSignal, (r) => {
    result ??= r;
  });
  await condition(() => result !== undefined);
  try {
    return (await steps.applyPublicationResult(publicationId, result!)) ? result!.result : 'stale';
  } catch (err) {
    // The step failed past its bound or permanently: the publication ends failed, saying why, before the workflow fails.
    if (!(err instanceof TemporalFailure)) throw err;
    await failPublication(publicationId, `The module's result could not be applied (${stepFailure(err)}); publish again.`);
    throw err;
  }
}
