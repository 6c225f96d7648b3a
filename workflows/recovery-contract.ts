import { defineQuery } from '@temporalio/workflow';

/**
 * What the support console and the recovery workflow share (docs/adr/0074-support-replays-ask-first-recoveries-run-as-workflows-issue.md,
 * "Why a workflow"): the type, its id, its input and the query of its progress.
 */
export const RECOVERY_WORKFLOW_TYPE = 'deliveryRecovery';

/** One workflow per recovery job (the id the console's /recoveries/<job> page names). */
export const recoveryWorkflowId = (jobId: string): string => `support-recovery:${jobId}`;

/** Where a recovery's pages stand: the last delivery read (created_at, id order). */
export interface RecoveryCursor {
  created_at: string;
  id: string;
}

export interface RecoveryInput {
  /** The job's id: the support console's, or the operation's (an integrator's recovery). */
  jobId: string;
  /** Who started it (the operator's e-mail, recorded with each page's replays; `integration <id>` for an integrator's). */
  operator: string;
  /**
   * An integrator's recovery (POST /webhooks/{id}/recover): its operation, whose row each page
   * locks, counts into and stops at once it is finished (canceled); absent for support's.
   */
  operationId?: string;
  webhookId: string;
  tenantId: string;
  /** The range of creation times, ISO: since inclusive, until exclusive. */
  since: string;
  until: string;
  /** Deliveries to replay counted when it started (what the progress bar fills to). */
  total: number;
  /** The most it replays (SUPPORT_RECOVERY_MAX when it started; no bound but the range for an integrator's), whatever appears in the range meanwhile. */
  max: number;
  /** Deliveries read per page (one activity, one transaction). */
  pageSize: number;
}

export interface RecoveryProgress {
  state: 'running' | 'finished' | 'failed';
  replayed: number;
  skipped: number;
  /** The replays made, newest last (the first RECOVERY_LISTED). */
  replays: string[];
  pages: number;
  /** Where the next page starts; null before the first. */
  after: RecoveryCursor | null;
  error: string | null;
}

/** Replay ids a job's progress lists (its record in support_actions names them all). */
export const RECOVERY_LISTED = 200;

/** A recovery job as its query and its result answer it: what it was asked and how far it got. */
export interface RecoveryJob {
  input: RecoveryInput;
  progress: RecoveryProgress;
}

export const recoveryProgressQuery = defineQuery<RecoveryJob>('recoveryProgress');
