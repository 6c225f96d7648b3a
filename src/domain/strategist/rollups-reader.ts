import type { Cell } from '../../config.js';
import type { Em } from '../../db/em.js';
import { rollupRows, snapshotState, totals } from '../analytics/rollup-reads.js';
import { tenantTimeZone } from '../analytics/time-zone.js';
import { articleSubjects, covers } from './near-duplicates.js';
import { METRIC_KEYS, figures, periodDetails, platformRowsReader, type AnalyticsSnapshotReader, type Figures, type MetricKey, type Period } from './snapshot.js';

/** The analytics source (analytics_snapshots.sources) each figure's data comes from: its data_as_of. */
const METRIC_SOURCES: Record<MetricKey, string> = {
  conversations: 'conversations', customer_messages: 'conversations', ai_replies: 'conversations', handoffs: 'conversations', cards_offered: 'conversations',
};

interface Days { from: string; to: string }

/** The report's days (UTC labels of its period) read as days of the tenant's zone. */
const daysOf = (p: Period): Days => ({ from: p.from.toISOString().slice(0, 10), to: new Date(p.to.getTime() - 1).toISOString().slice(0, 10) });

/** The instants [from, to) of whole days in `zone`. */
async function instantsOf(em: Em, zone: string, days: Days): Promise<Period> {
  const [b] = await em.execute<{ lo: Date | string; hi: Date | string }[]>(
    'select (?::date::timestamp at time zone ?) as lo, ((?::date + 1)::timestamp at time zone ?) as hi', [days.from, zone, days.to, zone]);
  return { from: new Date(b!.lo), to: new Date(b!.hi) };
}

/** The figures of the days from the daily rollups; cards offered (no rollup holds them) from the AI replies' messages. */
async function rollupFigures(em: Em, tenantId: string, days: Days, instants: Period): Promise<Figures> {
  const sums = totals(await rollupRows(em, tenantId, ['conversations', 'ai_replies', 'handoffs'], days));
  const customer = totals(await rollupRows(em, tenantId, ['messages'], days, 'sender:customer'));
  return {
    conversations: sums.get('conversations') ?? 0,
    customer_messages: customer.get('messages') ?? 0,
    ai_replies: sums.get('ai_replies') ?? 0,
    handoffs: sums.get('handoffs') ?? 0,
    cards_offered: (await figures(em, tenantId, instants)).cards_offered,
  };
}

/**
 * The reader of the analytics snapshot (decisions: "Strategist: reports read the analytics
 * snapshot"): the report's days are days of the tenant's zone, the figures are the daily
 * rollups' sums, `data_as_of` maps each figure to the day its source is complete through and
 * `snapshot` to the snapshot's last full day. Customer questions an article already covers
 * are left out. A tenant no snapshot has run for yet is read from the platform's rows.
 */
export function analyticsRollupsReader(cell: Cell): AnalyticsSnapshotReader {
  return {
    async read(em, tenantId, current, previous) {
      const state = await snapshotState(em, tenantId);
      if (!state.completeThrough) return platformRowsReader.read(em, tenantId, current, previous);
      const zone = await tenantTimeZone(em, tenantId, cell);
      const [now, before] = [daysOf(current), daysOf(previous)];
      const [nowAt, beforeAt] = [await instantsOf(em, zone, now), await instantsOf(em, zone, before)];
      const details = await periodDetails(em, tenantId, nowAt);
      const articles = await articleSubjects(em, tenantId);
      const limitations: string[] = [];
      if (now.to > state.completeThrough) limitations.push(`the analytics snapshot is complete through ${state.completeThrough}: later days have no figures yet`);
      if (!state.dataAsOf.ads) limitations.push('no ads data');
      if (!state.dataAsOf.web) limitations.push('no site traffic data: funnel drops and top pages without chats are not covered');
      limitations.push('cards offered are counted from the AI replies\' messages: no analytics rollup holds them', 'hot leads waiting are not covered');
      return {
        snapshotId: null,
        snapshotDate: state.completeThrough,
        dataAsOf: Object.fromEntries(METRIC_KEYS.flatMap((k) => (state.dataAsOf[METRIC_SOURCES[k]] ? [[k, state.dataAsOf[METRIC_SOURCES[k]]!]] : []))),
        current: await rollupFigures(em, tenantId, now, nowAt),
        previous: await rollupFigures(em, tenantId, before, beforeAt),
        ...details,
        questions: details.questions.filter((q) => !articles.some((a) => covers(a, q.text))),
        limitations,
      };
    },
  };
}
