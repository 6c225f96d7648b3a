import type { Tenant } from '../entities/tenant.js';
import type { Integration } from '../entities/integration.js';
import { DELIVERY_STATES, type Webhook, type WebhookDelivery } from '../entities/webhook.js';
import type { HoldReason } from '../domain/webhooks/delivery-attempts.js';
import type { DeliveryStory, SupportFindings, SupportDeliveryFilters } from '../domain/support/lookup.js';
import type { RecordedSupportAction } from '../domain/support/audit.js';
import { presentDelivery } from '../presenters/webhooks.js';
import { shownDeliveryError } from '../domain/webhooks/sender.js';
import { madeBy } from './pages/replays.js';
import type { SupportOperator } from '../entities/support-operator.js';
import type { SessionView } from './operators/sessions.js';
import { html, stateBadge, time, type Html } from './html.js';
import { operationRows, sandboxMark } from './pages/money.js';

/** A hidden field with the session's form token: every POST carries it. */
const tokenField = (token: string) => html`<input type="hidden" name="token" value="${token}">`;
const short = (id: string) => html`<code class="id" title="${id}">${id}</code>`;

export function loginPage(): Html {
  return html`<form class="login" method="post" action="/login"><h1>Support console</h1>
<p class="muted">Internal: sign in with your operator account (each action is recorded with it).</p>
<label for="email">E-mail</label><input id="email" name="email" type="email" required maxlength="254" autocomplete="username">
<label for="password">Password</label><input id="password" name="password" type="password" required autocomplete="current-password">
<label for="code">Code from your authenticator app</label><input id="code" name="code" required inputmode="numeric" pattern="[0-9]{6}" maxlength="6" autocomplete="one-time-code">
<p><button type="submit">Sign in</button></p></form>`;
}

/** `live`: the live tenant of each sandbox among them. */
function tenantRows(tenants: Tenant[], live: Map<string, string>): Html {
  return html`<table><tr><th>Tenant</th><th>Id</th><th>Status</th><th>Created</th></tr>${tenants.map((t) => html`<tr data-tenant="${t.id}">
<td><a href="/tenants/${t.id}">${t.name}</a>${sandboxMark({ liveTenantId: live.get(t.id) ?? null })}</td><td>${short(t.id)}</td><td>${stateBadge(t.status)}</td><td>${time(t.createdAt)}</td></tr>`)}</table>`;
}

function integrationRows(integrations: Integration[]): Html {
  return html`<table><tr><th>Integration</th><th>Id</th><th>Tenant</th><th>Status</th></tr>${integrations.map((i) => html`<tr>
<td><a href="/integrations/${i.id}">${i.name}</a></td><td>${short(i.id)}</td><td><a href="/tenants/${i.tenantId}">${i.tenantId}</a></td><td>${stateBadge(i.status)}</td></tr>`)}</table>`;
}

function webhookRows(webhooks: Webhook[]): Html {
  if (!webhooks.length) return html`<p class="muted">No webhook subscriptions.</p>`;
  return html`<table><tr><th>Subscription</th><th>URL</th><th>Events</th><th>Status</th><th>Integration</th></tr>${webhooks.map((w) => html`<tr>
<td><a href="/webhooks/${w.id}">${w.id}</a></td><td>${w.url}</td><td>${w.events.join(', ')}</td><td>${stateBadge(w.status)}</td>
<td><a href="/integrations/${w.integrationId}">${w.integrationId}</a></td></tr>`)}</table>`;
}

export function searchPage(query: string, found: SupportFindings | null, live: Map<string, string>, actions: RecordedSupportAction[]): Html {
  const results = found === null ? '' : !(found.tenants.length || found.integrations.length || found.webhooks.length || found.deliveries.length || found.operations.length)
    ? html`<p class="notice">Nothing matches “${query}”.</p>`
    : html`${found.tenants.length ? html`<h2>Tenants</h2>${tenantRows(found.tenants, live)}` : ''}
${found.integrations.length ? html`<h2>Integrations</h2>${integrationRows(found.integrations)}` : ''}
${found.webhooks.length ? html`<h2>Webhook subscriptions</h2>${webhookRows(found.webhooks)}` : ''}
${found.deliveries.length ? html`<h2>Deliveries</h2>${deliveryRows(found.deliveries, new Map())}` : ''}
${found.operations.length ? html`<h2>Operations</h2>${operationRows(found.operations)}` : ''}`;
  return html`<h1>Find a tenant, integration, webhook, delivery, operation, event, key or request</h1>
<form class="filters" method="get" action="/"><label>Id or part of a name<input type="search" name="q" value="${query}" size="48" autofocus></label><button type="submit">Find</button></form>
${results}<h2>Recent actions</h2>${actionRows(actions)}`;
}

export function deliveryRows(rows: WebhookDelivery[], holds: Map<string, HoldReason>): Html {
  if (!rows.length) return html`<p class="muted">No deliveries match.</p>`;
  return html`<table class="deliveries"><tr><th>Created</th><th>Event type</th><th>State</th><th>Attempt</th><th>Last answer</th><th>Next attempt</th><th>Delivery</th></tr>
${rows.map((d) => {
    const p = presentDelivery(d, holds.get(d.id) ?? null);
    return html`<tr data-delivery="${d.id}"><td>${time(d.createdAt)}</td><td>${d.eventType}</td>
<td>${stateBadge(p.state)}${p.held ? html` <span class="muted">held: ${p.hold_reason}</span>` : ''}${d.replayOf ? html` <span class="muted">replay</span>` : ''}</td>
<td>${p.attempt}</td><td>${answerText(p.status_code, p.error)}</td><td>${time(p.next_attempt_at)}</td><td><a href="/deliveries/${d.id}">${d.id}</a></td></tr>`;
  })}</table>`;
}

/** The subscriber's answer as the delivery log shows it: its status and the short, safe reason. */
function answerText(status: number | null, error: string | null): string {
  const shown = shownDeliveryError(status, error);
  if (status === null && shown === null) return '—';
  return [status === null ? null : `HTTP ${status}`, shown].filter(Boolean).join(' · ');
}

/** The filter form of a delivery list: state, event type and a time range (UTC). */
export function deliveryFilters(action: string, f: SupportDeliveryFilters & { raw: Record<string, string> }): Html {
  return html`<form class="filters" method="get" action="${action}">
<label>State<select name="state"><option value="">any</option>${DELIVERY_STATES.map((s) => html`<option${f.state === s ? html` selected` : ''}>${s}</option>`)}</select></label>
<label>Event type<input name="event_type" value="${f.raw.event_type ?? ''}" placeholder="lead.created" size="18"></label>
<label>Created from (UTC)<input type="datetime-local" name="since" value="${f.raw.since ?? ''}"></label>
<label>to (UTC)<input type="datetime-local" name="until" value="${f.raw.until ?? ''}"></label>
<button type="submit">Show</button></form>`;
}

export function tenantPage(t: Tenant, mode: { liveTenantId: string | null; sandboxId: string | null }, integrations: Integration[], webhooks: Webhook[], deliveries: Html): Html {
  return html`<h1>Tenant ${t.name}${sandboxMark(mode)}</h1><dl><dt>Id</dt><dd>${short(t.id)}</dd><dt>Status</dt><dd>${stateBadge(t.status)}</dd>
<dt>Wallet</dt><dd><a id="wallet-link" href="/tenants/${t.id}/wallet">Balance, ledger and why 402</a></dd>
<dt>Features</dt><dd>${t.features.join(', ')}</dd><dt>Created</dt><dd>${time(t.createdAt)}</dd></dl>
<h2>Integrations</h2>${integrationRows(integrations)}<h2>Webhook subscriptions</h2>${webhookRows(webhooks)}
<h2>Deliveries</h2>${deliveries}`;
}

export function integrationPage(i: Integration, webhooks: Webhook[], deliveries: Html): Html {
  return html`<h1>Integration ${i.name}</h1><dl><dt>Id</dt><dd>${short(i.id)}</dd><dt>Tenant</dt><dd><a href="/tenants/${i.tenantId}">${i.tenantId}</a></dd>
<dt>Status</dt><dd>${stateBadge(i.status)}</dd><dt>Scopes</dt><dd>${i.scopes.join(', ')}</dd></dl>
<h2>Webhook subscriptions</h2>${webhookRows(webhooks)}<h2>Deliveries</h2>${deliveries}`;
}

export function webhookPage(w: Webhook, token: string, deliveries: Html, actions: RecordedSupportAction[], recoverDefaults: { since: string; until: string }): Html {
  const next = w.status === 'active' ? 'paused' : 'active';
  return html`<h1>Webhook subscription</h1><dl><dt>Id</dt><dd>${short(w.id)}</dd><dt>URL</dt><dd>${w.url}</dd><dt>Events</dt><dd>${w.events.join(', ')}</dd>
<dt>Status</dt><dd id="webhook-status">${stateBadge(w.status)}</dd><dt>Personal data</dt><dd>${w.includePii ? 'included' : 'not included'}</dd>
<dt>Tenant</dt><dd><a href="/tenants/${w.tenantId}">${w.tenantId}</a></dd><dt>Integration</dt><dd><a href="/integrations/${w.integrationId}">${w.integrationId}</a></dd></dl>
<div class="actions"><form class="inline" method="post" action="/webhooks/${w.id}/status">${tokenField(token)}<input type="hidden" name="status" value="${next}">
<button type="submit" id="toggle-status">${next === 'paused' ? 'Pause subscription' : 'Resume subscription'}</button></form></div>
<h2>Recover a range</h2><p class="muted">Replays every failed or dead delivery created in the range, each event at most once (as <code>bin/ctl deliveries recover</code>).</p>
<form class="filters" method="post" action="/webhooks/${w.id}/recover">${tokenField(token)}
<label>From (UTC)<input type="datetime-local" name="since" value="${recoverDefaults.since}" required></label>
<label>to (UTC)<input type="datetime-local" name="until" value="${recoverDefaults.until}" required></label><button type="submit" id="recover">Recover</button></form>
<h2>Deliveries</h2>${deliveries}<h2>Actions on this subscription</h2>${actionRows(actions)}`;
}

export interface DeliveryView {
  story: DeliveryStory;
  hold: HoldReason | null;
  temporalUrl: string;
  token: string;
  actions: RecordedSupportAction[];
  /** The action that made this delivery, when it is a replay. */
  origin: RecordedSupportAction | null;
}

export function deliveryPage(v: DeliveryView): Html {
  const d = v.story.delivery;
  const p = presentDelivery(d, v.hold);
  return html`<h1>Delivery of ${d.eventType}</h1>
<dl><dt>Id</dt><dd>${short(d.id)}</dd><dt>State</dt><dd id="delivery-state">${stateBadge(p.state)}</dd>
<dt>Hold</dt><dd>${p.held ? p.hold_reason : 'not held'}</dd><dt>Attempts</dt><dd>${p.attempt}</dd>
<dt>Next attempt</dt><dd>${time(p.next_attempt_at)}</dd><dt>Delivered</dt><dd>${time(p.delivered_at)}</dd><dt>Created</dt><dd>${time(p.created_at)}</dd>
<dt>Event</dt><dd>${short(d.eventId)}</dd>
<dt>Subscription</dt><dd><a href="/webhooks/${d.webhookId}">${d.webhookId}</a></dd><dt>Tenant</dt><dd><a href="/tenants/${d.tenantId}">${d.tenantId}</a></dd>
${d.replayOf ? html`<dt>Replay of</dt><dd><a href="/deliveries/${d.replayOf}">${d.replayOf}</a></dd><dt>Made by</dt><dd id="made-by">${madeBy(v.origin)}</dd>` : ''}
<dt>Workflow</dt><dd><a id="temporal-link" href="${v.temporalUrl}" target="_blank" rel="noopener noreferrer">Open in the Temporal UI</a></dd></dl>
<div class="actions"><form class="inline" method="post" action="/deliveries/${d.id}/replay">${tokenField(v.token)}
<button type="submit" id="replay">Replay</button></form></div>
<h2>Attempts</h2>${v.story.attempts.length ? html`<table class="attempts"><tr><th>#</th><th>Started</th><th>Status</th><th>Duration</th><th>Answer</th><th>Start of the answer's body</th></tr>
${v.story.attempts.map((a) => html`<tr><td>${a.attempt}</td><td>${time(a.startedAt)}</td><td>${a.statusCode ?? '—'}</td><td>${a.durationMs} ms</td>
<td>${answerText(a.statusCode ?? null, a.error ?? null)}</td><td class="excerpt">${a.answerExcerpt ? html`<code>${a.answerExcerpt}</code>` : html`<span class="muted">—</span>`}</td></tr>`)}</table>`
    : html`<p class="muted">No attempt yet.</p>`}
<h2>Other deliveries of this event</h2>${deliveryRows(v.story.related, new Map())}
<h2>Actions on this delivery</h2>${actionRows(v.actions)}`;
}

export function actionRows(actions: RecordedSupportAction[]): Html {
  if (!actions.length) return html`<p class="muted">None recorded.</p>`;
  return html`<table class="audit"><tr><th>When</th><th>Who</th><th>What</th><th>Target</th><th>Result</th></tr>${actions.map((a) => html`<tr>
<td>${time(a.createdAt)}</td><td>${a.operator}</td><td>${a.action}</td><td>${targetLink(a)}</td><td><code>${JSON.stringify(a.detail)}</code></td></tr>`)}</table>`;
}

function targetLink(a: RecordedSupportAction): Html | string {
  if (a.action === 'delivery.replay') return html`<a href="/deliveries/${a.targetId}">${a.targetId}</a>`;
  if (a.action.startsWith('webhook.')) return html`<a href="/webhooks/${a.targetId}">${a.targetId}</a>`;
  return a.targetId;
}

export function messagePage(title: string, text: string): Html {
  return html`<h1>${title}</h1><p>${text}</p><p><a href="/">Back to the search</a></p>`;
}

export function operatorsPage(operators: SupportOperator[]): Html {
  return html`<h1>Operators</h1><p class="muted">Made, disabled and reset with <code>bin/ctl support operator …</code> (docs/supporting.md, "Managing operators").</p>
<table class="operators"><tr><th>E-mail</th><th>Name</th><th>Role</th><th>Status</th><th>Created</th></tr>${operators.map((o) => html`<tr>
<td><a href="/operators/${o.id}">${o.email}</a></td><td>${o.displayName}</td><td>${o.role}</td><td>${stateBadge(o.disabled ? 'inactive' : 'active')}</td><td>${time(o.createdAt)}</td></tr>`)}</table>`;
}

export function operatorPage(o: SupportOperator, sessions: SessionView[], ownSessionId: string, token: string): Html {
  return html`<h1>Operator ${o.email}</h1><dl><dt>Name</dt><dd>${o.displayName}</dd><dt>Role</dt><dd>${o.role}</dd>
<dt>Status</dt><dd>${stateBadge(o.disabled ? 'inactive' : 'active')}</dd><dt>Updated</dt><dd>${time(o.updatedAt)}</dd></dl>
<h2>Sessions</h2>${sessions.length ? html`<table class="sessions"><tr><th>Started</th><th>How</th><th>From</th><th>Last used</th><th>Ends</th><th>State</th><th></th></tr>
${sessions.map((s) => html`<tr data-session="${s.id}"><td>${time(s.createdAt)}</td><td>${s.method}</td><td>${s.address ?? '—'}</td><td>${time(s.lastSeenAt)}</td><td>${time(s.expiresAt)}</td>
<td>${s.live ? (s.id === ownSessionId ? 'live (this one)' : 'live') : s.endedAt ? html`ended ${time(s.endedAt)} by ${s.endedBy}` : 'expired'}</td>
<td>${s.live ? html`<form class="inline" method="post" action="/sessions/${s.id}/end">${tokenField(token)}<button type="submit" class="secondary">End</button></form>` : ''}</td></tr>`)}</table>`
    : html`<p class="muted">No sessions.</p>`}`;
}
