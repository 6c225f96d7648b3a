import type { AiSettings } from '../../config/ai.js';
import type { SellerContext, SellerModel, SellerReply } from './seller-model.js';
import { requestChatCompletion, type ChatEndpoint } from './chat-completions-client.js';
import { PROMPT_TOKEN_CAP, chatMessages } from './openai-prompt.js';
import { MIN_REPLY_COST_RUB, estimateTokens, tokensCostRub, type TokenPrice } from './pricing.js';
import { keepKnownCards, takeHandoff, tidy } from './markers.js';
import { replyLanguage } from './language.js';
import { PHRASES } from './phrases.js';

const TEMPERATURE = 0.3;

/**
 * The seller behind any OpenAI-compatible Chat Completions endpoint. Cost is the reported token
 * usage by AI_PRICE_TABLE (the price of the answering model, or of OPENAI_MODEL when the endpoint
 * names a snapshot such as gpt-4o-mini-2024-07-18); `[HANDOFF]` hands off, card markers of codes
 * outside the catalogue are dropped, and a reply left empty hands off with the seller's own text.
 */
export class OpenAiSeller implements SellerModel {
  readonly remote = true;
  readonly name: string;
  private readonly endpoint: ChatEndpoint;
  private readonly model: string;
  private readonly maxTokens: number;
  private readonly prices: AiSettings['openai']['prices'];

  constructor(ai: AiSettings) {
    const { baseUrl, apiKey, model, prices, maxTokens } = ai.openai;
    if (!prices[model]) throw new Error(`AI_PRICE_TABLE has no price for OPENAI_MODEL "${model}"`);
    this.name = `openai/${model}`;
    this.endpoint = { baseUrl, apiKey, timeoutMs: ai.timeoutMs };
    this.model = model;
    this.maxTokens = maxTokens;
    this.prices = prices;
  }

  /** Least: one kopeck. Most: a prompt at its cap and a completion of AI_MAX_TOKENS (an estimate). */
  costBounds(): { minRub: string; maxRub: string } {
    return { minRub: MIN_REPLY_COST_RUB, maxRub: tokensCostRub(this.priceOf(this.model), PROMPT_TOKEN_CAP, this.maxTokens) };
  }

  async reply(context: SellerContext, signal?: AbortSignal, onText?: (text: string) => void): Promise<SellerReply> {
    const messages = chatMessages(context);
    const answer = await requestChatCompletion(this.endpoint, {
      model: this.model, messages, max_tokens: this.maxTokens, temperature: TEMPERATURE,
    }, signal, onText);
    const model = answer.model ?? this.model;
    // An endpoint that reports no usage is billed by an estimate from the text lengths.
    const usage = answer.usage ?? {
      promptTokens: estimateTokens(messages.reduce((n, m) => n + m.content.length, 0)),
      completionTokens: estimateTokens(answer.content.length),
    };
    const { content, handoff } = takeHandoff(keepKnownCards(answer.content, new Set(context.catalogue.map((e) => e.code))));
    // Tidy only where markers came out, so the model's own layout (indented lists) stays.
    const text = content === answer.content ? content.trim() : tidy(content);
    // Nothing left to say (only markers): a colleague takes over, and the customer is told so.
    const phrases = PHRASES[replyLanguage(context)];
    return {
      content: text || (handoff ? phrases.passingToColleague : phrases.askingColleague),
      handoff: handoff || !text,
      usage: { model: `openai/${model}`, costRub: tokensCostRub(this.priceOf(model), usage.promptTokens, usage.completionTokens) },
    };
  }

  private priceOf(model: string): TokenPrice {
    const price = this.prices[model] ?? this.prices[this.model];
    if (!price) throw new Error(`AI_PRICE_TABLE has no price for "${model}"`);
    return price;
  }
}
