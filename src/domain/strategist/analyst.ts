import type { ReportType } from '../../entities/strategist.js';
import type { AnalyticsSnapshot, MetricKey } from './snapshot.js';

/** A figure of a finding: the period's value, the one before, and the change in percent. */
export interface Figure {
  metric: MetricKey;
  current: number;
  previous: number | null;
  change_pct: number | null;
}

/** A highlight or a concern; `refs` are what it is about (metric:<key>, message:<id>, conversation:<id>, card:<code>). */
export interface Finding {
  title: string;
  detail: string;
  figures: Figure[];
  refs: string[];
}

export interface ActionEntry {
  title: string;
  priority: 'high' | 'medium' | 'low';
  rationale: string;
  target_ref: string | null;
  expected_effect: string;
  check_after_days: number;
  basis: string;
}

export type EvidenceKind = 'metric' | 'message' | 'conversation' | 'card';
export interface EvidenceItem {
  kind: EvidenceKind;
  ref: string;
  excerpt?: string;
}

/** What an analyst proposes; the evidence check decides what of it is kept. `evidence[i]` rests `actions[i]`. */
export interface ReportDraft {
  summaryText: string;
  highlights: Finding[];
  concerns: Finding[];
  actions: ActionEntry[];
  evidence: EvidenceItem[][];
  /** What the analyst's work cost (internal, never answered); null or absent when free. */
  costRub?: string | null;
  /** Limitations the analyst itself adds. */
  notes?: string[];
}

/** An analyst reads a snapshot and drafts a report. `model` is internal (never answered). */
export interface Analyst {
  name: string;
  model: string;
  draft(snapshot: AnalyticsSnapshot, reportType: ReportType, reportDate: string): Promise<ReportDraft>;
}

const EXCERPT_CHARS = 120;
const QUESTION_ACTIONS = 3;
const HANDOFF_REFS = 5;
/** A change of at least this many percent is worth a finding. */
const NOTABLE_PCT = 10;

function figure(s: AnalyticsSnapshot, metric: MetricKey): Figure {
  const current = s.current[metric];
  const previous = s.previous[metric];
  return { metric, current, previous, change_pct: previous === 0 ? null : Math.round(((current - previous) / previous) * 1000) / 10 };
}

const rose = (f: Figure) => f.current > 0 && (f.previous === 0 || (f.change_pct ?? 0) >= NOTABLE_PCT);
const fell = (f: Figure) => f.change_pct !== null && f.change_pct <= -NOTABLE_PCT;
const change = (f: Figure) => (f.change_pct === null ? `${f.current} (none the period before)` : `${f.current}, ${f.change_pct > 0 ? '+' : ''}${f.change_pct}% on ${f.previous}`);

/** The question's text as quoted: its start, at most EXCERPT_CHARS characters, whole code points. */
export function excerptOf(text: string): string {
  return [...text.trim()].slice(0, EXCERPT_CHARS).join('');
}

/**
 * The offline analyst: deterministic rules over the snapshot, every finding carrying the
 * figures it rests on and every action the refs it acts on. Same snapshot, same report.
 */
export const builtinAnalyst: Analyst = {
  name: 'builtin',
  model: 'builtin/strategist-rules-v1',
  draft(s, reportType, reportDate) {
    const conversations = figure(s, 'conversations');
    const aiReplies = figure(s, 'ai_replies');
    const handoffs = figure(s, 'handoffs');
    const cardsOffered = figure(s, 'cards_offered');
    const checkAfter = reportType === 'daily' ? 7 : 14;
    const highlights: Finding[] = [];
    const concerns: Finding[] = [];
    const actions: ActionEntry[] = [];
    const evidence: EvidenceItem[][] = [];
    const act = (concern: Finding, entry: Omit<ActionEntry, 'basis' | 'check_after_days'>, items: EvidenceItem[]) => {
      actions.push({ ...entry, check_after_days: checkAfter, basis: `concern:${concerns.indexOf(concern)}` });
      evidence.push(items);
    };

    if (rose(conversations)) highlights.push({ title: 'More conversations', detail: `Conversations: ${change(conversations)}.`, figures: [conversations], refs: ['metric:conversations'] });
    if (rose(aiReplies)) highlights.push({ title: 'More AI replies', detail: `AI replies: ${change(aiReplies)}.`, figures: [aiReplies], refs: ['metric:ai_replies'] });
    if (fell(handoffs)) highlights.push({ title: 'Fewer handoffs to a human', detail: `Handoffs: ${change(handoffs)}.`, figures: [handoffs], refs: ['metric:handoffs'] });

    if (fell(conversations)) {
      const concern: Finding = { title: 'Fewer conversations', detail: `Conversations: ${change(conversations)}.`, figures: [conversations], refs: ['metric:conversations'] };
      concerns.push(concern);
      act(concern, {
        title: 'Check where the chat is shown', priority: 'high', target_ref: 'metric:conversations',
        rationale: `Conversations fell to ${conversations.current} from ${conversations.previous}.`,
        expected_effect: 'Conversations back at the level of the period before.',
      }, [{ kind: 'metric', ref: 'conversations' }]);
    }
    if (rose(handoffs)) {
      const handed = s.handoffConversations.slice(0, HANDOFF_REFS);
      const concern: Finding = {
        title: 'More conversations handed to a human', detail: `Handoffs: ${change(handoffs)}.`, figures: [handoffs],
        refs: ['metric:handoffs', ...handed.map((id) => `conversation:${id}`)],
      };
      concerns.push(concern);
      act(concern, {
        title: 'Review the handed-off conversations and teach the AI seller their answers', priority: 'high',
        target_ref: handed[0] ? `conversation:${handed[0]}` : 'metric:handoffs',
        rationale: `${handoffs.current} conversations asked for a human in the period.`,
        expected_effect: 'Fewer handoffs for the same questions.',
      }, [{ kind: 'metric', ref: 'handoffs' }, ...handed.map((id) => ({ kind: 'conversation' as const, ref: id }))]);
    }

    const seen = new Set<string>();
    const questions = s.questions.filter((q) => {
      const key = q.text.trim().toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }).slice(0, QUESTION_ACTIONS);
    if (questions.length) {
      const concern: Finding = {
        title: 'Customers ask questions no article answers',
        detail: `${s.questions.length} customer question(s) in the period; none is answered by an article.`,
        figures: [figure(s, 'customer_messages')],
        refs: questions.map((q) => `message:${q.messageId}`),
      };
      concerns.push(concern);
      for (const q of questions) {
        const quoted = excerptOf(q.text);
        act(concern, {
          title: `Answer in an article: "${quoted}"`, priority: 'medium', target_ref: `message:${q.messageId}`,
          rationale: 'A customer asked this in chat and no article answers it.',
          expected_effect: 'The question answered on the site before it is asked in chat.',
        }, [{ kind: 'message', ref: q.messageId, excerpt: quoted }]);
      }
    }

    const neverOffered = aiReplies.current > 0 ? s.catalogue.filter((c) => c.offered === 0) : [];
    if (neverOffered.length) {
      const concern: Finding = {
        title: 'Cards in the AI catalogue never offered',
        detail: `${neverOffered.length} of ${s.catalogue.length} active AI cards were not offered in ${aiReplies.current} AI replies (${cardsOffered.current} cards offered in all).`,
        figures: [cardsOffered, aiReplies],
        refs: neverOffered.map((c) => `card:${c.code}`),
      };
      concerns.push(concern);
      for (const c of neverOffered) {
        act(concern, {
          title: `Check the card ${c.code}: the AI seller never offered it`, priority: 'low', target_ref: `card:${c.code}`,
          rationale: `Active and in the AI catalogue, offered 0 times while ${cardsOffered.current} cards were offered.`,
          expected_effect: 'The card offered when it fits, or taken out of the catalogue.',
        }, [{ kind: 'card', ref: c.code }, { kind: 'metric', ref: 'cards_offered' }]);
      }
    }

    const summaryText = `${reportType === 'daily' ? 'Daily' : 'Weekly'} report up to ${reportDate}: conversations ${change(conversations)}; `
      + `AI replies ${change(aiReplies)}; handoffs ${change(handoffs)}; cards offered ${change(cardsOffered)}. `
      + `${highlights.length} highlight(s), ${concerns.length} concern(s), ${actions.length} action(s).`;
    return Promise.resolve({ summaryText, highlights, concerns, actions, evidence });
  },
};
