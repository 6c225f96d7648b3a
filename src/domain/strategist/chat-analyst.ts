import type { CustomerQuestion, Figures, MetricKey } from './snapshot.js';
import { topicTitle } from './topic-titles.js';
import { nearDuplicateOf, titleWords } from './near-duplicates.js';

/**
 * What the strategist answers a chat turn from: the question, the session's earlier turns,
 * the tenant's figures of the last 7 days and the 7 before (the report's snapshot reader), the
 * customer questions of the period and the proposed topics of the queue, best first.
 */
export interface ChatBrief {
  question: string;
  history: { question: string; answer: string }[];
  period: { from: string; to: string };
  current: Figures;
  previous: Figures;
  questions: CustomerQuestion[];
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

export const BUILTIN_CHAT_MODEL = 'builtin/strategist-chat-v1';
/** At most this many topics proposed in one answer. */
export const PROPOSALS_PER_TURN = 3;
const QUEUE_NAMED = 3;

const LABELS: Record<MetricKey, string> = {
  conversations: 'conversations', customer_messages: 'customer messages', ai_replies: 'AI replies', handoffs: 'handoffs to a human', cards_offered: 'cards offered',
};

function change(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? '0 (0 the 7 days before)' : `${current} (none the 7 days before)`;
  const pct = Math.round(((current - previous) / previous) * 1000) / 10;
  return `${current} (${pct > 0 ? '+' : ''}${pct}% on ${previous})`;
}

/**
 * The offline strategist at a fixed price per answer (live: AI_BUILTIN_STRATEGIST_PRICE_RUB; a
 * sandbox's test price): deterministic, from the tenant's own figures and queue. It states
 * the figures of the last 7 days against the 7 before, names the head of the topic queue,
 * and proposes as topics the customer questions of the period (each titled from its
 * redacted text, topicTitle), leaving out what the queue or the session already holds.
 */
export const builtinChatAnalyst = (priceRub: string): ChatAnalyst => ({
  name: 'builtin',
  costBounds: () => ({ minRub: priceRub, maxRub: priceRub }),
  answer(brief) {
    const figures = (Object.keys(LABELS) as MetricKey[]).map((k) => `${LABELS[k]} ${change(brief.current[k], brief.previous[k])}`);
    const lines = [`Last 7 days (${brief.period.from.slice(0, 10)} to ${brief.period.to.slice(0, 10)}): ${figures.join('; ')}.`];
    const head = brief.queue.slice(0, QUEUE_NAMED).map((t) => `"${t.title}"`);
    lines.push(brief.queue.length
      ? `The topic queue holds ${brief.queue.length} proposed topic(s); first: ${head.join(', ')}.`
      : 'The topic queue holds no proposed topic.');
    const seen = [...brief.taken];
    const proposals: TopicSuggestion[] = [];
    for (const q of brief.questions) {
      const title = topicTitle(q.text);
      if (!title || !titleWords(title).size || nearDuplicateOf(title, seen) !== null || proposals.length >= PROPOSALS_PER_TURN) continue;
      seen.push(title);
      proposals.push({ title, rationale: 'A customer asked this in chat in the last 7 days and no article answers it.' });
    }
    lines.push(proposals.length
      ? `Customers asked ${proposals.length} question(s) no article answers; I propose them as topics (confirm an action to queue it).`
      : 'No customer question of the last 7 days is left without a topic; nothing to propose.');
    return Promise.resolve({ answer: lines.join(' '), proposals, model: BUILTIN_CHAT_MODEL, costRub: priceRub });
  },
});
