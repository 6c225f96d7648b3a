/**
 * The AI seller's model behind one interface (issue 4): `builtin` (offline retrieval seller)
 * or `openai` (any Chat Completions endpoint), chosen by AI_PROVIDER. The operation workflow
 * asks it for one reply per customer turn and bills `usage.costRub`.
 */

/** One card of the AI catalogue: active, ai_enabled, in `sort` order. */
export interface CatalogueEntry {
  code: string;
  name: string;
  description: string | null;
  price_text: string | null;
}

export interface SellerTurn {
  sender: 'customer' | 'ai' | 'operator' | 'system';
  content: string;
}

export interface SellerContext {
  tenantName: string;
  /** ISO 639-1 of the conversation, when known. */
  language: string | null;
  /** The channel's greeting text, when the tenant set one. */
  greeting: string | null;
  catalogue: CatalogueEntry[];
  /** The conversation so far, oldest first; the last turn is the customer's message to answer. */
  history: SellerTurn[];
}

export interface SellerReply {
  /** Reply text; may hold `[CARD:<code>]` markers. */
  content: string;
  /** The seller hands the conversation to an operator (asked for a human, or nothing to say). */
  handoff: boolean;
  usage: {
    /** Truthful provider/model, e.g. `builtin/retrieval-v1`, `openai/gpt-4o-mini`. */
    model: string;
    /** Cost in roubles, decimal text. */
    costRub: string;
  };
}

export interface SellerModel {
  /** provider/model, as usage.model will say it. */
  readonly name: string;
  /**
   * true when a reply is a call across the network (it may take seconds, and another worker
   * should take it over when this one dies): the operation runs it as an activity with
   * heartbeats. An offline model answers in the worker, as a local activity.
   */
  readonly remote: boolean;
  /** Least and most one reply can cost, in roubles: admission checks these before any work. */
  costBounds(): { minRub: string; maxRub: string };
  /**
   * One reply. Throws UpstreamUnavailable when the provider cannot answer. `onText` gets the raw
   * text written so far (markers and all) each time it grows, for the reply's live draft; the
   * reply that resolves is the one to keep (it may differ: markers checked, layout tidied).
   */
  reply(context: SellerContext, signal?: AbortSignal, onText?: (text: string) => void): Promise<SellerReply>;
}

/** The model provider is down, refused, timed out, or answered something unusable. */
export class UpstreamUnavailable extends Error {
  /**
   * @param retryable false for a configuration problem or an unusable answer: another attempt would fail the same way.
   * @param retryAfterMs the provider's Retry-After (429), when it sent one.
   */
  constructor(message: string, readonly retryable = true, readonly retryAfterMs?: number) {
    super(message);
    this.name = 'UpstreamUnavailable';
  }
}
