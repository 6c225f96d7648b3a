// Every workflow the worker runs. Deterministic code only: no I/O, no Node built-ins.
// Each type's versioning behavior (PINNED or AUTO_UPGRADE), set on the functions exported here.
import './versioning.js';
export { keyExpiryNotices } from './key-expiry.js';
export { deliveryWorkflow } from './delivery.js';
export { deliveryLogRetention } from './retention.js';
export { aiReplyWorkflow } from './ai-reply.js';
export { leadScoringWorkflow } from './lead-scoring.js';
export { publicationWorkflow } from './publication.js';
export { articleGenerationWorkflow } from './article-generation.js';
export { analyticsSnapshot } from './analytics-snapshot.js';
export { strategistReport } from './strategist-report.js';
export { strategistTurnWorkflow } from './strategist-turn.js';
export { tenantSweep } from './tenant-sweep.js';
export { reconcilerSweep } from './reconciler.js';
export { deliveryRecovery, webhookRecoveryWorkflow } from './recovery.js';
