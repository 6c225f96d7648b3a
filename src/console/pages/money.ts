import type { Operation } from '../../entities/operation.js';
import type { WalletLedgerEntry } from '../../entities/wallet.js';
import type { OperationStory, WalletStory } from '../../domain/support/money.js';
import { html, stateBadge, time, type Html } from '../html.js';

/** Support's pages about money: a tenant's wallet and ledger (why 402), and one operation with its charges. */

const short = (id: string) => html`<code class="id" title="${id}">${id}</code>`;
const rub = (amount: string | null | undefined) => (amount == null ? '—' : `${amount} RUB`);

/** A sandbox tenant's badge, linked to its live tenant; a live tenant's link to its sandbox. */
export function sandboxMark(mode: { liveTenantId: string | null; sandboxId?: string | null }): Html | string {
  if (mode.liveTenantId) return html` <a class="state state-sandbox" href="/tenants/${mode.liveTenantId}" title="Test data of the live tenant ${mode.liveTenantId}">sandbox</a>`;
  if (mode.sandboxId) return html` <a class="muted" id="sandbox-link" href="/tenants/${mode.sandboxId}">its sandbox</a>`;
  return '';
}

export function ledgerRows(rows: WalletLedgerEntry[]): Html {
  if (!rows.length) return html`<p class="muted">No ledger rows.</p>`;
  return html`<table class="ledger"><tr><th>When</th><th>Kind</th><th>Amount</th><th>Balance after</th><th>Operation</th><th>Integration</th><th>Description</th></tr>
${rows.map((l) => html`<tr data-ledger="${l.id}"><td>${time(l.createdAt)}</td><td>${l.kind}</td><td>${rub(l.amountRub)}</td><td>${rub(l.balanceAfterRub)}</td>
<td>${l.operationId ? html`<a href="/operations/${l.operationId}">${l.operationId}</a>` : '—'}</td>
<td>${l.integrationId ? html`<a href="/integrations/${l.integrationId}">${l.integrationId}</a>` : '—'}</td><td>${l.description}</td></tr>`)}</table>`;
}

export function walletPage(name: string, w: WalletStory, live: { liveTenantId: string | null }): Html {
  const wallet = w.wallet;
  const suspended = w.exchange === 'suspended'
    ? (w.negativeSince ? html`suspended since ${time(w.negativeSince.createdAt)} (the ${w.negativeSince.kind} that took the balance below zero)` : html`suspended (blocked; a block's time is not recorded, the wallet last changed ${time(wallet?.updatedAt)})`)
    : 'active';
  const limit = (v: string | null) => (v === null ? 'none' : `${v} RUB`);
  return html`<h1>Wallet of <a href="/tenants/${w.tenantId}">${name}</a>${sandboxMark(live)}</h1>
<p class="notice${w.verdict.answer === 'none' ? '' : ' error'}" id="payment-verdict">${w.verdict.answer === 'none' ? 'No 402 now. ' : html`402 <code>${w.verdict.answer}</code>: `}${w.verdict.why}</p>
<dl><dt>Balance</dt><dd id="wallet-balance">${wallet ? rub(wallet.balanceRub) : 'no wallet'}</dd><dt>State</dt><dd id="wallet-state">${stateBadge(w.state)}</dd>
<dt>Exchange</dt><dd id="wallet-exchange">${suspended}</dd><dt>Low threshold</dt><dd>${wallet ? rub(wallet.lowThresholdRub) : '—'}</dd>
<dt>Reserved by running operations</dt><dd>${rub(w.reservedRub)}</dd>
<dt>Cost cap per operation</dt><dd>${limit(w.limits.operation_cost_cap_rub)}</dd><dt>Daily spend limit</dt><dd>${limit(w.limits.daily_spend_limit_rub)}</dd>
<dt>Website chat AI cap per day</dt><dd>${limit(w.limits.widget_daily_ai_cap_rub)}</dd></dl>
<h2>Ledger</h2>${ledgerRows(w.ledger)}
${w.olderBefore ? html`<p><a id="older" href="/tenants/${w.tenantId}/wallet?before=${w.olderBefore}">Older rows</a></p>` : ''}`;
}

/** `conversation_id` as a label: Conversation. */
const label = (key: string) => key.replace(/_id$/, '').replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** What the operation concerns, from its input and resource: a conversation, a message, an article. */
function concerns(o: Operation): Html[] {
  const ids = Object.entries(o.input).filter(([k, v]) => k.endsWith('_id') && typeof v === 'string');
  return [
    ...ids.map(([k, v]) => html`<dt>${label(k)}</dt><dd>${short(String(v))}</dd>`),
    ...(o.resourceType && o.resourceId ? [html`<dt>Result (${o.resourceType})</dt><dd>${short(o.resourceId)}</dd>`] : []),
  ];
}

export function operationPage(s: OperationStory, temporalUrl: string): Html {
  const o = s.operation;
  return html`<h1>Operation ${o.type}</h1>
<dl><dt>Id</dt><dd>${short(o.id)}</dd><dt>State</dt><dd id="operation-state">${stateBadge(o.status)}</dd>
${o.errorCode ? html`<dt>Error</dt><dd id="operation-error"><code>${o.errorCode}</code> ${o.errorMessage ?? ''}</dd>` : ''}
<dt>Created</dt><dd>${time(o.createdAt)}</dd><dt>Workflow started</dt><dd>${time(o.workflowStartedAt)}</dd><dt>Started</dt><dd>${time(o.startedAt)}</dd><dt>Completed</dt><dd>${time(o.completedAt)}</dd>
<dt>Cost ceiling</dt><dd>${rub(o.costCeilingRub)}</dd><dt>Cost</dt><dd>${rub(o.usageCostRub)}${o.usageModel ? html` <span class="muted">(${o.usageModel})</span>` : ''}</dd>
<dt>Tenant</dt><dd><a href="/tenants/${o.tenantId}">${o.tenantId}</a> · <a href="/tenants/${o.tenantId}/wallet">wallet</a></dd>
${o.integrationId ? html`<dt>Integration</dt><dd><a href="/integrations/${o.integrationId}">${o.integrationId}</a></dd>` : ''}
${o.channelId ? html`<dt>Website channel</dt><dd>${short(o.channelId)}</dd>` : ''}
${concerns(o)}
<dt>Workflow</dt><dd><a id="temporal-link" href="${temporalUrl}" target="_blank" rel="noopener noreferrer">Open in the Temporal UI</a></dd></dl>
<h2>Ledger rows of this operation</h2><p class="muted">An operation is charged at most once: its charge is keyed by the operation's id.</p>${ledgerRows(s.ledger)}`;
}

/** Operations found by id (search). */
export function operationRows(rows: Operation[]): Html {
  return html`<table class="operations"><tr><th>Operation</th><th>Type</th><th>State</th><th>Created</th><th>Tenant</th></tr>${rows.map((o) => html`<tr>
<td><a href="/operations/${o.id}">${o.id}</a></td><td>${o.type}</td><td>${stateBadge(o.status)}</td><td>${time(o.createdAt)}</td><td><a href="/tenants/${o.tenantId}">${o.tenantId}</a></td></tr>`)}</table>`;
}
