import type { Services } from '../src/services.js';
import { scoreLeadNow } from '../src/domain/leads/lead-scoring.js';
import { wakeRelay } from '../src/domain/events/outbox-wakeup.js';

/** The lead scoring workflow's one step: score and store, in one transaction (a local activity). */
export function createLeadScoringActivities(services: Services) {
  return {
    async scoreLead(leadId: string): Promise<number | null> {
      const result = await services.orm.em.fork().transactional((em) => scoreLeadNow(em, leadId, services.clock.now()));
      await wakeRelay(services.redis).catch(() => undefined);
      return result?.score ?? null;
    },
  };
}
