import type { Services } from '../../services.js';
import { CELLS, type Cell, type Release } from '../../config.js';
import { readiness } from './readiness.js';
import { readPipelineSignals } from './signals.js';
import { COMPONENTS, judge, worstOf, type Component, type ComponentStatus, type ComponentVerdict } from './verdicts.js';

export const COMPONENT_NAMES: Record<Component, string> = {
  public_api: 'Public API',
  webhook_delivery: 'Webhook delivery',
  ai_replies: 'AI replies',
  article_generation_and_publication: 'Article generation and publication',
  visitor_chat: 'Visitor chat',
  analytics: 'Analytics',
  temporal: 'Temporal (workflow engine)',
};

export interface StatusDocument {
  cell: Cell;
  status: ComponentStatus;
  updated_at: string;
  components: ({ id: Component; name: string } & ComponentVerdict)[];
  /** The release labels whose routes answer on this cell (RELEASED_LABELS); test keys work only with planned. */
  release_labels: Release[];
  cells: { cell: Cell; status_url: string; base_url: string }[];
}

/**
 * The public status map of this cell (no key, no tenant data): each component's verdict from
 * live signals, kept for `status.cacheMs` so a crowd of readers costs one look.
 */
export class StatusMap {
  private cached?: { until: number; document: Promise<StatusDocument> };

  constructor(private readonly services: Pick<Services, 'orm' | 'redis' | 'temporal' | 'config' | 'clock' | 'metrics'>) {}

  document(): Promise<StatusDocument> {
    const now = Date.now();
    if (this.cached && this.cached.until > now) return this.cached.document;
    const document = this.build();
    this.cached = { until: now + this.services.config.status.cacheMs, document };
    document.catch(() => { this.cached = undefined; });
    return document;
  }

  private async build(): Promise<StatusDocument> {
    const { config, clock, metrics } = this.services;
    const at = clock.now();
    const ready = await readiness(this.services);
    const pipeline = ready.postgres ? await readPipelineSignals(this.services.orm.em.fork(), at).catch(() => null) : null;
    const verdicts = judge({ readiness: ready, pipeline, requests: metrics.recentRequests.window() }, config.status);
    const components = COMPONENTS.map((id) => ({ id, name: COMPONENT_NAMES[id], ...verdicts[id] }));
    return {
      cell: config.cell,
      status: worstOf(components.map((c) => c.status)),
      updated_at: at.toISOString(),
      components,
      release_labels: config.releasedLabels,
      cells: CELLS.map((cell) => {
        const base = config.cellBaseUrls[cell];
        return { cell, status_url: `${new URL(base).origin}/status`, base_url: base };
      }),
    };
  }
}
