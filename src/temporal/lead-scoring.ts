import type { Services } from '../services.js';
import { conversationChanged, LEAD_SCORING_WORKFLOW, leadScoringWorkflowId } from '../../workflows/lead-scoring-contract.js';
import { taskQueueFor } from './task-queues.js';
import { TENANT_ID } from '../../workflows/search-attributes.js';

export interface ScoredLeadRef {
  id: string;
  tenantId: string;
}

/**
 * Tells the lead's scoring workflow (`lead-score:<id>`) that its conversation changed, starting
 * it when it is not running (signal-with-start: one workflow per lead, however many api
 * processes signal at once). Call after the commit of the change.
 */
export async function noticeLeadChange(s: Pick<Services, 'temporal' | 'config'>, lead: ScoredLeadRef): Promise<void> {
  const client = await s.temporal.client();
  await client.workflow.signalWithStart(LEAD_SCORING_WORKFLOW, {
    workflowId: leadScoringWorkflowId(lead.id),
    taskQueue: taskQueueFor(s.temporal.taskQueue, LEAD_SCORING_WORKFLOW),
    args: [lead.id, s.config.leadScoring],
    signal: conversationChanged,
    signalArgs: [],
    typedSearchAttributes: [{ key: TENANT_ID, value: lead.tenantId }],
  });
}
