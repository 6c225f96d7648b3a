import type { AiSettings } from '../../config/ai.js';
import { requestChatCompletion } from '../ai-seller/chat-completions-client.js';
import { jsonObjectOf } from '../ai-seller/json-answer.js';
import { UpstreamUnavailable } from '../ai-seller/seller-model.js';
import { isLeadIntent, LEAD_INTENTS, type LeadIntent } from './lead-intent.js';
import { SUMMARY_MAX } from './lead-summary.js';
import { clip } from '../conversations/summary.js';

const INSTRUCTIONS = `You read what a customer of an online shop wrote in its sales chat (personal data already replaced by placeholders such as [email]).
Answer one JSON object only: {"intent": one of ${LEAD_INTENTS.map((i) => `"${i}"`).join(', ')}, "summary": what the customer wants, one or two short sentences
in the customer's language, for the shop's sales staff}. intent: buy = wants to buy or order; price = asks the price or a discount;
availability = asks whether it is in stock, a size or a colour; delivery = asks about delivery or pick-up; support = has a problem with an
order or a product (a return, a defect, an order that did not come); other = anything else. Never write an e-mail address, a phone number or the customer's name.`;

/** The summary's length in tokens at most: SUMMARY_MAX characters are far fewer. */
const MAX_TOKENS = 200;

export interface ModelDescription {
  intent: LeadIntent;
  summary: string;
}

/**
 * The intent and summary by the remote model (AI_PROVIDER=openai): one Chat Completions
 * request, temperature 0, a JSON answer. Throws UpstreamUnavailable on a failed call or an
 * answer without a known intent and a summary; the caller decides what then.
 */
export async function remoteLeadDescription(ai: AiSettings, customerTexts: string[], timeoutMs: number): Promise<ModelDescription> {
  const answer = await requestChatCompletion({ baseUrl: ai.openai.baseUrl, apiKey: ai.openai.apiKey, timeoutMs }, {
    model: ai.openai.model, max_tokens: Math.min(MAX_TOKENS, ai.openai.maxTokens), temperature: 0,
    messages: [{ role: 'system', content: INSTRUCTIONS }, { role: 'user', content: JSON.stringify({ customer_messages: customerTexts }) }],
  });
  const parsed = jsonObjectOf(answer.content);
  const summary = typeof parsed?.summary === 'string' ? clip(parsed.summary, SUMMARY_MAX) : '';
  if (!isLeadIntent(parsed?.intent) || !summary) throw new UpstreamUnavailable('The model answered no intent and summary JSON.', false);
  return { intent: parsed.intent, summary };
}
