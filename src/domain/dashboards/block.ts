import type { Period } from '../analytics/period.js';
import type { SnapshotState } from '../analytics/rollup-reads.js';
import type { SitemapDeps } from '../sitemaps/sitemap-health.js';
import type { OverviewRollups } from './overview-rollups.js';
import type { OverviewRow } from './overview-reads.js';

/** What every overview block answers and what each is computed from (blocks.ts, live-blocks.ts). */
export type Availability = 'ok' | 'no_data' | 'no_source' | 'not_connected';

export interface Block {
  availability: Availability;
  reason?: string;
  data_as_of: Record<string, string>;
  [figure: string]: unknown;
}

export interface BlockContext {
  tenantId: string;
  period: Period;
  state: SnapshotState;
  /** What the blocks asked for read live (overview-reads.ts): a block's part is there when it was asked for. */
  live: OverviewRow;
  /** The rollup reads the blocks asked for need (overview-rollups.ts). */
  rollups: Partial<OverviewRollups>;
  /** Money of a cell-currency amount, and of a rouble amount. */
  money(amount: number): { amount: string; currency: string };
  moneyFromRub(amountRub: number): { amount: string; currency: string };
  wallet: { state: string; balance: { amount: string; currency: string } | null };
  now: Date;
  /** What sitemap_health reads a bound site's sitemap with (the webhooks' address rules, Redis). */
  sitemaps: SitemapDeps;
}
