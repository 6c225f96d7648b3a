/**
 * Every route the spec names, copied by hand from spec 01 and 02 (not read from src/): the
 * oracle the OpenAPI document tests and the widget document test hold the live document and
 * the live router against, both ways. Do not generate this file from the code; each line
 * names the spec section it comes from, with the spec's release label (spec 01 Versioning 5;
 * the code writes it as x-release: available, planned; beta is the project's own label for a
 * route beyond the spec). `null`: the spec names the path and gives it no label.
 */

type SpecRelease = 'available' | 'planned' | null;

/** The server API, paths relative to {base_url} (/api/public/v1). */
export const SPEC_API_ROUTES: Readonly<Record<string, { release: SpecRelease; spec: string }>> = {
  // spec 01 Account; "Release status. Available: GET /me, GET /wallet"
  'GET /me': { release: 'available', spec: '01 Account' },
  'GET /wallet': { release: 'available', spec: '01 Account' },
  // spec 01 Account: "GET /operations/{id}: path exists"
  'GET /operations/{id}': { release: null, spec: '01 Account' },
  // spec 01 What the service does: "Planned: ... GET /disclosures"
  'GET /disclosures': { release: 'planned', spec: '01 What the service does' },
  // spec 01 Webhook subscriptions; "Available: ... webhook management"
  'GET /webhooks': { release: 'available', spec: '01 Webhook subscriptions' },
  'POST /webhooks': { release: 'available', spec: '01 Webhook subscriptions' },
  'GET /webhooks/{id}': { release: 'available', spec: '01 Webhook subscriptions' },
  'PATCH /webhooks/{id}': { release: 'available', spec: '01 Webhook subscriptions' },
  'DELETE /webhooks/{id}': { release: 'available', spec: '01 Webhook subscriptions' },
  'POST /webhooks/{id}/rotate-secret': { release: 'available', spec: '01 Webhook subscriptions' },
  'POST /webhooks/{id}/test': { release: 'available', spec: '01 Webhook subscriptions' },
  'GET /webhooks/{id}/deliveries': { release: 'available', spec: '01 Webhook subscriptions' },
  // spec 02 Endpoints, Conversations (table: Status column)
  'GET /conversations': { release: 'available', spec: '02 Conversations' },
  'GET /conversations/{id}': { release: 'available', spec: '02 Conversations' },
  'GET /conversations/{id}/messages': { release: 'available', spec: '02 Conversations' },
  'POST /conversations': { release: 'planned', spec: '02 Conversations' },
  'POST /conversations/{id}/messages': { release: 'planned', spec: '02 Conversations' },
  // "POST /conversations/{id}/operator-messages, takeover, return to AI, close": the spec spells
  // only the first path; the last segments of the other three are written as the spec's words.
  'POST /conversations/{id}/operator-messages': { release: 'planned', spec: '02 Conversations' },
  'POST /conversations/{id}/takeover': { release: 'planned', spec: '02 Conversations' },
  'POST /conversations/{id}/return-to-ai': { release: 'planned', spec: '02 Conversations' },
  'POST /conversations/{id}/close': { release: 'planned', spec: '02 Conversations' },
  'POST /conversations/{id}/cards': { release: 'available', spec: '02 Conversations' },
  // spec 02 Leads: "GET /leads (Available ...)", "GET /leads/{id} exists (Available)"
  'GET /leads': { release: 'available', spec: '02 Leads' },
  'GET /leads/{id}': { release: 'available', spec: '02 Leads' },
  // spec 02 Product cards; spec 01 "Available: ... product-card CRUD"
  'GET /cards': { release: 'available', spec: '02 Product cards' },
  'POST /cards': { release: 'available', spec: '02 Product cards' },
  'GET /cards/{code}': { release: 'available', spec: '02 Product cards' },
  'PATCH /cards/{code}': { release: 'available', spec: '02 Product cards' },
  'DELETE /cards/{code}': { release: 'available', spec: '02 Product cards' },
  // spec 02 Articles (table: Status column)
  'GET /articles': { release: 'available', spec: '02 Articles' },
  'GET /articles/{id}': { release: 'available', spec: '02 Articles' },
  'PATCH /articles/{id}': { release: 'planned', spec: '02 Articles' },
  'POST /articles/{id}/approve': { release: 'planned', spec: '02 Articles' },
  'POST /articles/{id}/publish': { release: 'planned', spec: '02 Articles' },
  'POST /articles/generation-jobs': { release: 'planned', spec: '02 Articles' },
  'GET /articles/generation-jobs/{id}': { release: 'planned', spec: '02 Articles' },
  // spec 02 Strategist (table: Status column)
  'GET /strategist/reports': { release: 'available', spec: '02 Strategist' },
  'GET /strategist/reports/{id}': { release: 'available', spec: '02 Strategist' },
  'GET /strategist/topics': { release: 'available', spec: '02 Strategist' },
  'GET /strategist/topics/{id}': { release: 'available', spec: '02 Strategist' },
  'POST /strategist/topics/{id}/approve': { release: 'planned', spec: '02 Strategist' },
  'POST /strategist/topics/{id}/reject': { release: 'planned', spec: '02 Strategist' },
  'GET /strategist/actions': { release: 'available', spec: '02 Strategist' },
  'GET /strategist/actions/{id}': { release: 'available', spec: '02 Strategist' },
  'POST /strategist/actions/{id}/confirm': { release: 'planned', spec: '02 Strategist' },
  'POST /strategist/actions/{id}/cancel': { release: 'planned', spec: '02 Strategist' },
  // spec 02 Dashboards; spec 01 "Available: ... both dashboards"
  'GET /dashboards/overview': { release: 'available', spec: '02 Dashboards' },
  'GET /dashboards/pulse': { release: 'available', spec: '02 Dashboards' },
  // spec 02 Analytics: "Reading routes exist as Available"
  'GET /analytics/timeseries': { release: 'available', spec: '02 Analytics' },
  'GET /analytics/traffic-sources': { release: 'available', spec: '02 Analytics' },
  'GET /analytics/funnel': { release: 'available', spec: '02 Analytics' },
  'GET /analytics/visibility': { release: 'available', spec: '02 Analytics' },
};

/**
 * Routes the project documents and serves that the spec does not name by path, each with the
 * label it must carry and why it exists. `planned`: a feature the spec lists as Planned without
 * giving its paths (spec 01 "What the service does", Release status); `beta`: beyond the spec.
 */
export const API_ROUTE_EXTENSIONS: Readonly<Record<string, { release: 'planned' | 'beta'; reason: string }>> = {
  'GET /me/status': { release: 'planned', reason: 'spec 01 Release status: "status map" is Planned, no path given' },
  'POST /events': { release: 'planned', reason: 'spec 01 Release status: "events and offline conversions" are Planned, no path given' },
  'POST /offline-conversions': { release: 'planned', reason: 'spec 01 Release status: "events and offline conversions" are Planned, no path given' },
  'POST /leads': { release: 'planned', reason: 'spec 01 Release status: "editing leads" is Planned, no path given' },
  'PATCH /leads/{id}': { release: 'planned', reason: 'spec 01 Release status: "editing leads" is Planned, no path given (spec 01 Errors: If-Match, 412/428)' },
  'POST /strategist/sessions': { release: 'planned', reason: 'spec 01 Release status: "strategist chat" is Planned (scope strategist:chat), no path given' },
  'GET /strategist/sessions': { release: 'planned', reason: 'spec 01 Release status: "strategist chat" is Planned, no path given' },
  'GET /strategist/sessions/{id}': { release: 'planned', reason: 'spec 01 Release status: "strategist chat" is Planned, no path given' },
  'POST /strategist/sessions/{id}/turns': { release: 'planned', reason: 'spec 01 Release status: "strategist chat" is Planned; event strategist.turn.completed' },
  'GET /strategist/sessions/{id}/turns': { release: 'planned', reason: 'spec 01 Release status: "strategist chat" is Planned, no path given' },
  'GET /editorial-profile': { release: 'beta', reason: 'spec 02: the editorial profile is the precondition of generation, "set in the dashboard"; read over the API here' },
  'PUT /editorial-profile': { release: 'beta', reason: 'spec 02: the editorial profile is the precondition of generation, "set in the dashboard"; set over the API here' },
  'POST /leads/{id}/score': { release: 'beta', reason: 'spec 01 names scope leads:score and event lead.scored, no route' },
  'GET /leads/{id}/tasks': { release: 'beta', reason: 'spec 01 names events task.created and task.completed, no route' },
  'POST /leads/{id}/tasks': { release: 'beta', reason: 'spec 01 names events task.created and task.completed, no route' },
  'POST /leads/{id}/tasks/{task_id}/complete': { release: 'beta', reason: 'spec 01 names event task.completed, no route' },
  'POST /operations/{id}/cancel': { release: 'beta', reason: 'spec 01 Operation status includes canceled; the spec names no way to cancel' },
  'POST /webhooks/{id}/deliveries/{delivery_id}/redeliver': { release: 'beta', reason: 'spec 01: "no automatic redelivery"; a manual one beyond the spec' },
  'POST /webhooks/{id}/recover': { release: 'beta', reason: 'issue 38 item 3: the support console\'s recovery by range, in the integrator\'s hands (an operation)' },
};

/** Public documents the API serves beside its routes, not described in its own OpenAPI document. */
export const API_DOCUMENT_ROUTES = ['GET /openapi.json', 'GET /changelog'] as const;

/** spec 01 Visitor chat routes, on {cell_origin}: the table, in its order. */
export const SPEC_WIDGET_ROUTES = [
  'POST /api/widget/init',
  'GET /api/widget/history',
  'POST /api/widget/messages',
  'GET /api/widget/events',
  'GET /api/widget/poll',
] as const;

/** Visitor chat routes the project serves beyond the spec's table, with why. */
export const WIDGET_ROUTE_EXTENSIONS: Readonly<Record<string, string>> = {
  'OPTIONS /api/widget/init': 'spec 01: "Only init has CORS": the preflight of init',
  'GET /api/widget/attachments/{messageId}/{index}': 'spec 01: chat message attachments are "signed short-lived addresses": the route those addresses point at',
  'OPTIONS /api/widget/pageview': 'the preflight of the page-view beacon below',
  'POST /api/widget/pageview': 'the chat templates report page views for analytics (spec 02 Analytics traffic sources); not in the spec',
};

/** The visitor chat's own document, served beside its routes and not described in itself. */
export const WIDGET_DOCUMENT_ROUTES = ['GET /api/widget/openapi.json'] as const;

/** A list against the spec's, both ways: what the spec has and the other lacks, and the reverse (sorted, readable in a failure). */
export function bothWays(spec: readonly string[], actual: readonly string[]): { missing: string[]; unexpected: string[] } {
  const has = new Set(actual);
  const wanted = new Set(spec);
  return { missing: spec.filter((r) => !has.has(r)).sort(), unexpected: actual.filter((r) => !wanted.has(r)).sort() };
}
