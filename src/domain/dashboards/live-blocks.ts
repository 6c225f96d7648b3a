import { SITE_WORKING_MS } from '../articles/sites.js';
import { sitemapOf } from '../sitemaps/sitemap-health.js';
import type { Block, BlockContext } from './block.js';

/**
 * The overview blocks read from what exists now (the strategist's latest report, the bound
 * sites), not from the period's rollups.
 */

/** How many of a report's actions the block shows (the report has them all). */
const TOP_ACTIONS = 3;

interface ReportRow { id: string; report_date: string; report_type: string; summary_text: string; actions: { title: string; priority?: string }[]; data_as_of: Record<string, string>; created_at: Date }

/** The latest report (by report date), its first actions, and how many topics wait for a decision. */
export async function strategistBlock(c: BlockContext): Promise<Block> {
  const [[report], [queue]] = await Promise.all([
    c.em.execute<ReportRow[]>(
      `select id, report_date, report_type, summary_text, actions, data_as_of, created_at from strategist_reports
        where tenant_id = ? and not creative order by report_date desc, created_at desc, id desc limit 1`,
      [c.tenantId],
    ),
    c.em.execute<{ proposed: string }[]>(
      `select count(*) as proposed from strategist_topics where tenant_id = ? and status = 'proposed' and (expires_at is null or expires_at > ?)`,
      [c.tenantId, c.now],
    ),
  ]);
  const topicsProposed = Number(queue!.proposed);
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

interface SiteRow { id: string; url: string; last_heartbeat_at: Date | null; job_state: string | null; job_at: Date | null }

/** The bound sites' modules: working (a heartbeat within 2 hours), silent or never heard, and each one's latest publication job. */
export async function siteModules(c: BlockContext): Promise<{ site_module: 'not_connected' | 'working' | 'silent'; sites: unknown[] }> {
  const rows = await c.em.execute<SiteRow[]>(
    `select s.id, s.url, s.last_heartbeat_at, j.state as job_state, j.updated_at as job_at from sites s
       left join lateral (select state, updated_at from publications p where p.site_id = s.id order by updated_at desc, id desc limit 1) j on true
      where s.tenant_id = ? order by s.created_at, s.id`,
    [c.tenantId],
  );
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

/** How many clusters the block lists (the largest first). */
const CLUSTERS_SHOWN = 10;

interface ClusterRow { cluster: string; title: string; topics: string; proposed: string; approved: string; generated: string; total: string }

/**
 * The topic clusters with most topics (rejected topics and duplicates aside): each one's first
 * topic's title, its topics by state, and how many clusters there are in all.
 */
export async function clustersBlock(c: BlockContext): Promise<Block> {
  const rows = await c.em.execute<ClusterRow[]>(
    `select coalesce(cluster_id, id) as cluster, (array_agg(title order by created_at, id))[1] as title, count(*) as topics,
            count(*) filter (where status = 'proposed' and (expires_at is null or expires_at > ?)) as proposed,
            count(*) filter (where status in ('approved', 'generating')) as approved,
            count(*) filter (where status = 'generated') as generated,
            count(*) over () as total
       from strategist_topics where tenant_id = ? and title is not null and status not in ('rejected', 'duplicate')
      group by 1 order by count(*) desc, min(created_at), 1 limit ${CLUSTERS_SHOWN}`,
    [c.now, c.tenantId],
  );
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
  const sites = await c.em.execute<{ id: string; tenant_id: string; url: string }[]>(
    `select id, tenant_id, url from sites where tenant_id = ? order by created_at, id limit ${SITEMAP_SITES}`, [c.tenantId]);
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
