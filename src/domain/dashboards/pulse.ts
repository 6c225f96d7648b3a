import { createHash } from 'node:crypto';
import type { Em } from '../../db/orm.js';
import { addDays } from '../analytics/time-zone.js';
import { rollupRows } from '../analytics/rollup-reads.js';
import type { PulseTopic } from './pulse-topics.js';

/**
 * GET /dashboards/pulse: keywords rising in what visitors search on the site (site_search),
 * in search engines (search_performance impressions) and in what customers ask in chats (their
 * questions, rolled up by the snapshot), over 7 and 28 days ending at `to`, each horizon
 * against the one just before. `sources` names where a keyword was seen.
 */
export const PULSE_LIMIT = 50;
const HORIZONS = [['7d', 7], ['28d', 28]] as const;

export interface PulseAlert {
  id: string;
  topic_id: string | null;
  topic_name: string;
  keyword: string;
  horizon: '7d' | '28d';
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

export async function pulse(em: Em, tenantId: string, to: string): Promise<{ alerts: PulseAlert[]; truncated: boolean; new7d: number }> {
  const volumes = await keywordVolumes(em, tenantId, { from: addDays(to, -55), to });
  const alerts: PulseAlert[] = [];
  for (const [horizon, length] of HORIZONS) {
    const from = addDays(to, 1 - length);
    const before = { from: addDays(from, -length), to: addDays(from, -1) };
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
  }
  alerts.sort((a, b) => b.score - a.score || a.horizon.localeCompare(b.horizon) || a.keyword.localeCompare(b.keyword));
  return { alerts: alerts.slice(0, PULSE_LIMIT), truncated: alerts.length > PULSE_LIMIT, new7d: alerts.filter((a) => a.horizon === '7d' && a.status === 'new').length };
}
