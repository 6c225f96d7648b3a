import type { WebhookDelivery } from '../../entities/webhook.js';
import { concernText, type ReplayConcern } from '../../domain/webhooks/replay.js';
import type { RecordedSupportAction } from '../../domain/support/audit.js';
import type { RecoveryJob } from '../../../workflows/recovery-contract.js';
import { html, time, type Html } from '../html.js';

/** A hidden field with the session's form token, and the answer that confirms. */
const confirmFields = (token: string) => html`<input type="hidden" name="token" value="${token}"><input type="hidden" name="confirm" value="yes">`;

/** The question before a replay that may send the event twice: what speaks against it, then replay anyway or go back. */
export function replayQuestion(d: WebhookDelivery, concerns: ReplayConcern[], token: string): Html {
  return html`<h1>Replay this delivery anyway?</h1>
<p>Delivery <a href="/deliveries/${d.id}">${d.id}</a> of ${d.eventType}:</p>
<ul id="replay-concerns">${concerns.map((c) => html`<li data-reason="${c.reason}">${concernText(c)}${c.reason === 'replayed' ? html` (${c.replay_ids.map((id, i) => html`${i ? ', ' : ''}<a href="/deliveries/${id}">${id}</a>`)})` : ''}.</li>`)}</ul>
<p>A replay now may reach the subscriber twice (the same Svc-Event-Id, so it can tell).</p>
<div class="actions"><form class="inline" method="post" action="/deliveries/${d.id}/replay">${confirmFields(token)}
<button type="submit" id="replay-confirm">Replay anyway</button></form><a href="/deliveries/${d.id}">Back to the delivery</a></div>`;
}

/** The count before a recovery starts: how many deliveries it replays, and the bound. */
export function recoveryQuestion(webhookId: string, range: { since: string; until: string }, count: number, max: number, token: string): Html {
  if (count > max) {
    return html`<h1>Recovery refused</h1><p id="recovery-count">The range holds ${count} deliveries to replay; a recovery replays at most ${max} (SUPPORT_RECOVERY_MAX).</p>
<p>Narrow the range and recover it in parts. <a href="/webhooks/${webhookId}">Back to the subscription</a></p>`;
  }
  return html`<h1>Recover ${count} deliveries?</h1>
<p id="recovery-count">${count} failed or dead deliveries created from ${range.since} to ${range.until} (UTC) have no replay yet; each is replayed once.</p>
<div class="actions"><form class="inline" method="post" action="/webhooks/${webhookId}/recover">${confirmFields(token)}
<input type="hidden" name="since" value="${range.since}"><input type="hidden" name="until" value="${range.until}">
<button type="submit" id="recover-confirm">Recover ${count}</button></form><a href="/webhooks/${webhookId}">Back to the subscription</a></div>`;
}

/** A recovery's page, from its workflow's query or result: reloads itself while it runs. */
export function recoveryPage(job: RecoveryJob): Html {
  const { input, progress } = job;
  const status = progress.state === 'running'
    ? html`<p>Replaying ${progress.replayed} of ${input.total}.</p>`
    : progress.state === 'failed' ? html`<p class="notice error">The recovery failed: ${progress.error}</p>`
      : html`<p class="notice" id="recovery-done">Replayed ${progress.replayed}; skipped ${progress.skipped} (already replayed, or replays themselves).</p>`;
  return html`<h1>Recovery of <a href="/webhooks/${input.webhookId}">${input.webhookId}</a></h1>
<p>Deliveries created ${time(input.since)} to ${time(input.until)}, started by ${input.operator}; at most ${input.max}.</p>
<progress id="recovery-progress" max="${Math.max(input.total, 1)}" value="${progress.state === 'finished' ? Math.max(input.total, 1) : Math.min(progress.replayed, input.total)}"></progress>
${status}${progress.replays.length ? html`<h2>Replays</h2><ul>${progress.replays.map((id) => html`<li><a href="/deliveries/${id}">${id}</a></li>`)}</ul>` : ''}`;
}

/** Who made a replay and when: the console's or bin/ctl's replay, or a recovery's page. */
export function madeBy(action: RecordedSupportAction | null): Html {
  if (!action) return html`<span class="muted">not recorded</span>`;
  const how = action.action === 'webhook.recover.page'
    ? html`a recovery (<a href="/recoveries/${String(action.detail.job_id)}">job</a>)` : html`a replay`;
  return html`${how} by ${action.operator} at ${time(action.createdAt)}`;
}
