import type { Services } from '../src/services.js';
import { recoverPage, type RecoveryPage } from '../src/domain/webhooks/replay.js';
import { recordSupportAction } from '../src/domain/support/audit.js';
import { wakeRelay } from '../src/domain/events/outbox-wakeup.js';
import { beginRecoveryOperation, endRecovery, recoverOperationPage } from '../src/domain/webhooks/recovery-operation.js';
import type { Outcome } from '../src/domain/operations/operations.js';
import type { RecoveryCursor, RecoveryInput } from '../workflows/recovery-contract.js';

export function createRecoveryActivities(services: Services) {
  const { orm, clock, redis } = services;
  return {
    /**
     * One page of a recovery (workflows/recovery.ts). A support recovery's replays and their
     * record in support_actions (`webhook.recover.page`, with the operator and the replays' ids)
     * commit together; an integrator's (input.operationId) count into its operation's row
     * instead (recoverOperationPage). The relay is woken after.
     */
    async recoverDeliveryPage(input: RecoveryInput, after: RecoveryCursor | null, limit: number): Promise<RecoveryPage> {
      if (input.operationId) return recoverOperationPage(services, input, after, limit);
      const now = clock.now();
      const range = { webhookId: input.webhookId, since: new Date(input.since), until: new Date(input.until) };
      const page = await orm.em.fork().transactional(async (em) => {
        const result = await recoverPage(em, range, input.jobId, after, limit, now);
        if (result.made.length) {
          await recordSupportAction(em, {
            operator: input.operator, action: 'webhook.recover.page', targetId: input.webhookId, tenantId: input.tenantId,
            detail: { job_id: input.jobId, replay_ids: result.made, skipped: result.skipped },
          }, now);
        }
        return result;
      });
      if (page.made.length) await wakeRelay(redis);
      return page;
    },

    /** An integrator's recovery: queued -> running, answering its pages' input; null once it has ended. */
    async beginWebhookRecovery(operationId: string): Promise<RecoveryInput | null> {
      return beginRecoveryOperation(services, operationId);
    },

    /** An integrator's recovery ends: succeeded, failed (saying how far it came) or canceled. */
    async endWebhookRecovery(operationId: string, status: Outcome['status']): Promise<boolean> {
      return endRecovery(services, operationId, status);
    },
  };
}
