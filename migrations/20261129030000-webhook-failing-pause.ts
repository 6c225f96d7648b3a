import { Migration } from '@mikro-orm/migrations';

/**
 * Subscriptions the platform pauses when every attempt has failed for 5 days (docs/decisions.md,
 * "Failing subscriptions are paused, not disabled"): who paused a paused subscription, and since
 * when its unbroken run of failed attempts has lasted. Every pause before this one was asked for
 * (PATCH, bin/ctl, the support console, all acting as the integration): `integrator`.
 * A webhook.paused event goes to the integration's other subscriptions, never to the one paused:
 * the outbox row names the one it skips.
 */
export class Migration20261129030000WebhookFailingPause extends Migration {
  override up(): void {
    this.addSql(`
      alter table webhooks
        add column paused_reason text check (paused_reason in ('failing', 'integrator')),
        add column failing_since timestamptz(3);
      update webhooks set paused_reason = 'integrator' where status = 'paused';
      alter table outbox_events add column excluded_webhook_id uuid;
    `);
  }
}
