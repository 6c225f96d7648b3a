import { durationSetting } from './duration.js';
import Joi from 'joi';
import { parseDuration } from '../clock.js';
import { ConfigError, type Env } from './config-error.js';

/** The model behind the AI seller (see src/domain/ai-seller). */
export interface AiSettings {
  provider: 'builtin' | 'openai';
  /** Test mode's model: `builtin` (default: a sandbox spends no provider tokens) or `live` (AI_PROVIDER's). */
  sandboxProvider: 'builtin' | 'live';
  /**
   * The builtin models' fixed prices, in roubles: one reply (AI_BUILTIN_PRICE_RUB), one article
   * (AI_BUILTIN_ARTICLE_PRICE_RUB), one strategist chat answer (AI_BUILTIN_STRATEGIST_PRICE_RUB).
   * Live work: 0 unless set (a placeholder is not billed as AI); a sandbox's: SANDBOX_BUILTIN_PRICES.
   */
  builtinPriceRub: string;
  /** The builtin seller's pace as its reply streams into the chat: this long between words (AI_BUILTIN_STREAM_WORD_MS). */
  builtinStreamWordMs: number;
  /** A reply's live draft is published at most once per this long, its first piece at once and its last always (AI_DRAFT_THROTTLE_MS). */
  draftThrottleMs: number;
  builtinArticlePriceRub: string;
  builtinStrategistPriceRub: string;
  openai: {
    baseUrl: string;
    apiKey: string;
    model: string;
    /** Roubles per 1000 tokens, by model: prompt (input) and completion (output). */
    prices: Record<string, { inputPer1kRub: string; outputPer1kRub: string }>;
    maxTokens: number;
  };
  /** One model call's deadline. */
  timeoutMs: number;
  /** Calls of one reply before it fails with upstream_unavailable, and the first pause between them. */
  maxAttempts: number;
  retryInitialMs: number;
}

/** The OpenAI API, where AI_PROVIDER=openai calls unless OPENAI_BASE_URL names another Chat Completions server. */
const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';

/** The variables of the model settings (empty as unset: a compose file's `${AI_PROVIDER:-}`). */
export const AI_ENV = {
  // The model settings take empty as unset (a compose file's `${AI_PROVIDER:-}`): the default.
  AI_PROVIDER: Joi.string().empty('').valid('builtin', 'openai').default('builtin'),
  // Production refuses AI_PROVIDER=builtin unless this is true (docs/decisions.md, "No placeholder billed as AI in production").
  AI_ALLOW_BUILTIN_IN_PRODUCTION: Joi.boolean().empty('').default(false),
  SANDBOX_AI_PROVIDER: Joi.string().empty('').valid('builtin', 'live').default('builtin'),
  AI_BUILTIN_PRICE_RUB: Joi.string().empty('').pattern(/^\d+(\.\d{1,2})?$/).default('0'),
  AI_BUILTIN_ARTICLE_PRICE_RUB: Joi.string().empty('').pattern(/^\d+(\.\d{1,2})?$/).default('0'),
  AI_BUILTIN_STRATEGIST_PRICE_RUB: Joi.string().empty('').pattern(/^\d+(\.\d{1,2})?$/).default('0'),
  AI_BUILTIN_STREAM_WORD_MS: Joi.number().integer().min(0).max(1000).default(35),
  AI_DRAFT_THROTTLE_MS: Joi.number().integer().min(0).max(5000).default(50),
  OPENAI_BASE_URL: Joi.string().empty('').uri({ scheme: ['http', 'https'] }).default(DEFAULT_OPENAI_BASE_URL),
  OPENAI_API_KEY: Joi.string().allow('').default(''),
  OPENAI_MODEL: Joi.string().empty('').default('gpt-4o-mini'),
  AI_PRICE_TABLE: Joi.string().empty('').default('{"gpt-4o-mini":{"input_per_1k_rub":"0.02","output_per_1k_rub":"0.06"}}'),
  AI_MAX_TOKENS: Joi.number().integer().min(16).max(32000).default(600),
  AI_TIMEOUT_MS: Joi.number().integer().min(100).max(300000).default(30000),
  AI_MAX_ATTEMPTS: Joi.number().integer().min(1).max(10).default(3),
  AI_RETRY_INITIAL: durationSetting('2s'),
};

const priceTableSchema = Joi.object().pattern(Joi.string(), Joi.object({
  input_per_1k_rub: Joi.string().pattern(/^\d+(\.\d+)?$/).required(),
  output_per_1k_rub: Joi.string().pattern(/^\d+(\.\d+)?$/).required(),
}));

/**
 * Production serves live AI work from a remote model (AI_PROVIDER=openai: any Chat Completions
 * server), or from the builtin models only when the operator says so: they are keyword retrieval
 * and templates, not a language model.
 */
function checkProductionModel(v: Env): void {
  if (v.AI_PROVIDER === 'builtin' && !v.AI_ALLOW_BUILTIN_IN_PRODUCTION) {
    throw new ConfigError('configuration: NODE_ENV=production needs a remote model for live AI work: set "AI_PROVIDER"=openai with "OPENAI_BASE_URL", "OPENAI_API_KEY", "OPENAI_MODEL" and its price in "AI_PRICE_TABLE" (the OpenAI API, or a vLLM, llama.cpp or Ollama server: docs/operating.md, "The AI model"), or set "AI_ALLOW_BUILTIN_IN_PRODUCTION"=true to serve the builtin models (keyword retrieval and templates; free unless "AI_BUILTIN_PRICE_RUB", "AI_BUILTIN_ARTICLE_PRICE_RUB" or "AI_BUILTIN_STRATEGIST_PRICE_RUB" is set)');
  }
  if (v.AI_PROVIDER === 'openai' && v.OPENAI_BASE_URL.replace(/\/$/, '') === DEFAULT_OPENAI_BASE_URL && !v.OPENAI_API_KEY) {
    throw new ConfigError('configuration: "OPENAI_API_KEY" is required in production with the OpenAI API ("OPENAI_BASE_URL" is its default, https://api.openai.com/v1): every call would be refused');
  }
}

export function parseAiSettings(v: Env, production: boolean): AiSettings {
  if (production) checkProductionModel(v);
  let table: Record<string, { input_per_1k_rub: string; output_per_1k_rub: string }>;
  try {
    table = Joi.attempt(JSON.parse(v.AI_PRICE_TABLE), priceTableSchema, { convert: false });
  } catch (err) {
    throw new ConfigError(`configuration: "AI_PRICE_TABLE" is not valid: ${(err as Error).message}`);
  }
  if (v.AI_PROVIDER === 'openai' && !table[v.OPENAI_MODEL]) {
    throw new ConfigError(`configuration: "AI_PRICE_TABLE" has no price for OPENAI_MODEL "${v.OPENAI_MODEL}"; every reply must be billable`);
  }
  const prices = Object.fromEntries(Object.entries(table).map(([model, p]) => [model, { inputPer1kRub: p.input_per_1k_rub, outputPer1kRub: p.output_per_1k_rub }]));
  return {
    provider: v.AI_PROVIDER,
    sandboxProvider: v.SANDBOX_AI_PROVIDER,
    builtinPriceRub: v.AI_BUILTIN_PRICE_RUB,
    builtinStreamWordMs: v.AI_BUILTIN_STREAM_WORD_MS,
    draftThrottleMs: v.AI_DRAFT_THROTTLE_MS,
    builtinArticlePriceRub: v.AI_BUILTIN_ARTICLE_PRICE_RUB,
    builtinStrategistPriceRub: v.AI_BUILTIN_STRATEGIST_PRICE_RUB,
    openai: { baseUrl: v.OPENAI_BASE_URL.replace(/\/$/, ''), apiKey: v.OPENAI_API_KEY, model: v.OPENAI_MODEL, prices, maxTokens: v.AI_MAX_TOKENS },
    timeoutMs: v.AI_TIMEOUT_MS,
    maxAttempts: v.AI_MAX_ATTEMPTS,
    retryInitialMs: parseDuration(v.AI_RETRY_INITIAL),
  };
}
