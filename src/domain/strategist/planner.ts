import type { Em } from '../../db/em.js';
import { rollupRows, totals } from '../analytics/rollup-reads.js';
import { addDays } from '../analytics/time-zone.js';
import { pulse, type PulseAlert } from '../dashboards/pulse.js';
import { VISIBLE_CONVERSATION_SQL } from '../conversations/conversations.js';
import { customerTextRedactor } from '../privacy/customer-text.js';
import { topicTitle } from './topic-titles.js';
import { articleSubjects, covers, nearDuplicateOf } from './near-duplicates.js';
import { queueTopic } from './topics.js';

/**
 * The planner (decisions: "Strategist: the planner"): topics from what visitors search on the
 * site and customers ask in chat without an article covering it, and from keywords rising in
 * the pulse, over the 28 days ending at the report's day. source = planner.
 */
const WINDOW_DAYS = 28;
/** At most this many candidates of each kind per run, the most searched first. */
const PER_KIND = 10;

export interface Candidate {
  title: string;
  rationale: string;
  trendScore: number | null;
}

/**
 * trend_score 0–100: half volume (log scale: 1 search ~ 3, 1000 searches in the horizon = 50),
 * half growth against the horizon before (+100% or more, or new, = 50; falling = 0).
 */
export function trendScore(alert: Pick<PulseAlert, 'volume' | 'growth'>): number {
  const volume = Math.min(1, Math.log10(1 + alert.volume) / 3);
  const growth = alert.growth === null ? 1 : Math.min(1, Math.max(0, alert.growth));
  return Math.round(((volume + growth) / 2) * 10_000) / 100;
}

/** The pulse periods the planner reads, ending at the report's day: a keyword's 7-day alert is taken before its 28-day one. */
const PULSE_DAYS = [7, WINDOW_DAYS];

/** Each keyword's pulse alert with a volume, from the shortest period that has one. */
async function alertsByKeyword(em: Em, tenantId: string, to: string): Promise<Map<string, PulseAlert>> {
  const periods = await Promise.all(PULSE_DAYS.map((days) => pulse(em, tenantId, { from: addDays(to, 1 - days), to })));
  const out = new Map<string, PulseAlert>();
  for (const a of periods.flatMap((p) => p.alerts)) if (!out.has(a.keyword) && a.volume > 0) out.set(a.keyword, a);
  return out;
}

const rising = (a: PulseAlert) => a.volume > 0 && (a.growth === null || a.growth > 0);
const change = (a: PulseAlert) => (a.growth === null ? `none in the ${a.horizon} before` : `+${Math.round(a.growth * 100)}% on the ${a.horizon} before`);

/** The candidates of a tenant's queue up to `to` (a day of the tenant's zone), articles' subjects left out. */
export async function planCandidates(em: Em, tenantId: string, to: string, since: Date): Promise<Candidate[]> {
  const range = { from: addDays(to, 1 - WINDOW_DAYS), to };
  const articles = await articleSubjects(em, tenantId);
  const uncovered = (text: string) => !articles.some((a) => covers(a, text));
  const alerts = await alertsByKeyword(em, tenantId, to);
  // Searches and pulse keywords come redacted from the rollups; each title is redacted once more
  // so that a rollup built before the redaction existed cannot carry a person into a topic.
  const redact = await customerTextRedactor(em, tenantId);
  const out: Candidate[] = [];

  const searches = totals((await rollupRows(em, tenantId, ['site_searches'], range, { prefix: 'query:' })).map((r) => ({ ...r, metric: r.dimension.slice('query:'.length) })));
  const searched = [...searches].filter(([q]) => q.trim() && uncovered(q)).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).slice(0, PER_KIND);
  for (const [query, n] of searched) {
    const alert = alerts.get(query);
    out.push({ title: redact(query), rationale: `Visitors searched the site for this ${n} time(s) in ${WINDOW_DAYS} days and no article covers it.`, trendScore: alert ? trendScore(alert) : null });
  }

  const risers = [...alerts.values()].filter((a) => rising(a) && !searches.has(a.keyword) && uncovered(a.keyword))
    .sort((a, b) => b.score - a.score || a.keyword.localeCompare(b.keyword)).slice(0, PER_KIND);
  for (const a of risers) {
    out.push({ title: redact(a.keyword), rationale: `A rising search keyword: ${a.volume} in the last ${a.horizon}, ${change(a)}.`, trendScore: trendScore(a) });
  }

  const asked = await em.execute<{ content: string }[]>(
    `select m.content from messages m join conversations c on c.id = m.conversation_id
      where m.tenant_id = ? and m.sender = 'customer' and m.deleted_at is null and ${VISIBLE_CONVERSATION_SQL}
        and m.created_at >= ? and strpos(m.content, chr(63)) > 0
      order by m.created_at desc, m.id desc limit 100`, [tenantId, since]);
  // A question becomes a topic title (topic-titles.ts), from the redacted text only.
  const titles = asked.map((q) => topicTitle(redact(q.content))).filter((t): t is string => t !== null);
  const questions = [...new Set(titles)].filter(uncovered).slice(0, PER_KIND);
  for (const q of questions) out.push({ title: q, rationale: 'Customers asked this in chat and no article answers it.', trendScore: null });
  return out;
}

/**
 * Puts candidates in the queue under `source`: one that near-duplicates a topic of the same
 * source is skipped (the producer proposed it already), another near-duplicate goes in as
 * `duplicate` (queueTopic). Answers how many went in, by state.
 */
export async function queueCandidates(em: Em, tenantId: string, source: string, candidates: Candidate[], now: Date): Promise<{ proposed: number; duplicate: number; skipped: number }> {
  const counts = { proposed: 0, duplicate: 0, skipped: 0 };
  for (const c of candidates) {
    const own = await em.execute<{ title: string }[]>('select title from strategist_topics where tenant_id = ? and source = ? and title is not null', [tenantId, source]);
    if (nearDuplicateOf(c.title, own.map((r) => r.title))) {
      counts.skipped += 1;
      continue;
    }
    const topic = await queueTopic(em, { tenantId, title: c.title, rationale: c.rationale, trendScore: c.trendScore, source }, now);
    counts[topic.status === 'duplicate' ? 'duplicate' : 'proposed'] += 1;
  }
  return counts;
}

/** One planner run for the tenant up to `to`, in one transaction. */
export function planTopics(em: Em, tenantId: string, to: string, now: Date): Promise<{ proposed: number; duplicate: number; skipped: number }> {
  return em.transactional(async (tx) => {
    const since = new Date(now.getTime() - WINDOW_DAYS * 86_400_000);
    return queueCandidates(tx, tenantId, 'planner', await planCandidates(tx, tenantId, to, since), now);
  });
}
