import type { Services } from '../src/services.js';
import { applyModuleResult } from '../src/domain/articles/publications.js';
import { wakeRelay } from '../src/domain/events/outbox-wakeup.js';
import type { ModuleResult, ResultAnswer } from '../workflows/publication-contract.js';
import { failQueuedPublication } from '../src/domain/articles/publication-ends.js';

/** Activities of the publication workflow. */
export function createPublicationActivities(services: Services) {
  return {
    /** Applies the module's result in one transaction (with article.published when applied with an address); stale when the job was no longer queued. */
    async applyPublicationResult(publicationId: string, result: ModuleResult): Promise<ResultAnswer> {
      const end = await services.orm.em.fork().transactional((em) => applyModuleResult(em, publicationId, result, services.clock.now()));
      if (end.applied) await wakeRelay(services.redis);
      return end.applied
        ? { outcome: 'applied', state: result.result, published_url: end.publishedUrl }
        : { outcome: 'stale', state: end.state, published_url: end.publishedUrl };
    },

    /** The last step of a publication whose step failed: failed with `error`, unless no longer queued. */
    async failPublication(publicationId: string, error: string): Promise<boolean> {
      return failQueuedPublication(services.orm.em.fork(), publicationId, error, services.clock.now());
    },
  };
}
