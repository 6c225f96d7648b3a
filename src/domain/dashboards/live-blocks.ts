import { SITE_WORKING_MS } from '../articles/sites.js';
import { sitemapOf } from '../sitemaps/sitemap-health.js';
import type { Block, BlockContext } from './block.js';
import type { ClusterRow } from './overview-reads.js';

/**
 * The overview blocks read from what exists now (the strategist's latest report, the bound
 * sites), not from the period's rollups.
 */

/** How many of a report's actions the block shows (the report has them all). */
const TOP_ACTIONS = 3;

/** The latest report (by report date), its first actions, and how many topics wait for a decision. */
export function strategistBlock(c: BlockContext): Block {
  const report = c.live.report;
  const topicsProposed = Number(c.live.topics_proposed);
  if (!report) return { availability: 'no_data', reason: 'The strategist has produced no report for this account yet.', data_as_of: {}, topics_proposed: topicsProposed };
  return {
    availability: 'ok', data_as_of: report.data_as_of.snapshot ? { snapshot: report.data_as_of.snapshot } : {},
    report: {
      id: report.id, report_date: report.report_date, report_type: report.report_type, summary_text: report.summary_text,
      created_at: new Date(report.created_at).toISOString(),
      top_actions: report.actions.slice(0, TOP_ACTIONS).map((a) => ({ title: a.title, priority: a.priority ?? null })),
      actions_total: report.actions.length,
    },
    topics_proposed: topicsProposed,
  };
}

/** The bound sites' modules: working (a heartbeat within 2 hours), silent or never heard, and each one's latest publication job. */
export function siteModules(c: BlockContext): { site_module: 'not_connected' | 'working' | 'silent'; sites: unknown[] } {
  const rows = c.live.sites!;
  const sites = rows.map((s) => {
    const heartbeat = s.last_heartbeat_at ? new Date(s.last_heartbeat_at) : null;
    const working = heartbeat !== null && c.now.getTime() - heartbeat.getTime() <= SITE_WORKING_MS;
    return {
      id: s.id, url: s.url, state: working ? 'working' : 'silent', last_heartbeat_at: heartbeat?.toISOString() ?? null,
      last_job: s.job_state ? { state: s.job_state, at: new Date(s.job_at!).toISOString() } : null,
    };
  });
  const site_module = !sites.length ? 'not_connected' : sites.some((s) => s.state === 'working') ? 'working' : 'silent';
  return { site_module, sites };
}

/**
 * The topic clusters with most topics (rejected topics and duplicates aside): each one's first
 * topic's title, its topics by state, and how many clusters there are in all (overview-reads.ts).
 */
export function clustersBlock(c: BlockContext): Block {
  const rows: ClusterRow[] = c.live.clusters!;
  if (!rows.length) return { availability: 'no_data', reason: 'No strategist topics yet: clusters form as topics are proposed.', data_as_of: {} };
  return {
    availability: 'ok', data_as_of: {}, clusters_total: Number(rows[0]!.total),
    clusters: rows.map((r) => ({
      id: r.cluster, title: r.title, topics: Number(r.topics), proposed: Number(r.proposed), approved: Number(r.approved), generated: Number(r.generated),
    })),
  };
}

/** Sites whose sitemap the block reads (the first bound). */
const SITEMAP_SITES = 5;
/** The block's state: the worst of its sites'. */
const SITEMAP_STATES = ['error', 'warning', 'checking', 'ok'] as const;

/**
 * The bound sites' sitemaps (src/domain/sitemaps): read through the webhooks' address rules,
 * kept a few minutes, waited for a bounded time. ok: every published article of the site is
 * listed; warning: some are not, or part of the sitemap was not read; error: the sitemap could
 * not be read (the site's error says why); checking: the first read is still running.
 */
export async function sitemapHealthBlock(c: BlockContext): Promise<Block> {
  const sites = c.live.sites!.slice(0, SITEMAP_SITES).map((s) => ({ id: s.id, tenant_id: s.tenant_id, url: s.url }));
  if (!sites.length) {
    return { availability: 'not_connected', reason: 'No site is bound to this account: a bound site\'s sitemap is read here.', data_as_of: {}, state: 'not_connected', sites: [] };
  }
  const read = await Promise.all(sites.map((s) => sitemapOf(s, c.sitemaps)));
  const state = SITEMAP_STATES.find((s) => read.some((r) => r.state === s))!;
  const known = read.some((r) => r.state === 'ok' || r.state === 'warning');
  const reason = known ? undefined
    : state === 'error' ? `The sitemap could not be read: ${read.find((r) => r.error)!.error!.message}`
      : 'The sitemap is being read: ask again in a few seconds.';
  return { availability: known ? 'ok' : 'no_data', ...(reason ? { reason } : {}), data_as_of: {}, state, sites: read };
}
