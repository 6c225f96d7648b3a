import type { VersioningBehavior } from '@temporalio/common';
import { setWorkflowOptions } from '@temporalio/workflow';
import { keyExpiryNotices } from './key-expiry.js';
import { deliveryWorkflow } from './delivery.js';
import { deliveryLogRetention } from './retention.js';
import { aiReplyWorkflow } from './ai-reply.js';
import { leadScoringWorkflow } from './lead-scoring.js';
import { publicationWorkflow } from './publication.js';
import { articleGenerationWorkflow } from './article-generation.js';
import { analyticsSnapshot } from './analytics-snapshot.js';
import { strategistReport } from './strategist-report.js';
import { strategistTurnWorkflow } from './strategist-turn.js';
import { tenantSweep } from './tenant-sweep.js';
import { reconcilerSweep } from './reconciler.js';
import { deliveryRecovery, webhookRecoveryWorkflow } from './recovery.js';

/** A workflow function and what a deploy does to its open runs. */
type Versioned = [(...args: never[]) => Promise<unknown>, VersioningBehavior];

/**
 * What a deploy of new workflow code does to each type's open runs (Worker Versioning;
 * docs/adr/0065-safe-to-run-for-months-issue-40-session-15.md, "Worker Versioning from it on", and docs/operating.md, "Deploying a workflow change").
 * PINNED: a run stays on the build it started on until it closes, so its code never changes
 * under it and needs no patch; the old build's workers run until its pinned runs have drained.
 * These are bounded: an operation minutes, a report or a sweep's night hours. AUTO_UPGRADE: a
 * run moves to the deployment's current build at its next workflow task, so the old workers can
 * go at once; for the long holds (a delivery held for a month, a publication waiting days for
 * the site module, a lead's scorer), which would keep an old build alive for as long. Their
 * changes of commands still go behind `patched()` (the patch register).
 */
export const VERSIONING = {
  deliveryWorkflow: [deliveryWorkflow, 'AUTO_UPGRADE'],
  publicationWorkflow: [publicationWorkflow, 'AUTO_UPGRADE'],
  leadScoringWorkflow: [leadScoringWorkflow, 'AUTO_UPGRADE'],
  aiReplyWorkflow: [aiReplyWorkflow, 'PINNED'],
  articleGenerationWorkflow: [articleGenerationWorkflow, 'PINNED'],
  strategistTurnWorkflow: [strategistTurnWorkflow, 'PINNED'],
  strategistReport: [strategistReport, 'PINNED'],
  analyticsSnapshot: [analyticsSnapshot, 'PINNED'],
  keyExpiryNotices: [keyExpiryNotices, 'PINNED'],
  deliveryLogRetention: [deliveryLogRetention, 'PINNED'],
  tenantSweep: [tenantSweep, 'PINNED'],
  // A run of minutes (it continues as new after its pages); the next run starts on the current build.
  reconcilerSweep: [reconcilerSweep, 'PINNED'],
  // A support recovery: minutes at most (bounded by SUPPORT_RECOVERY_MAX), continuing as new after its pages.
  deliveryRecovery: [deliveryRecovery, 'PINNED'],
  // An integrator's recovery: the same pages, short transactions (30 days of one subscription at most), continuing as new.
  webhookRecoveryWorkflow: [webhookRecoveryWorkflow, 'PINNED'],
} satisfies Record<string, Versioned>;

for (const [workflow, versioningBehavior] of Object.values<Versioned>(VERSIONING)) setWorkflowOptions({ versioningBehavior }, workflow);
