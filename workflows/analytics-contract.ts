import { defineQuery } from '@temporalio/workflow';

/** What the api, the CLI and the workflows share about analytics snapshots (names only, no I/O). */

/** One snapshot per tenant at a time: a second start finds the running one. */
export const snapshotWorkflowId = (tenantId: string) => `analytics-snapshot:${tenantId}`;

export interface SnapshotProgress {
  /** Days rebuilt so far, of `total`. */
  done: number;
  total: number;
}

export interface SnapshotResult {
  days: number;
  rows: number;
  complete_through: string;
}

export const snapshotProgressQuery = defineQuery<SnapshotProgress>('snapshotProgress');
