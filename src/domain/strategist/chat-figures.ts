import type { Redis } from 'ioredis';
import type { Cell } from '../../config.js';
import type { Em } from '../../db/em.js';
import { previousPeriod } from '../analytics/period.js';
import { rollupRows, totals } from '../analytics/rollup-reads.js';
import { hasSent, trafficSources } from '../analytics/reports.js';
import { readAnalyticsPeriod } from '../analytics/today.js';
import { addDays, dayIn, tenantTimeZone } from '../analytics/time-zone.js';
import { FUNNEL, PAID_MEDIUMS } from '../dashboards/blocks.js';
import { CELL_CURRENCY } from '../wallet/money.js';
import { articleSubjects, covers } from './near-duplicates.js';
import { readQuestion, type ReadQuestion } from './chat-question.js';

/**
 * The figures the strategist chat answers from (decisions: "The strategist chat answers what
 * it was asked"): the asked period's and the one before's, read from the analytics
 * snapshot's daily rollups (the dashboards' and reports' source, computed from the tenant's
 * rows: page views, conversations, leads, ad_spend events, customer questions redacted).
 * Each section cites what it rests on (`source`, `period`, `data_as_of`); a section the
 * tenant has no data source for is `{missing: why}` instead, never zeros.
 */

/** Days of the tenant's zone, inclusive. */
export interface Days {
  from: string;
  to: string;
}

/** What a section's figures rest on: its sources (analytics source names), the days, and the day each source is complete through. */
export interface Cite {
  source: string;
  period: Days;
  previous_period: Days;
  data_as_of: Record<string, string>;
}

export interface Pair {
  current: number;
  previous: number;
}

/** Why a section has no figures: `missing` says it to a model and a log, `code` lets the builtin say it in the question's language. */
export interface Missing {
  missing: string;
  code: MissingCode;
}

export type MissingCode = 'no_snapshot' | 'no_web' | 'no_activity' | 'no_conversations' | 'no_ads';

const MISSING: Record<MissingCode, string> = {
  no_snapshot: 'no analytics snapshot has run for this account yet (it runs nightly; bin/ctl analytics snapshot runs it now): there are no figures to answer from',
  no_web: 'no site traffic data: no page view ever reached the analytics (the widget\'s beacon or POST /events page_view)',
  no_activity: 'no visits, conversations or leads have reached the analytics yet',
  no_conversations: 'no conversation yet: no customer has written in chat',
  no_ads: 'no ad platform is connected: no ad_spend event was ever sent (POST /events), so ad spend is unknown',
};
const missing = (code: MissingCode): Missing => ({ missing: MISSING[code], code });

export interface TrafficFigures extends Cite {
  visitors: Pair;
  page_views: Pair;
  /** Top traffic sources ("source / medium") of the period by visitors. */
  sources: { source: string; visitors: number; page_views: number }[];
}

export interface FunnelFigures extends Cite {
  /** visitors (when web data exists), conversations, leads, qualified_leads, won_leads. */
  steps: { step: string; current: number; previous: number }[];
  /** Won leads' value and offline revenue, in `currency`. */
  revenue: Pair;
  /** The steps left out, and why. */
  not_covered: string[];
}

export interface ConversationFigures extends Cite {
  conversations: Pair;
  customer_messages: Pair;
  ai_replies: Pair;
  handoffs: Pair;
}

export interface AdFigures extends Cite {
  /** In `currency`. */
  spend: Pair;
  clicks: Pair;
  platforms: { platform: string; spend: number }[];
  /** Leads of the period from paid traffic (utm_medium cpc and the like), and spend per such lead. */
  paid_leads: number;
  cost_per_lead: number | null;
}

export interface QuestionFigures extends Cite {
  /** Questions customers asked in chat (one per message). */
  asked: Pair;
  /** Most asked of the period, redacted and lower-cased as the rollups count them; `covered`: an article already answers it. */
  top: { question: string; count: number; covered: boolean }[];
}

export interface ChatFigures {
  period: Days & { label: string; time_zone: string; partial_day: string | null; incomplete_after: string | null };
  previous_period: Days;
  currency: string;
  /** What holds for every section (a snapshot behind the period, none at all). */
  notes: string[];
  traffic: TrafficFigures | Missing;
  funnel: FunnelFigures | Missing;
  conversations: ConversationFigures | Missing;
  ads: AdFigures | Missing;
  customer_questions: QuestionFigures | Missing;
}

export const isMissing = (s: object): s is Missing => 'missing' in s;

const TOP_SOURCES = 5;
const TOP_QUESTIONS = 10;


interface Reads {
  em: Em;
  tenantId: string;
  now: Days;
  before: Days;
  dataAsOf: Record<string, string>;
}

const cite = (r: Reads, sources: string[]): Cite => ({
  source: sources.join(', '),
  period: r.now,
  previous_period: r.before,
  data_as_of: Object.fromEntries(sources.flatMap((s) => (r.dataAsOf[s] ? [[s, r.dataAsOf[s]!]] : []))),
});

async function pairs(r: Reads, metrics: string[], dimension: string | { prefix: string } = ''): Promise<(m: string) => Pair> {
  const [now, before] = await Promise.all([rollupRows(r.em, r.tenantId, metrics, r.now, dimension), rollupRows(r.em, r.tenantId, metrics, r.before, dimension)]);
  const [a, b] = [totals(now), totals(before)];
  return (m) => ({ current: a.get(m) ?? 0, previous: b.get(m) ?? 0 });
}

async function traffic(r: Reads): Promise<TrafficFigures | Missing> {
  if (!r.dataAsOf.web) return missing('no_web');
  const pair = await pairs(r, ['visitors', 'page_views']);
  // A source with leads but no visit (a lead's attribution) is not traffic.
  const sources = (await trafficSources(r.em, r.tenantId, r.now, 'visitors')).filter((s) => s.visitors > 0).slice(0, TOP_SOURCES);
  return {
    ...cite(r, ['web']), visitors: pair('visitors'), page_views: pair('page_views'),
    sources: sources.map((s) => ({ source: s.key, visitors: s.visitors, page_views: s.page_views })),
  };
}

async function funnel(r: Reads): Promise<FunnelFigures | Missing> {
  const sources = ['web', 'conversations', 'leads'].filter((s) => r.dataAsOf[s]);
  if (!sources.length) return missing('no_activity');
  const pair = await pairs(r, [...FUNNEL, 'won_value', 'offline_revenue']);
  const notCovered = [
    ...(r.dataAsOf.web ? [] : ['visitors: no site traffic data']),
    ...(r.dataAsOf.leads ? [] : ['leads, qualified and won: no lead yet']),
  ];
  const steps = FUNNEL.filter((s) => (s === 'visitors' ? !!r.dataAsOf.web : s === 'conversations' || !!r.dataAsOf.leads)).map((step) => ({ step, ...pair(step) }));
  const revenue = { current: pair('won_value').current + pair('offline_revenue').current, previous: pair('won_value').previous + pair('offline_revenue').previous };
  return { ...cite(r, sources), steps, revenue, not_covered: notCovered };
}

async function conversations(r: Reads): Promise<ConversationFigures | Missing> {
  if (!r.dataAsOf.conversations) return missing('no_conversations');
  const pair = await pairs(r, ['conversations', 'ai_replies', 'handoffs']);
  const customer = await pairs(r, ['messages'], 'sender:customer');
  return { ...cite(r, ['conversations']), conversations: pair('conversations'), customer_messages: customer('messages'), ai_replies: pair('ai_replies'), handoffs: pair('handoffs') };
}

async function ads(r: Reads, snapshot: boolean): Promise<AdFigures | Missing> {
  if (!(await hasSent(r.em, r.tenantId, 'ad_spend'))) return missing('no_ads');
  if (!snapshot) return missing('no_snapshot');
  const pair = await pairs(r, ['ad_spend', 'ad_clicks']);
  const byPlatform = await rollupRows(r.em, r.tenantId, ['ad_spend'], r.now, { prefix: 'source:' });
  const platforms = [...totals(byPlatform.map((x) => ({ ...x, metric: x.dimension.slice('source:'.length) })))]
    .map(([platform, spend]) => ({ platform, spend })).sort((a, b) => b.spend - a.spend || a.platform.localeCompare(b.platform));
  const leads = await rollupRows(r.em, r.tenantId, ['leads'], r.now, { prefix: 'source:' });
  const paid = leads.filter((x) => PAID_MEDIUMS.includes(x.dimension.split(' / ')[1] ?? '')).reduce((n, x) => n + x.value, 0);
  const spend = pair('ad_spend');
  return {
    ...cite(r, ['ads', 'leads']), spend, clicks: pair('ad_clicks'), platforms, paid_leads: paid,
    cost_per_lead: paid ? Math.round((spend.current / paid) * 100) / 100 : null,
  };
}

async function customerQuestions(r: Reads): Promise<QuestionFigures | Missing> {
  if (!r.dataAsOf.conversations) return missing('no_conversations');
  const pair = await pairs(r, ['customer_questions'], { prefix: 'question:' });
  const rows = await rollupRows(r.em, r.tenantId, ['customer_questions'], r.now, { prefix: 'question:' });
  const counts = totals(rows.map((x) => ({ ...x, metric: x.dimension.slice('question:'.length) })));
  const articles = await articleSubjects(r.em, r.tenantId);
  const top = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, TOP_QUESTIONS)
    .map(([question, count]) => ({ question, count, covered: articles.some((a) => covers(a, question)) }));
  return { ...cite(r, ['conversations']), asked: pair('customer_questions'), top };
}

/** A question's period and the figures of its sections, read once per turn. */
export async function chatFigures(s: { redis: Redis; config: { cell: Cell } }, em: Em, tenantId: string, question: string, now: Date): Promise<{ read: ReadQuestion; figures: ChatFigures }> {
  const zone = await tenantTimeZone(em, tenantId, s.config.cell);
  const read = readQuestion(question, dayIn(now, zone));
  const { period, state } = await readAnalyticsPeriod(s, em, tenantId, { from: read.days.from, to: read.days.to, include_today: read.days.includesToday }, now);
  const days = { from: period.from, to: period.to };
  const r: Reads = { em, tenantId, now: days, before: previousPeriod(days), dataAsOf: state.completeThrough ? state.dataAsOf : {} };
  const notes: string[] = [];
  if (!state.completeThrough) notes.push(MISSING.no_snapshot);
  // Today is built on read (refreshToday); the days before it only by the nightly snapshot.
  const incompleteAfter = state.completeThrough && state.completeThrough < (period.partial ? addDays(period.to, -1) : period.to) ? state.completeThrough : null;
  if (incompleteAfter) notes.push(`the analytics snapshot is complete through ${incompleteAfter}: later days of the period have no figures yet`);
  if (state.partialDay) notes.push(`${state.partialDay} is today: its figures are partial`);
  const none = missing('no_snapshot');
  const snapshot = !!state.completeThrough;
  const figures: ChatFigures = {
    period: { ...days, label: read.days.label[read.language], time_zone: zone, partial_day: state.partialDay, incomplete_after: incompleteAfter },
    previous_period: r.before,
    currency: CELL_CURRENCY[s.config.cell],
    notes,
    ...(snapshot
      ? { traffic: await traffic(r), funnel: await funnel(r), conversations: await conversations(r), customer_questions: await customerQuestions(r) }
      : { traffic: none, funnel: none, conversations: none, customer_questions: none }),
    ads: await ads(r, snapshot),
  };
  return { read, figures };
}

