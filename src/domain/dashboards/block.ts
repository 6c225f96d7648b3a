import type { Em } from '../../db/em.js';
import type { Period } from '../analytics/period.js';
import type { SnapshotState } from '../analytics/rollup-reads.js';
import type { RollupCache } from '../analytics/rollup-cache.js';
import type { SitemapDeps } from '../sitemaps/sitemap-health.js';

/** What every overview block answers and what each is computed from (blocks.ts, live-blocks.ts). */
export type Availability = 'ok' | 'no_data' | 'no_source' | 'not_connected';

export interface Block {
  availability: Availability;
  reason?: string;
  data_as_of: Record<string, string>;
  [figure: string]: unknown;
}

export interface BlockContext {
  em: Em;
  tenantId: string;
  period: Period;
  state: SnapshotState;
  /** Reads of the rollups go through it (keyed by the tenant's rollup version); live reads do not. */
  rollups: RollupCache;
  /** Money of a cell-currency amount, and of a rouble amount. */
  money(amount: number): { amount: string; currency: string };
  moneyFromRub(amountRub: number): { amount: string; currency: string };
  wallet: { state: string; balance: { amount: string; currency: string } | null };
  now: Date;
  /** What sitemap_health reads a bound site's sitemap with (the webhooks' address rules, Redis). */
  sitemaps: SitemapDeps;
}
