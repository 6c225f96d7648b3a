import createClient from 'openapi-fetch';
import type { paths } from './schema.js';
import { retryingFetch, type RetryOptions } from './transport.js';
import type { Api } from './resource.js';
import { Disclosures, Me, Wallet } from './resources/account.js';
import { Articles, EditorialProfile } from './resources/articles.js';
import { Analytics, Cards, Dashboards, Events } from './resources/catalogue.js';
import { Conversations } from './resources/conversations.js';
import { Leads } from './resources/leads.js';
import { Operations } from './resources/operations.js';
import { Strategist } from './resources/strategist.js';
import { Webhooks } from './resources/webhooks.js';

export const VERSION = '0.3.0';

export interface SalesChatOptions {
  /** Your server-side API key (sk_<mode>_<cell>_...). Never in a browser or an app. */
  apiKey: string;
  /** The base URL of your cell, with /api/public/v1 (GET /me says it: base_url). */
  baseUrl: string;
  retry?: RetryOptions;
  /** One attempt's time limit in ms (default 60 s). */
  timeoutMs?: number;
  /** Another fetch (a proxy agent, a test double). */
  fetch?: typeof globalThis.fetch;
}

/**
 * The Public Server API, by resource:
 *
 *   const client = new SalesChat({ apiKey: process.env.SALES_CHAT_KEY!, baseUrl: 'https://api.example/api/public/v1' });
 *   const me = await client.me.retrieve();
 *   for await (const lead of client.leads.list({ status: 'new' })) console.log(lead.id);
 *
 * Answers are typed from the OpenAPI document; an error answer is thrown as an ApiError
 * subclass. Every POST carries an Idempotency-Key (yours, or one generated and kept across
 * this client's retries); 429 and 503 are retried after Retry-After.
 */
export class SalesChat {
  /** The typed fetch layer (openapi-fetch) underneath, for routes by path: client.api.GET('/me'). */
  readonly api: Api;
  readonly me: Me;
  readonly wallet: Wallet;
  readonly disclosures: Disclosures;
  readonly conversations: Conversations;
  readonly operations: Operations;
  readonly leads: Leads;
  readonly cards: Cards;
  readonly articles: Articles;
  readonly editorialProfile: EditorialProfile;
  readonly strategist: Strategist;
  readonly webhooks: Webhooks;
  readonly analytics: Analytics;
  readonly events: Events;
  readonly dashboards: Dashboards;

  constructor(o: SalesChatOptions) {
    if (!o.apiKey) throw new TypeError('SalesChat: apiKey is required');
    if (!o.baseUrl) throw new TypeError('SalesChat: baseUrl is required (your cell\'s base URL, e.g. https://<cell host>/api/public/v1)');
    this.api = createClient<paths>({
      baseUrl: o.baseUrl.replace(/\/$/, ''),
      fetch: retryingFetch({ apiKey: o.apiKey, retry: o.retry, timeoutMs: o.timeoutMs, fetch: o.fetch, userAgent: `sales-chat-client/${VERSION} node/${process.versions.node}` }),
    });
    this.me = new Me(this.api);
    this.wallet = new Wallet(this.api);
    this.disclosures = new Disclosures(this.api);
    this.conversations = new Conversations(this.api);
    this.operations = new Operations(this.api);
    this.leads = new Leads(this.api);
    this.cards = new Cards(this.api);
    this.articles = new Articles(this.api);
    this.editorialProfile = new EditorialProfile(this.api);
    this.strategist = new Strategist(this.api);
    this.webhooks = new Webhooks(this.api);
    this.analytics = new Analytics(this.api);
    this.events = new Events(this.api);
    this.dashboards = new Dashboards(this.api);
  }
}
