import { ApplicationFailure, defineUpdate } from '@temporalio/workflow';

/**
 * What the api and the worker share about publication workflows: the type name, the id
 * scheme and the site module's result Update. Importable from src/ (definitions only).
 */
export const PUBLICATION_WORKFLOW_TYPE = 'publicationWorkflow';

/** Business key: one workflow per job version (publication row). */
export const publicationWorkflowId = (publicationId: string): string => `publication:${publicationId}`;

/** What the site module reported for a job. */
export interface ModuleResult {
  result: 'applied' | 'skipped' | 'conflict' | 'failed';
  published_url?: string | null;
  reason?: string | null;
}

/**
 * What the workflow answers a result it took: `applied` (the job now has the result's state and
 * address) or `stale` (the job was no longer queued, superseded or ended: its state as it is).
 * A result it does not take is the Update's failure, of type RESULT_REFUSED.
 */
export type ResultAnswer =
  | { outcome: 'applied'; state: ModuleResult['result']; published_url: string | null }
  | { outcome: 'stale'; state: 'queued' | ModuleResult['result']; published_url: string | null };

/** The Update's failure type when the workflow refuses a result (malformed, or after one was taken or the wait ended). */
export const RESULT_REFUSED = 'ResultRefused';

/** The module's result for the job; the first one counts, and the answer comes once it is applied. */
export const moduleResultUpdate = defineUpdate<ResultAnswer, [ModuleResult]>('moduleResult');

/** How a publication ends: the module's result as applied, stale, or unanswered (the wait ran out, the job failed). */
export type PublicationEnd = ModuleResult['result'] | 'stale' | 'unanswered';

const RESULTS: readonly string[] = ['applied', 'skipped', 'conflict', 'failed'];

/** What makes a result malformed, if anything: the route refuses the same (422), but a result can reach the workflow another way (the Temporal CLI or UI). */
function malformed(r: ModuleResult | undefined): string | undefined {
  if (!r || !RESULTS.includes(r.result)) return 'result must be applied, skipped, conflict or failed';
  if ((r.result === 'conflict' || r.result === 'failed') && !r.reason) return `a ${r.result} result needs a reason`;
  if (r.result !== 'applied' && r.published_url) return 'published_url goes only with applied';
  return undefined;
}

/** The Update's refusal: the workflow does not take the result, and its history does not record it. */
export const refused = (message: string): ApplicationFailure => ApplicationFailure.create({ type: RESULT_REFUSED, message, nonRetryable: true });

/** The Update's validator part for the result itself. */
export function refuseMalformed(r: ModuleResult): void {
  const problem = malformed(r);
  if (problem) throw refused(problem);
}

const UNITS: [number, string][] = [[86_400_000, 'day'], [3_600_000, 'hour'], [60_000, 'minute'], [1000, 'second'], [1, 'millisecond']];

/** The job's error when the module never answered: "... within 3 days." (the largest unit the wait is a whole number of). */
export function unansweredError(waitMs: number): string {
  const [unit, name] = UNITS.find(([ms]) => waitMs % ms === 0 && waitMs >= ms) ?? [1, 'millisecond'];
  const count = waitMs / unit;
  return `The site module sent no result within ${count} ${name}${count === 1 ? '' : 's'}.`;
}
