/**
 * The change log of the public API (spec 01 Versioning 2-4): served as GET
 * {base_url}/changelog and written out in docs/CHANGELOG.md (a test keeps the two together).
 * A deprecation entry puts Deprecation and Sunset headers on the routes it names and marks them
 * deprecated in the OpenAPI document; its sunset comes at least SUNSET_NOTICE_DAYS after it.
 */

export type ChangeKind = 'additive' | 'deprecation' | 'breaking';

export interface ChangelogEntry {
  /** YYYY-MM-DD: when the change shipped (for a deprecation: when it was announced). */
  date: string;
  kind: ChangeKind;
  /** Routes it concerns, as "METHOD /path" of the route definitions. */
  routes: string[];
  text: string;
  /** Deprecations only: YYYY-MM-DD when the routes stop working (absent: no removal scheduled yet). */
  sunset?: string;
}

export const SUNSET_NOTICE_DAYS = 90;

export const CHANGELOG: readonly ChangelogEntry[] = [
  {
    date: '2026-11-29', kind: 'additive', routes: ['GET /webhooks', 'GET /webhooks/{id}', 'PATCH /webhooks/{id}', 'GET /me/status'],
    text: "Failing endpoints are paused, not disabled (beta): a subscription whose every attempt failed for 5 days is paused by the platform, `paused_reason` says who paused a subscription (`failing` or `integrator`), a `webhook.paused` event tells the integration's other subscriptions, and PATCH status active resumes it with its held deliveries.",
  },
  {
    date: '2026-11-29', kind: 'additive', routes: ['POST /webhooks/{id}/recover', 'GET /operations/{id}'],
    text: "Webhooks: `POST /webhooks/{id}/recover` (beta) redelivers a subscription's failed and dead deliveries of a time range once each, as new deliveries of the same events (same `Svc-Event-Id`), in an operation `webhook.recovery` with `progress` (beta) on `GET /operations/{id}`.",
  },
  {
    date: '2026-11-29', kind: 'additive', routes: ['PATCH /webhooks/{id}'],
    text: "Held webhook deliveries go out within seconds of every end of their hold: PATCH /webhooks/{id} turning include_pii off releases the deliveries it held for personal data (a missing scope or transfer condition), and a sandbox's deliveries are released with their live integration's or tenant's access, as the live ones were.",
  },
  {
    date: '2026-11-29', kind: 'additive', routes: ['POST /webhooks', 'PATCH /webhooks/{id}', 'GET /webhooks/{id}', 'GET /webhooks'],
    text: "Webhook subscriptions take `max_per_second` (beta): deliveries to the subscription start no faster than that many a second (1 to 1,000; null, the default, is no limit), across all of the platform's workers; those beyond it wait their turn as pending deliveries, never dropped, each conversation's and lead's events still in order.",
  },
  {
    date: '2026-11-29', kind: 'additive', routes: ['POST /events', 'GET /analytics/timeseries'],
    text: 'Events of today and of the 7 days before it count in every analytics and dashboard read as soon as POST /events stores them, instead of after the next snapshot (or, for today, up to 30 seconds later).',
  },
  {
    date: '2026-11-28', kind: 'breaking',
    routes: ['GET /leads', 'GET /articles', 'POST /articles/generation-jobs', 'POST /strategist/topics/{id}/approve', 'POST /articles/{id}/publish', 'GET /webhooks/{id}/deliveries', 'GET /conversations/{id}/messages'],
    text: 'Answers brought to spec 01 and 02 where they differed: scope_missing for a scope the plan cuts, updated_after takes a date or a zone-less time, max_cost refused above the cap and read in the cell currency, the 3,000,000-byte publish payload limit, WebhookDelivery error only for network failures and 3xx, messages are not deleted.',
  },
  {
    date: '2026-11-28', kind: 'additive', routes: ['GET /dashboards/pulse'],
    text: 'The pulse counts the period asked for: GET /dashboards/pulse alerts compare [from, to] with the same number of days just before it, named in `previous_period`; its data_as_of names every source the alerts are read from, conversations included.',
  },
  {
    date: '2026-11-28', kind: 'additive', routes: [],
    text: "Five answers read as spec 01 and 02 write them: insufficient_funds without topup_url, the status map 404 where Planned routes are off, format=blocks as one html block, handed_off only where the hand-off answers, livemode on an operation's resource.",
  },
  {
    date: '2026-11-28', kind: 'additive', routes: [],
    text: 'An address never locks out a valid key: only wrong secrets of issued keys count against a client address, and a valid key from an address at that limit is answered as from any other.',
  },
  {
    date: '2026-11-28', kind: 'additive', routes: ['GET /webhooks/{id}/deliveries', 'POST /webhooks/{id}/deliveries/{delivery_id}/redeliver'],
    text: "Webhooks and publications that last: a delivery still owed (pending, failed or held) is never removed by the delivery log's retention, however old; a delivery or operation whose workflow ended without settling it is picked up again or ended with a reason; the site module's result is answered only once its job took it.",
  },
  {
    date: '2026-11-28', kind: 'additive', routes: [],
    text: 'Answers that hold when the database or the machine falters: a request whose database connection ended under it answers 503 and the connection leaves the pool; a busy api process no longer turns a rate-limit or key read Redis had answered into 503; GET /me/status answers at any backlog.',
  },
  {
    date: '2026-11-27', kind: 'additive', routes: [],
    text: 'Documents that say what every answer is and every event carries, a reference page at /docs, the overview\'s sitemap_health read from the site, paid work that is not refused for a busy moment, builtin models that write in the conversation\'s language and on the subject, one conversation\'s or lead\'s webhook events delivered in order, and today as a partial day on request.',
  },
  {
    date: '2026-11-26', kind: 'additive', routes: [],
    text: 'Spec conformance and figures computed from rows: a production start answers the spec\'s release status; a topic whose generation cannot start is approved; reports ordered by report_date; article events reach every integration that reads articles; GET /me shows the effective IP rule; a failing data source is 503; a new sandbox has test money; the overview\'s strategist, clusters and status blocks and the pulse\'s topic links come from what exists.',
  },
  {
    date: '2026-11-25', kind: 'additive', routes: [],
    text: 'Personal data stays behind its scopes, and abuse costs the abuser: customer text reaches strategist, article and dashboard answers only redacted; rate limits count a sliding minute; refused keys, deep bodies and impossible dates are refused early.',
  },
  {
    date: '2026-11-24', kind: 'additive', routes: [],
    text: 'Test mode: a test key (sk_test_…) works in the tenant\'s sandbox, with its own data, wallet of test money, webhooks and rate limits; every object an answer carries (and each object of a list) says `livemode`, as every event does.',
  },
  {
    date: '2026-11-24', kind: 'additive', routes: [],
    text: 'Leads and their tasks, SEO articles (generation as an operation, approval, publication through the site module), analytics (events, offline conversions, time series, the funnel, the pulse), the strategist (reports, topics and their decisions, the chat) and the dashboards\' overview.',
  },
  {
    date: '2026-11-24', kind: 'additive', routes: ['GET /me/status'],
    text: 'Release labels on every operation (x-release), the status map at {cell_origin}/status, and GET /me/status: your subscriptions\' last 15 minutes, what waits, your operations queue.',
  },
  {
    date: '2026-11-23', kind: 'additive', routes: [],
    text: 'The visitor chat (POST /api/widget/init and the chat routes on the cell origin) and the embeddable widget.',
  },
  {
    date: '2026-11-22', kind: 'additive',
    routes: ['GET /conversations', 'GET /conversations/{id}', 'GET /conversations/{id}/messages', 'POST /conversations', 'POST /conversations/{id}/messages',
      'GET /cards', 'POST /cards', 'GET /cards/{code}', 'PATCH /cards/{code}', 'DELETE /cards/{code}', 'GET /operations/{id}', 'POST /operations/{id}/cancel'],
    text: 'Conversations and messages, product cards, paid AI replies as operations (wait, cancel), webhook subscriptions and signed deliveries.',
  },
  {
    date: '2026-11-21', kind: 'additive', routes: ['GET /me', 'GET /wallet', 'GET /disclosures'],
    text: 'The platform: API keys per cell, GET /me, GET /wallet, the personal-data disclosure log, Problems for every error.',
  },
];

const DAY_MS = 86_400_000;

/** Why an entry cannot stand, or null: a deprecation's sunset, when it has one, comes SUNSET_NOTICE_DAYS or more after it. */
export function changelogEntryProblem(e: ChangelogEntry): string | null {
  if (!/^\d{4}-\d\d-\d\d$/.test(e.date) || Number.isNaN(Date.parse(e.date))) return `date "${e.date}" is not YYYY-MM-DD`;
  if (e.kind !== 'deprecation') return e.sunset ? 'only a deprecation has a sunset' : null;
  // Deprecated with no removal scheduled yet: Deprecation alone (RFC 9745 allows it).
  if (!e.sunset) return null;
  if (Number.isNaN(Date.parse(e.sunset))) return `sunset "${e.sunset}" is not a date`;
  const days = (Date.parse(e.sunset) - Date.parse(e.date)) / DAY_MS;
  return days < SUNSET_NOTICE_DAYS ? `sunset ${e.sunset} is ${days} days after ${e.date}; at least ${SUNSET_NOTICE_DAYS} are required` : null;
}

/** Deprecation, sunset and link of each route a deprecation entry names ("GET /me" -> ...). */
export function deprecationsOf(entries: readonly ChangelogEntry[], link: string): Record<string, { deprecation: string; sunset?: string; link?: string }> {
  return Object.fromEntries(entries.filter((e) => e.kind === 'deprecation')
    .flatMap((e) => e.routes.map((route) => [route, { deprecation: `${e.date}T00:00:00Z`, ...(e.sunset ? { sunset: `${e.sunset}T00:00:00Z` } : {}), link }])));
}
