// What the Schedules, the sweep workflow and its activities share: names and pure functions only.

/**
 * The scheduled work that walks every tenant of a cell (docs/decisions.md, "Scheduled work at
 * 100,000 tenants"); `key-expiry` walks the tenants with a key due for an api_key.expiring
 * notice ("The key-expiry scan pages too").
 */
export const SWEEP_KINDS = ['analytics', 'strategist-daily', 'strategist-weekly', 'key-expiry'] as const;
export type SweepKind = (typeof SWEEP_KINDS)[number];

export const TENANT_SWEEP_WORKFLOW_TYPE = 'tenantSweep';

/** What a sweep has done so far; carried across continue-as-new. */
export interface SweepTotals {
  /** Tenants the pages held (those the kind applies to at page time). */
  tenants: number;
  /** Tenant runs started. */
  started: number;
  /** Tenants whose run was already going (started by an operator, or a slow one of the night before): left to it. */
  skipped: number;
  pages: number;
}

export interface TenantSweepInput {
  kind: SweepKind;
  /** Tenants per page: one page activity and one run of the workflow each. */
  pageSize: number;
  /** The tenants' runs start spread over this many ms after the sweep's start (TENANT_SWEEP_SPREAD). */
  spreadMs: number;
  /** Set by the sweep itself on continue-as-new: the first run's start, the last tenant of the page, the totals. */
  startedAt?: string;
  after?: string | null;
  totals?: SweepTotals;
}

const UINT32 = 2 ** 32;

/**
 * When a tenant's run starts, in ms after the sweep's start: the tenant id's leading 32 bits
 * (a v4 UUID is random there, so they serve as its hash) scaled into the window. Deterministic,
 * in [0, spreadMs), and rising with the id: the sweep pages tenants by id, so it meets them in
 * the order they are due. Ids not starting with hex digits fall at 0.
 */
export function spreadOffsetMs(tenantId: string, spreadMs: number): number {
  const lead = Number.parseInt(tenantId.replace(/-/g, '').slice(0, 8).padEnd(8, '0'), 16);
  if (!Number.isFinite(lead)) return 0;
  return Math.floor((lead / UINT32) * spreadMs);
}
