import type { Services } from '../../services.js';
import type { Em } from '../../db/em.js';
import type { SupportFindings } from '../../domain/support/lookup.js';
import { keyReferenceOf, keyStory, type KeyReference, type KeyStory } from '../../domain/support/keys.js';
import type { LoggedRequest } from '../../domain/support/request-log.js';
import { statusOf } from '../../http/problem.js';
import { html, stateBadge, time, type Html } from '../html.js';

/**
 * The support console's pages of what callers quote (issue 41 item 5): a key by its key id or
 * prefix (why the api refuses it), a request by its request id (from the request log). Each is
 * a read (viewer), registered by one line in its router (page-routes.ts).
 */

/** `/keys/<key id or prefix>`: never a whole key (its secret is not part of any page's address). */
export const KEY_TEXT = /^(?:key_[0-9A-Za-z]{20}|sk_(?:live|test)_(?:ru|en|id)_[0-9A-Za-z]{20})$/;
/** `/requests/<request id>` (the shape observe.ts accepts for X-Request-Id). */
export const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** A page to show: its status, title and body. */
export interface Shown {
  status: number;
  title: string;
  body: Html;
}

/** The visible text of a key: its prefix when given one (mode and cell), else its key id; never its secret. */
const keyText = (ref: KeyReference) => (ref.prefix ? `sk_${ref.prefix.mode}_${ref.prefix.cell}_${ref.keyId.slice('key_'.length)}` : ref.keyId);

/** Where a search goes straight to: a key's page, or the one request it found. */
export function lookupTarget(found: SupportFindings): string | null {
  if (found.key) return `/keys/${keyText(found.key)}`;
  if (found.requests.length === 1) return `/requests/${found.requests[0]!.request_id}`;
  return null;
}

export async function keyLookup(services: Services, em: Em, text: string): Promise<Shown> {
  const reference = keyReferenceOf(text)!;
  const story = await keyStory(em, services.config, reference, services.clock.now());
  const requests = await services.requestLog.ofKey(reference.keyId);
  return { status: 200, title: `Key ${reference.keyId}`, body: keyPage(story, requests, services.config.requestLog.hours) };
}

export async function requestLookup(services: Services, requestId: string): Promise<Shown> {
  const request = await services.requestLog.find(requestId);
  const hours = services.config.requestLog.hours;
  if (!request) {
    return { status: 404, title: 'Request', body: html`<h1>Request ${requestId}</h1><p class="notice error" id="request-missing">No request ${requestId} in the request log: it keeps each api request ${hours} hours (REQUEST_LOG_HOURS), in this cell only.</p>` };
  }
  return { status: 200, title: `Request ${requestId}`, body: requestPage(request) };
}

function keyPage(s: KeyStory, requests: LoggedRequest[], hours: number): Html {
  const { key, integration, tenant, verdict } = s;
  const prefix = key ? `sk_${key.mode}_${key.cell}_${key.keyId.slice('key_'.length)}` : s.reference.prefix ? keyText(s.reference) : null;
  const lastSeen = requests[0]?.at ?? null;
  const answer = verdict.accepted
    ? html`<p class="notice" id="key-verdict">Accepted: a request with this key and its right secret passes authentication. A caller answered 401 sends a wrong secret (<code>wrong_secret</code> in the requests below) or another key.</p>`
    : html`<p class="notice error" id="key-verdict"><strong>Refused: ${verdict.reason}</strong> (the api answers ${statusOf(verdict.code)} <code>${verdict.code}</code>). ${verdict.text}</p>`;
  return html`<h1>Key ${s.reference.keyId}</h1>${answer}
<dl><dt>Key id</dt><dd>${s.reference.keyId}</dd><dt>Prefix</dt><dd>${prefix ? html`<code>${prefix}_…</code>` : '—'}</dd>
${key ? html`<dt>Mode</dt><dd>${key.mode}</dd><dt>Cell</dt><dd>${key.cell}</dd>` : ''}
<dt>Integration</dt><dd>${integration ? html`<a href="/integrations/${integration.id}">${integration.name}</a> ${stateBadge(integration.status)}` : '—'}</dd>
<dt>Tenant</dt><dd>${tenant ? html`<a href="/tenants/${tenant.id}">${tenant.name}</a> ${stateBadge(tenant.status)}` : '—'}</dd>
<dt>Scopes</dt><dd>${s.scopes.length ? s.scopes.join(', ') : '—'}</dd>
<dt>Created</dt><dd>${time(key?.createdAt)}</dd><dt>Expires</dt><dd>${time(key?.expiresAt)}</dd><dt>Revoked</dt><dd>${key?.revokedAt ? html`${time(key.revokedAt)} (by whom is not recorded)` : '—'}</dd>
<dt>Last request</dt><dd>${lastSeen ? time(lastSeen) : html`<span class="muted">none in the request log (it keeps ${hours} hours)</span>`}</dd>
${key?.ipAllowlist?.length ? html`<dt>IP allowlist</dt><dd>${key.ipAllowlist.join(', ')}</dd>` : ''}</dl>
<h2>Its latest requests</h2>${requestRows(requests)}`;
}

/** The route template with its method (the metrics' label), or the method alone where no route matched. */
const routeOf = (q: LoggedRequest) => (q.route === 'unmatched' ? `${q.method} (no route)` : q.route);

function requestRows(requests: LoggedRequest[]): Html {
  if (!requests.length) return html`<p class="muted">None in the request log.</p>`;
  return html`<table class="requests"><tr><th>When</th><th>Request</th><th>Route</th><th>Status</th><th>Code</th><th>Key refused as</th></tr>${requests.map((q) => html`<tr>
<td>${time(q.at)}</td><td><a href="/requests/${q.request_id}">${q.request_id}</a></td><td>${routeOf(q)}</td><td>${q.status}</td><td>${q.code ?? '—'}</td><td>${q.key_refusal ?? '—'}</td></tr>`)}</table>`;
}

function requestPage(q: LoggedRequest): Html {
  return html`<h1>Request ${q.request_id}</h1>
<dl id="request"><dt>Received</dt><dd>${time(q.at)}</dd><dt>Route</dt><dd id="request-route"><code>${routeOf(q)}</code></dd><dt>Path</dt><dd><code>${q.path}</code></dd>
<dt>Status</dt><dd id="request-status">${q.status}</dd><dt>Problem code</dt><dd id="request-code">${q.code ?? '—'}</dd><dt>Duration</dt><dd>${q.duration_ms} ms</dd>
<dt>Key</dt><dd>${q.key_id ? html`<a id="request-key" href="/keys/${q.key_id}">${q.key_id}</a>${q.key_refusal ? html` (refused: ${q.key_refusal})` : ''}` : '—'}</dd>
<dt>Integration</dt><dd>${q.integration_id ? html`<a id="request-integration" href="/integrations/${q.integration_id}">${q.integration_id}</a>` : '—'}</dd>
<dt>Tenant</dt><dd>${q.tenant_id ? html`<a href="/tenants/${q.tenant_id}">${q.tenant_id}</a>` : '—'}</dd></dl>
<p class="muted">The request log keeps no query string, header or body.</p>`;
}
