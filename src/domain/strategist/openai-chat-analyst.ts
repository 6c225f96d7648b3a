import type { AiSettings } from '../../config/ai.js';
import { requestChatCompletion, type ChatEndpoint } from '../ai-seller/chat-completions-client.js';
import type { ChatMessage } from '../ai-seller/openai-prompt.js';
import { MIN_REPLY_COST_RUB, estimateTokens, tokensCostRub, type TokenPrice } from '../ai-seller/pricing.js';
import { UpstreamUnavailable } from '../ai-seller/seller-model.js';
import type { ChatAnalyst, ChatBrief, ChatReply, TopicSuggestion } from './chat-analyst.js';
import { jsonObjectOf, withoutFence } from '../ai-seller/json-answer.js';

/** The prompt's estimated cap (figures, queue, questions, earlier turns) and the answer's. */
const PROMPT_TOKEN_CAP = 3000;
const ANSWER_MAX_TOKENS = 800;
const HISTORY_TURNS = 6;
const TEMPERATURE = 0.2;

const INSTRUCTIONS = `You are the strategist of an online shop, talking with its owner. You get the shop's figures for the period the
question asks about (days of the shop's time zone) and for the period of the same length just before, read from the shop's own
analytics. Each section names its source, its period and the day its data is complete through; a section with "missing" has no data,
and says why. Answer the question in its language, only from these figures: state each figure you use with its source and period,
say plainly when what was asked is missing (and why) instead of guessing, and never estimate a figure that is not given.
customer_questions are what customers asked in chat (personal data removed); topic_queue holds article ideas already proposed.
Answer one JSON object only:
{"answer": string, "proposed_topics": [{"title": string, "rationale": string}]}
proposed_topics: article topics worth writing now (at most 3; an empty list when none). The owner confirms them; you cannot.`;

/** The context the model answers from: the figures as ChatFigures holds them (sources, periods, missing sections) and the queue. */
function prompt(brief: ChatBrief): ChatMessage[] {
  const context = { ...brief.figures, topic_queue: brief.queue };
  const history = brief.history.slice(-HISTORY_TURNS).flatMap((t): ChatMessage[] => [{ role: 'user', content: t.question }, { role: 'assistant', content: t.answer }]);
  return [
    { role: 'system', content: `${INSTRUCTIONS}\n${JSON.stringify(context)}`.slice(0, PROMPT_TOKEN_CAP * 3) },
    ...history,
    { role: 'user', content: brief.question },
  ];
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** The model's JSON (also inside a ```json fence); a plain-text answer is the answer, proposing nothing. */
function parseReply(content: string): { answer: string; proposals: TopicSuggestion[] } {
  const o = jsonObjectOf(content);
  if (!o) {
    const body = withoutFence(content);
    if (!body) throw new UpstreamUnavailable('The model answered nothing.', false);
    return { answer: body, proposals: [] };
  }
  const answer = text(o.answer);
  if (!answer) throw new UpstreamUnavailable('The model answered JSON without an answer.', false);
  const proposals = (Array.isArray(o.proposed_topics) ? o.proposed_topics : [])
    .filter((p): p is Record<string, unknown> => !!p && typeof p === 'object')
    .map((p) => ({ title: text(p.title), rationale: text(p.rationale) }))
    .filter((p) => p.title);
  return { answer, proposals };
}

/** The strategist over an OpenAI-compatible Chat Completions endpoint (AI_PROVIDER=openai), priced by AI_PRICE_TABLE. */
export function openaiChatAnalyst(ai: AiSettings): ChatAnalyst {
  const { baseUrl, apiKey, model, prices } = ai.openai;
  const endpoint: ChatEndpoint = { baseUrl, apiKey, timeoutMs: ai.timeoutMs };
  const priceOf = (name: string): TokenPrice => {
    const price = prices[name] ?? prices[model];
    if (!price) throw new Error(`AI_PRICE_TABLE has no price for "${name}"`);
    return price;
  };
  return {
    name: 'openai',
    costBounds: () => ({ minRub: MIN_REPLY_COST_RUB, maxRub: tokensCostRub(priceOf(model), PROMPT_TOKEN_CAP, ANSWER_MAX_TOKENS) }),
    async answer(brief, signal): Promise<ChatReply> {
      const messages = prompt(brief);
      const reply = await requestChatCompletion(endpoint, { model, messages, max_tokens: ANSWER_MAX_TOKENS, temperature: TEMPERATURE }, signal);
      const used = reply.model ?? model;
      const usage = reply.usage ?? {
        promptTokens: estimateTokens(messages.reduce((n, m) => n + m.content.length, 0)), completionTokens: estimateTokens(reply.content.length),
      };
      return { ...parseReply(reply.content), model: `openai/${used}`, costRub: tokensCostRub(priceOf(used), usage.promptTokens, usage.completionTokens) };
    },
  };
}
