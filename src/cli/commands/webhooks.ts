import type { Services } from '../../services.js';
import { Flags, UsageError, parseArgs } from '../args.js';
import { DEFAULT_LISTEN_HOST, startListener, type Listener, type ReceivedDelivery } from '../webhooks-listen.js';
import { printAnswer, wantsJson } from '../output.js';
import { findTenant } from '../../domain/provisioning/tenants.js';
import { findIntegration } from '../../domain/provisioning/integrations.js';
import { isoDateValue } from '../../http/schemas/common.js';
import { recoverDeliveries, replayDelivery } from '../../domain/webhooks/replay.js';
import { wakeRelay } from '../../domain/events/outbox-wakeup.js';
import { deleteSubscription, ownerContext, subscriptionsOf } from '../../domain/webhooks/subscriptions.js';
import { setSubscriptionStatus } from '../../domain/webhooks/operator-actions.js';
import { noticeDeliveries } from '../../temporal/deliveries.js';
import { presentWebhook } from '../../presenters/webhooks.js';
import { ProgressBar } from '../progress-bar.js';
import { recordSupportAction } from '../../domain/support/audit.js';
import { actor } from './support.js';
import type { Command, CommandGroup } from './command.js';

/** Subscriptions and their deliveries, as support handles them; `webhooks listen`, the development receiver. */

/** An ISO 8601 instant with a zone, such as 2026-11-21T00:00:00Z. */
function instant(flag: string, text: string): Date {
  const { value, error } = isoDateValue().validate(text);
  if (error || !/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) throw new UsageError(`--${flag} is an ISO 8601 time with a zone, such as 2026-11-21T00:00:00Z`);
  return value;
}

function webhookSettings(s: Services) {
  return { cell: s.config.cell, webhooks: s.config.webhooks, now: s.clock.now() };
}

/** Pause or resume a subscription exactly as PATCH /webhooks/{id} with a status does. */
function webhookStatusCommand(status: 'active' | 'paused'): Command {
  return async (s, em, f, afterCommit) => {
    const id = f.required('webhook');
    f.done();
    const settings = webhookSettings(s);
    const { webhook, resumed } = await setSubscriptionStatus(em, id, status, settings);
    afterCommit(() => noticeDeliveries(s, resumed, 'recheck'));
    return { ...presentWebhook(webhook, settings.now), integration_id: webhook.integrationId };
  };
}

export const webhooks: CommandGroup = {
  usage: `  deliveries replay DELIVERY_ID [--force]
      (one still retrying, held or already replayed is refused with the reason: --force replays it anyway)
  deliveries recover --webhook ID --since ISO [--until ISO]
  webhook list --integration ID | --tenant ID
  webhook pause|resume|delete --webhook ID
  webhooks listen --integration ID [--events a,b|family.*] [--forward-to URL] [--host NAME]
      (development: a receiver on https://localhost, subscribed until Ctrl-C; prints each delivery verified.
       --host (or WEBHOOK_LISTEN_HOST): another name for its URL; it listens on port 443 of the address
       WEBHOOK_RESOLVE pins the name to, e.g. listen.webhooks.test=127.0.0.2 when 127.0.0.1:443 is taken)`,
  positional: { 'deliveries replay': 1 },
  commands: {
    'deliveries replay': async (s, em, f, afterCommit, [deliveryId]) => {
      const confirmed = f.switch('force');
      f.done();
      const now = s.clock.now();
      const replay = await replayDelivery(em, deliveryId!, now, { cell: s.config.cell, confirmed });
      await recordSupportAction(em, {
        operator: actor(), action: 'delivery.replay', targetId: replay.replayOf!, tenantId: replay.tenantId,
        detail: { replay_id: replay.id, event_id: replay.eventId, ...(confirmed ? { confirmed: true } : {}) },
      }, now);
      afterCommit(() => wakeRelay(s.redis));
      return { id: replay.id, replay_of: replay.replayOf, webhook_id: replay.webhookId, event_id: replay.eventId, state: replay.state };
    },
    'deliveries recover': async (s, em, f, afterCommit) => {
      const webhookId = f.required('webhook');
      const since = instant('since', f.required('since'));
      const untilText = f.optional('until');
      f.done();
      const now = s.clock.now();
      const until = untilText === undefined ? now : instant('until', untilText);
      if (since.getTime() >= until.getTime()) throw new UsageError('--since must be before --until (default: now)');
      const bar = ProgressBar.on(process.stderr, 'replaying');
      const { replays, skipped } = await recoverDeliveries(em, { webhookId, since, until }, now, (done, total) => bar?.update(done, total));
      bar?.finish();
      if (replays.length) afterCommit(() => wakeRelay(s.redis));
      return { replayed: replays.length, deliveries: replays.map((r) => r.id), skipped: skipped.length, skipped_deliveries: skipped };
    },
    'webhook list': async (s, em, f) => {
      const integrationId = f.optional('integration');
      const tenantId = f.optional('tenant');
      f.done();
      if ((integrationId === undefined) === (tenantId === undefined)) throw new UsageError('give one of --integration ID or --tenant ID');
      const owner = integrationId !== undefined ? { integrationId: (await findIntegration(em, integrationId)).id } : { tenantId: (await findTenant(em, tenantId!)).id };
      const now = s.clock.now();
      const webhooks = await subscriptionsOf(em, owner);
      return { webhooks: webhooks.map((w) => ({ ...presentWebhook(w, now), integration_id: w.integrationId })) };
    },
    'webhook pause': webhookStatusCommand('paused'),
    'webhook resume': webhookStatusCommand('active'),
    'webhook delete': async (s, em, f, afterCommit) => {
      const id = f.required('webhook');
      f.done();
      const held = await deleteSubscription(em, await ownerContext(em, id, webhookSettings(s)), id);
      afterCommit(() => noticeDeliveries(s, held, 'cancel'));
      return { id, deleted: true };
    },
  },
};

/** Prints a received delivery: one JSON line with --json, else a line for a person and the body. */
function printDelivery(json: boolean) {
  return (d: ReceivedDelivery) => {
    if (json) return printAnswer({ ...d }, true);
    const check = d.verified ? 'signature verified' : `signature NOT verified (${d.reason}): answered 400`;
    const forwarded = d.forwarded ? `  -> ${d.forwarded.url} ${d.forwarded.status ?? d.forwarded.error}` : '';
    console.log(`${d.received_at}  ${d.type}  ${d.event_id}  ${check}${forwarded}`);
    console.log(`  ${JSON.stringify(d.body)}`);
  };
}

/** `webhooks listen`: runs until SIGINT or SIGTERM, then deletes its subscription. */
export async function listen(argv: string[], ownServices: () => Promise<Services>): Promise<void> {
  const { flags } = parseArgs(argv);
  const f = new Flags(flags);
  const json = wantsJson(argv);
  const options = {
    integrationId: f.required('integration'),
    events: (f.optional('events') ?? '').split(',').map((e) => e.trim()).filter(Boolean),
    forwardTo: f.optional('forward-to') ?? null,
    tlsDir: process.env.WEBHOOK_LISTEN_TLS_DIR ?? '.state/tls',
    host: f.optional('host') ?? process.env.WEBHOOK_LISTEN_HOST ?? DEFAULT_LISTEN_HOST,
  };
  f.done();
  const s = await ownServices();
  let listener: Listener;
  try {
    listener = await startListener(s, options, printDelivery(json));
  } catch (err) {
    await s.close();
    throw err;
  }
  // The signal handlers are in place before "listening" is printed: whoever reads that line may stop it at once.
  const stopped = new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  const ready = { listening: listener.url, webhook_id: listener.webhookId, events: listener.events, secret: listener.secret, forward_to: options.forwardTo };
  if (json) printAnswer(ready, true);
  else {
    console.log(`Listening on ${listener.url} (subscription ${listener.webhookId}; events ${listener.events.join(',')})`);
    console.log(`Signing secret ${listener.secret}${options.forwardTo ? `; forwarding to ${options.forwardTo}` : ''}. Ctrl-C deletes the subscription.`);
  }
  await stopped;
  try {
    await listener.stop();
    console.error(`ctl: subscription ${listener.webhookId} deleted`);
  } finally {
    await s.close();
  }
}
