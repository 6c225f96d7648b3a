import type { AiSettings } from '../../config/ai.js';
import { UpstreamUnavailable } from '../ai-seller/seller-model.js';
import { requestChatCompletion, type ChatEndpoint } from '../ai-seller/chat-completions-client.js';
import { MIN_REPLY_COST_RUB, estimateTokens, tokensCostRub, type TokenPrice } from '../ai-seller/pricing.js';
import type { ArticleGenerator, GeneratedArticle, GenerationBrief } from './article-generator.js';
import { slugOf } from './article-generator.js';
import { jsonObjectOf } from '../ai-seller/json-answer.js';

/** An article is longer than a chat reply: its own completion cap, and the prompt's estimated cap. */
export const ARTICLE_MAX_TOKENS = 3000;
const PROMPT_TOKEN_CAP = 2000;
const TEMPERATURE = 0.5;
const LANGUAGE = { ru: 'Russian', en: 'English', id: 'Indonesian' } as const;

function prompt(brief: GenerationBrief): { role: 'system' | 'user'; content: string }[] {
  const p = brief.profile;
  const products = brief.products.slice(0, 10).map((c) => `- ${c.name}${c.price_text ? ` (${c.price_text})` : ''}${c.description ? `: ${c.description}` : ''}`).join('\n');
  return [
    {
      role: 'system',
      content: [
        `You write search-oriented blog articles in ${LANGUAGE[brief.locale]} for a business in this niche: ${p.niche}.`,
        p.audience ? `Audience: ${p.audience}.` : '', p.tone ? `Tone: ${p.tone}.` : '', p.avoid ? `Never mention: ${p.avoid}.` : '',
        'Answer with one JSON object only: {"title": string, "meta_title": string (at most 60 characters), "meta_description": string (at most 160 characters), "html": string}.',
        'html is the article body: <h2> headings, <p> paragraphs, lists; no <h1>, no scripts, no styles, no images.',
        products ? `Where it helps the reader, recommend these products of the shop:\n${products}` : '',
      ].filter(Boolean).join('\n').slice(0, PROMPT_TOKEN_CAP * 3),
    },
    { role: 'user', content: `Main search query: ${brief.keyword}.${brief.title ? ` Title: ${brief.title}.` : ''}` },
  ];
}

interface ArticleJson { title?: unknown; meta_title?: unknown; meta_description?: unknown; html?: unknown }

/** The model's JSON (also inside a ```json fence); an answer with no usable body is an unusable answer. */
function parseArticle(content: string): { title: string | null; metaTitle: string | null; metaDescription: string | null; html: string } {
  const parsed: ArticleJson | null = jsonObjectOf(content);
  if (!parsed) throw new UpstreamUnavailable('The model answered no article JSON.', false);
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const html = str(parsed.html);
  if (!html) throw new UpstreamUnavailable('The model answered an article without a body.', false);
  return { title: str(parsed.title), metaTitle: str(parsed.meta_title), metaDescription: str(parsed.meta_description), html };
}

/** Articles from any OpenAI-compatible Chat Completions endpoint, priced by AI_PRICE_TABLE from the reported usage. */
export class OpenAiArticleGenerator implements ArticleGenerator {
  private readonly endpoint: ChatEndpoint;
  private readonly model: string;
  private readonly prices: AiSettings['openai']['prices'];

  constructor(ai: AiSettings) {
    const { baseUrl, apiKey, model, prices } = ai.openai;
    if (!prices[model]) throw new Error(`AI_PRICE_TABLE has no price for OPENAI_MODEL "${model}"`);
    this.endpoint = { baseUrl, apiKey, timeoutMs: ai.timeoutMs };
    this.model = model;
    this.prices = prices;
  }

  costBounds(): { minRub: string; maxRub: string } {
    return { minRub: MIN_REPLY_COST_RUB, maxRub: tokensCostRub(this.priceOf(this.model), PROMPT_TOKEN_CAP, ARTICLE_MAX_TOKENS) };
  }

  async write(brief: GenerationBrief, signal?: AbortSignal): Promise<GeneratedArticle> {
    const messages = prompt(brief);
    const answer = await requestChatCompletion(this.endpoint, { model: this.model, messages, max_tokens: ARTICLE_MAX_TOKENS, temperature: TEMPERATURE }, signal);
    const model = answer.model ?? this.model;
    const usage = answer.usage ?? {
      promptTokens: estimateTokens(messages.reduce((n, m) => n + m.content.length, 0)), completionTokens: estimateTokens(answer.content.length),
    };
    const article = parseArticle(answer.content);
    const title = brief.title ?? article.title ?? brief.keyword;
    return {
      title, slug: slugOf(title), html: article.html, metaTitle: (article.metaTitle ?? title).slice(0, 60),
      metaDescription: (article.metaDescription ?? '').slice(0, 160), model: `openai/${model}`,
      costRub: tokensCostRub(this.priceOf(model), usage.promptTokens, usage.completionTokens),
    };
  }

  private priceOf(model: string): TokenPrice {
    const price = this.prices[model] ?? this.prices[this.model];
    if (!price) throw new Error(`AI_PRICE_TABLE has no price for "${model}"`);
    return price;
  }
}
