import { defineQuery } from '@temporalio/workflow';

/**
 * What the support console and the recovery workflow share (docs/decisions.md, "Recoveries
 * run as workflows"): the type, its id, its input and the query of its progress.
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
  jobId: string;
  /** Who started it (the operator's e-mail): recorded with each page's replays. */
  operator: string;
  webhookId: string;
  tenantId: string;
  /** The range of creation times, ISO: since inclusive, until exclusive. */
  since: string;
  until: string;
  /** Deliveries to replay counted when it started (what the progress bar fills to). */
  total: number;
  /** The most it replays (SUPPORT_RECOVERY_MAX when it started), whatever appears in the range meanwhile. */
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
