import type { Services } from '../src/services.js';
import { scoreLeadNow } from '../src/domain/leads/lead-scoring.js';
import { describeLead } from '../src/domain/leads/lead-description.js';
import { wakeRelay } from '../src/domain/events/outbox-wakeup.js';

/**
 * The lead scoring workflow's one step: describe (intent and ai_summary, a remote model's call
 * outside any transaction), then score and store both, in one transaction (a local activity).
 * Neither the description nor the customer's text is in the step's result: only the score.
 */
export function createLeadScoringActivities(services: Services) {
  return {
    async scoreLead(leadId: string): Promise<number | null> {
      const description = await describeLead(services, leadId);
      const result = await services.orm.em.fork().transactional((em) => scoreLeadNow(em, leadId, services.clock.now(), description));
      await wakeRelay(services.redis).catch(() => undefined);
      return result?.score ?? null;
    },
  };
}
