import { defineSignal } from '@temporalio/workflow';

/**
 * What the api and the worker share about publication workflows: the type name, the id
 * scheme and the site module's result signal. Importable from src/ (definitions only).
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

/** The module's result for the job; the first one counts. */
export const moduleResultSignal = defineSignal<[ModuleResult]>('moduleResult');
