import type { Services } from '../src/services.js';
import { recoverPage, type RecoveryPage } from '../src/domain/webhooks/replay.js';
import { recordSupportAction } from '../src/domain/support/audit.js';
import { wakeRelay } from '../src/domain/events/outbox-wakeup.js';
import type { RecoveryCursor, RecoveryInput } from '../workflows/recovery-contract.js';

export function createRecoveryActivities({ orm, clock, redis }: Services) {
  return {
    /**
     * One page of a support recovery (workflows/recovery.ts): its replays and their record in
     * support_actions (`webhook.recover.page`, with the operator and the replays' ids) commit
     * together; the relay is woken after.
     */
    async recoverDeliveryPage(input: RecoveryInput, after: RecoveryCursor | null, limit: number): Promise<RecoveryPage> {
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
  };
}
