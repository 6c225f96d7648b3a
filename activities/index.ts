import type { Services } from '../src/services.js';
import { createKeyExpiryActivities } from './key-expiry.js';
import { createWebhookActivities } from './webhooks.js';
import { createAiReplyActivities } from './ai-reply.js';
import { createLeadScoringActivities } from './lead-scoring.js';
import { createPublicationActivities } from './publications.js';
import { createArticleGenerationActivities } from './article-generation.js';
import { createAnalyticsActivities } from './analytics.js';
import { createStrategistActivities } from './strategist.js';
import { createStrategistChatActivities } from './strategist-chat.js';
import { createTenantSweepActivities } from './tenant-sweep.js';
import { createReconcilerActivities } from './reconciler.js';
import { createRecoveryActivities } from './recovery.js';

/**
 * Every activity, built from the process's services (real or test ones). Workflows see
 * only the type: `proxyActivities<Activities>()`.
 */
export function createActivities(services: Services) {
  return {
    ...createKeyExpiryActivities(services),
    ...createWebhookActivities(services),
    ...createAiReplyActivities(services),
    ...createLeadScoringActivities(services),
    ...createPublicationActivities(services),
    ...createArticleGenerationActivities(services),
    ...createAnalyticsActivities(services),
    ...createStrategistActivities(services),
    ...createStrategistChatActivities(services),
    ...createTenantSweepActivities(services),
    ...createReconcilerActivities(services),
    ...createRecoveryActivities(services),
  };
}

export type Activities = ReturnType<typeof createActivities>;
