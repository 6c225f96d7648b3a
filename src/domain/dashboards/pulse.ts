import { createHash } from 'node:crypto';
import type { Em } from '../../db/em.js';
import { previousPeriod } from '../analytics/period.js';
import { addDays, daysBetween } from '../analytics/time-zone.js';
import { rollupRows } from '../analytics/rollup-reads.js';
import type { PulseTopic } from './pulse-topics.js';

/**
 * GET /dashboards/pulse (decisions: "Pulse over the period asked for"): keywords rising in what
 * visitors search on the site (site_search), in search engines (search_performance impressions)
 * and in what customers ask in chats (their questions, rolled up by the snapshot), over the
 * period [from, to] against the period of the same length just before it (as the overview's
 * kpi compares). `sources` names where a keyword was seen.
 */
export const PULSE_LIMIT = 50;
/** new_7d counts the new alerts whose keyword first appeared in this many last days of the period. */
const NEW_DAYS = 7;
/** The data_as_of sources the alerts are read from: site searches (web events), impressions (search), questions (conversations). */
export const PULSE_SOURCES = ['web', 'search', 'conversations'] as const;

export interface PulseAlert {
  id: string;
  topic_id: string | null;
  topic_name: string;
  keyword: string;
  /** The period's length in days, as `<days>d`. */
  horizon: string;
  status: 'new' | 'active' | 'fading';
  episode_start: string;
  last_seen: string;
  score: number;
  volume: number;
  growth: number | null;
  sources: string[];
  strategist_topic: PulseTopic | null;
}

interface KeywordDays { days: Map<string, number>; sources: Set<string> }

async function keywordVolumes(em: Em, tenantId: string, range: { from: string; to: string }): Promise<Map<string, KeywordDays>> {
  const [searches, impressions, questions] = await Promise.all([
    rollupRows(em, tenantId, ['site_searches'], range, { prefix: 'query:' }),
    rollupRows(em, tenantId, ['search_impressions'], range, { prefix: 'keyword_page:' }),
    rollupRows(em, tenantId, ['customer_questions'], range, { prefix: 'question:' }),
  ]);
  const out = new Map<string, KeywordDays>();
  const add = (keyword: string, day: string, n: number, source: string) => {
    const k = out.get(keyword) ?? { days: new Map(), sources: new Set() };
    k.days.set(day, (k.days.get(day) ?? 0) + n);
    k.sources.add(source);
    out.set(keyword, k);
  };
  for (const r of searches) add(r.dimension.slice('query:'.length), r.day, r.value, 'site_search');
  for (const r of impressions) add((JSON.parse(r.dimension.slice('keyword_page:'.length)) as string[])[0]!.toLowerCase(), r.day, r.value, 'search_performance');
  for (const r of questions) add(r.dimension.slice('question:'.length), r.day, r.value, 'chat_question');
  return out;
}

const sumIn = (days: Map<string, number>, from: string, to: string) => [...days].filter(([d]) => d >= from && d <= to).reduce((n, [, v]) => n + v, 0);
const daysIn = (days: Map<string, number>, from: string, to: string) => [...days].filter(([d, v]) => d >= from && d <= to && v > 0).map(([d]) => d).sort();

export interface Pulse {
  alerts: PulseAlert[];
  truncated: boolean;
  /** New alerts whose episode started in the last NEW_DAYS days of the period. */
  new7d: number;
  /** What the period is compared with: the same number of days just before it. */
  previous: { from: string; to: string };
}

/** The alerts of the keywords seen in `period` or the period before it, best score first, PULSE_LIMIT at most. */
export async function pulse(em: Em, tenantId: string, period: { from: string; to: string }): Promise<Pulse> {
  const { from, to } = period;
  const before = previousPeriod(period);
  const horizon = `${daysBetween(from, to) + 1}d`;
  const volumes = await keywordVolumes(em, tenantId, { from: before.from, to });
  const alerts: PulseAlert[] = [];
  for (const [keyword, k] of volumes) {
    const volume = sumIn(k.days, from, to);
    const previous = sumIn(k.days, before.from, before.to);
    if (volume === 0 && previous === 0) continue;
    const seen = volume > 0 ? daysIn(k.days, from, to) : daysIn(k.days, before.from, before.to);
    const growth = previous === 0 ? null : Math.round(((volume - previous) / previous) * 10_000) / 10_000;
    alerts.push({
      id: `pulse_${horizon}_${createHash('sha256').update(keyword).digest('hex').slice(0, 16)}`,
      topic_id: null, topic_name: keyword, keyword, horizon,
      status: previous === 0 ? 'new' : volume < previous ? 'fading' : 'active',
      episode_start: seen[0]!, last_seen: seen[seen.length - 1]!,
      score: Math.round(volume * (growth === null ? 2 : Math.max(0, 1 + growth)) * 100) / 100,
      volume, growth, sources: [...k.sources].sort(), strategist_topic: null,
    });
  }
  alerts.sort((a, b) => b.score - a.score || a.keyword.localeCompare(b.keyword));
  const recent = addDays(to, 1 - NEW_DAYS);
  return {
    alerts: alerts.slice(0, PULSE_LIMIT), truncated: alerts.length > PULSE_LIMIT,
    new7d: alerts.filter((a) => a.status === 'new' && a.episode_start >= recent).length, previous: before,
  };
}
