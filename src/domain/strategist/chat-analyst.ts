import { topicTitle } from './topic-titles.js';
import { nearDuplicateOf, titleWords } from './near-duplicates.js';
import type { ReadQuestion } from './chat-question.js';
import { isMissing, type ChatFigures } from './chat-figures.js';
import { articlesText, cannotAnswerText, KIND_SECTIONS, periodText, sectionText } from './chat-answer.js';

/**
 * What the strategist answers a chat turn from: the question (read for its kinds, language
 * and period), the session's earlier turns, the tenant's figures of that period and of the one
 * before (ChatFigures: each section cited with its source and period, or missing with why),
 * and the proposed topics of the queue, best first.
 */
export interface ChatBrief {
  question: string;
  history: { question: string; answer: string }[];
  read: ReadQuestion;
  figures: ChatFigures;
  queue: { title: string; trend_score: number | null }[];
  /** Titles of every topic of the tenant and of the integration's open proposals: never proposed again, nor their near-duplicates. */
  taken: string[];
}

/** A topic the answer proposes: it becomes a propose_topic action of the session. */
export interface TopicSuggestion {
  title: string;
  rationale: string;
}

/** The strategist's answer to one turn; `model` and `costRub` go to the operation's usage and the charge. */
export interface ChatReply {
  answer: string;
  proposals: TopicSuggestion[];
  model: string;
  costRub: string;
}

/** A strategist that answers chat turns (builtin offline, or a model over Chat Completions). */
export interface ChatAnalyst {
  name: string;
  /** Least and most one answer costs, in roubles: what paid admission reserves. */
  costBounds(): { minRub: string; maxRub: string };
  answer(brief: ChatBrief, signal?: AbortSignal): Promise<ChatReply>;
}

/** The price of one builtin answer, in roubles. */
export const BUILTIN_TURN_PRICE_RUB = '2.00';
export const BUILTIN_CHAT_MODEL = 'builtin/strategist-chat-v1';
/** At most this many topics proposed in one answer. */
export const PROPOSALS_PER_TURN = 3;
/** What the builtin charges for an answer that cites no figure (a question it does not recognise, or every source missing). */
export const BUILTIN_NOTHING_ANSWERED_RUB = '0.00';

/** The customer questions of the period no article answers, as topic titles, leaving out what is taken. */
function proposalsOf(brief: ChatBrief): TopicSuggestion[] {
  const q = brief.figures.customer_questions;
  if (isMissing(q)) return [];
  const seen = [...brief.taken];
  const proposals: TopicSuggestion[] = [];
  const why = brief.read.language === 'ru' ? `Клиенты спрашивали об этом в чате (${brief.figures.period.from}..${brief.figures.period.to}), и ни одна статья не отвечает.`
    : `Customers asked this in chat (${brief.figures.period.from}..${brief.figures.period.to}) and no article answers it.`;
  for (const question of q.top) {
    const title = topicTitle(question.question);
    if (question.covered || !title || !titleWords(title).size || nearDuplicateOf(title, seen) !== null || proposals.length >= PROPOSALS_PER_TURN) continue;
    seen.push(title);
    proposals.push({ title, rationale: why });
  }
  return proposals;
}

/**
 * The offline strategist: deterministic, from the tenant's figures (decisions: "The strategist
 * chat answers what it was asked"). It answers the kinds of question it recognises (traffic,
 * conversions, customer questions, articles, ad spend, a period against the one before), each
 * from its section of the figures with their source and period, and says why for a section
 * without data. A question of no kind it knows gets what it can answer instead, and neither
 * that nor an answer whose every section is missing is charged.
 */
export const builtinChatAnalyst: ChatAnalyst = {
  name: 'builtin',
  costBounds: () => ({ minRub: BUILTIN_TURN_PRICE_RUB, maxRub: BUILTIN_TURN_PRICE_RUB }),
  answer(brief) {
    const { kinds, language } = brief.read;
    const reply = (answer: string, proposals: TopicSuggestion[], charged: boolean): Promise<ChatReply> =>
      Promise.resolve({ answer, proposals, model: BUILTIN_CHAT_MODEL, costRub: charged ? BUILTIN_TURN_PRICE_RUB : BUILTIN_NOTHING_ANSWERED_RUB });
    if (!kinds.length) return reply(cannotAnswerText(language), [], false);
    // A comparison asked beside another kind is that kind's period against the one before: every section already gives it.
    const asked = kinds.length > 1 ? kinds.filter((k) => k !== 'comparison') : kinds;
    const sections = [...new Set(asked.flatMap((k) => (k === 'articles' ? [] : KIND_SECTIONS[k])))];
    const lines = [periodText(language, brief.figures), ...sections.map((s) => sectionText(language, brief.figures, s))];
    let proposals: TopicSuggestion[] = [];
    if (asked.includes('articles')) {
      proposals = proposalsOf(brief);
      lines.push(articlesText(language, brief.figures.customer_questions, proposals.map((p) => p.title), brief.queue));
    }
    const cited = sections.some((s) => !isMissing(brief.figures[s])) || (asked.includes('articles') && !isMissing(brief.figures.customer_questions));
    return reply(lines.join('\n'), proposals, cited);
  },
};
