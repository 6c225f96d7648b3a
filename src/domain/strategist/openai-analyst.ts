import type { AiSettings } from '../../config/ai.js';
import { requestChatCompletion } from '../ai-seller/chat-completions-client.js';
import { tokensCostRub } from '../ai-seller/pricing.js';
import type { ActionEntry, Analyst, EvidenceItem, Finding, ReportDraft } from './analyst.js';
import { builtinAnalyst } from './analyst.js';
import { jsonObjectOf } from '../ai-seller/json-answer.js';

const INSTRUCTIONS = `You are the strategist of an online shop. You get the shop's figures of a period and of the period before,
customer questions, and cards of the AI catalogue with how often they were offered. Answer one JSON object only:
{"summary_text": string, "highlights": [Finding], "concerns": [Finding], "actions": [{"title", "priority" (high|medium|low),
"rationale", "target_ref", "expected_effect", "check_after_days" (integer), "basis" ("concern:<index>" or "highlight:<index>"),
"evidence": [{"kind" (metric|message|conversation|card), "ref", "excerpt"?}]}]}
Finding = {"title", "detail", "refs": [string]}. Refs are "metric:<key>", "message:<id>", "conversation:<id>" or "card:<code>" and must name
only what the input contains; an excerpt must be copied exactly from the message it names. Every action must rest on figures of the input.`;

const text = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);
const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? v.filter((x) => x && typeof x === 'object') as Record<string, unknown>[] : []);

function finding(f: Record<string, unknown>): Finding {
  return { title: text(f.title), detail: text(f.detail), figures: [], refs: Array.isArray(f.refs) ? f.refs.filter((r): r is string => typeof r === 'string') : [] };
}

function action(a: Record<string, unknown>): { entry: ActionEntry; items: EvidenceItem[] } {
  const priority = a.priority === 'high' || a.priority === 'low' ? a.priority : 'medium';
  const days = Number.isInteger(a.check_after_days) && (a.check_after_days as number) > 0 ? a.check_after_days as number : 7;
  return {
    entry: {
      title: text(a.title, 'Untitled action'), priority, rationale: text(a.rationale), target_ref: typeof a.target_ref === 'string' ? a.target_ref : null,
      expected_effect: text(a.expected_effect), check_after_days: days, basis: text(a.basis),
    },
    items: list(a.evidence).map((i) => ({ kind: text(i.kind) as EvidenceItem['kind'], ref: text(i.ref), ...(typeof i.excerpt === 'string' ? { excerpt: i.excerpt } : {}) })),
  };
}

/**
 * The strategist over an OpenAI-compatible Chat Completions endpoint (AI_PROVIDER=openai),
 * with the snapshot as context. Its answer is only a draft: every ref it returns goes through
 * the same evidence check as the builtin analyst's, and what fails is dropped and listed.
 * An answer that is no JSON object drafts nothing but the figures' summary.
 */
export function openaiAnalyst(ai: AiSettings): Analyst {
  return {
    name: 'openai',
    model: `openai/${ai.openai.model}`,
    async draft(snapshot, reportType, reportDate) {
      const context = {
        report_type: reportType, report_date: reportDate, current: snapshot.current, previous: snapshot.previous,
        handoff_conversations: snapshot.handoffConversations,
        questions: snapshot.questions.map((q) => ({ message_id: q.messageId, text: q.text })),
        catalogue: snapshot.catalogue,
      };
      const answer = await requestChatCompletion({ baseUrl: ai.openai.baseUrl, apiKey: ai.openai.apiKey, timeoutMs: ai.timeoutMs }, {
        model: ai.openai.model, max_tokens: ai.openai.maxTokens, temperature: 0,
        messages: [{ role: 'system', content: INSTRUCTIONS }, { role: 'user', content: JSON.stringify(context) }],
      });
      const price = ai.openai.prices[ai.openai.model];
      const costRub = price && answer.usage ? tokensCostRub(price, answer.usage.promptTokens, answer.usage.completionTokens) : null;
      const parsed = jsonObjectOf(answer.content);
      const figures = await builtinAnalyst.draft(snapshot, reportType, reportDate);
      if (!parsed) return { ...figures, highlights: [], concerns: [], actions: [], evidence: [], costRub, notes: ['the model answered no usable report; only the figures are given'] };
      const actions = list(parsed.actions).map(action);
      return {
        summaryText: text(parsed.summary_text, figures.summaryText),
        highlights: list(parsed.highlights).map(finding),
        concerns: list(parsed.concerns).map(finding),
        actions: actions.map((a) => a.entry),
        evidence: actions.map((a) => a.items),
        costRub,
        notes: [],
      } satisfies ReportDraft;
    },
  };
}
