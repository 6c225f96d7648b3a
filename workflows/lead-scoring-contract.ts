import { defineQuery, defineSignal } from '@temporalio/workflow';

/** What the api and the lead scoring workflow share: its id, its signal, its timing. */

/** One scoring workflow per lead (ARCHITECTURE flow 7: business-key ids). */
export const leadScoringWorkflowId = (leadId: string) => `lead-score:${leadId}`;

export const LEAD_SCORING_WORKFLOW = 'leadScoringWorkflow';

/** The lead's conversation changed (a customer message, new contact details): score again, debounced. */
export const conversationChanged = defineSignal('conversationChanged');

/** How many times this run has scored the lead (support, and the debounce test). */
export const scoringRuns = defineQuery<number>('scoringRuns');

export interface LeadScoringTiming {
  /** Score once the conversation has been quiet this long... */
  debounceMs: number;
  /** ...or when the first unscored change is this old, whichever comes first. */
  maxDelayMs: number;
  /** With no change for this long the run ends (1 hour when absent: inputs of earlier code). */
  idleMs?: number;
  /** Scoring runs before the history is cut with continue-as-new (100 when absent: inputs of earlier code). */
  runsPerHistory?: number;
}
