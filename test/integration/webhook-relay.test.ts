import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createIntegration } from '../../src/domain/provisioning/integrations.js';
import { SCOPES } from '../../src/domain/access/scopes.js';
import { DELIVERIES, OutboxRelay } from '../../src/domain/webhooks/relay.js';
import { CLAIM_MS, claimStarts } from '../../src/domain/pacing/claims.js';
import { sqlClient } from '../harness/database.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import type { Caller } from '../harness/fixtures.js';

/**
 * The relay on its own (no worker, no engine in this process): which subscriptions an event
 * goes to, that deliveries of a tenant with a backlog do not starve another tenant's, and that
 * deliveries started and not yet attempted never exceed RELAY_MAX_IN_FLIGHT. Workflows it
 * starts wait on a task queue no worker polls, so nothing is attempted and the bound holds
 * still while the test looks at it.
 */
const BOUND = 5;
let h: DeliveryHarness;

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url, inProcess: false, env: { RELAY_MAX_IN_FLIGHT: String(BOUND), RELAY_SWEEP_MS: '60000' } });
});

afterAll(async () => {
  await h?.stop();
});

const lead = () => EVENTS['lead.created']({ lead_id: 'l1', contact_id: 'c1', conversation_id: 'v1', version: 1, contact: { name: 'A', email: null, phone: null } });

async function relayAll(relay: OutboxRelay) {
  return relay.runOnce();
}

async function deliveriesOf(eventId: string): Promise<string[]> {
  const { rows } = await h.db.query<{ webhook_id: string }>('select webhook_id from webhook_deliveries where event_id = $1 order by webhook_id', [eventId]);
  return rows.map((r) => r.webhook_id);
}

async function secondIntegration(caller: Caller, status: 'active' | 'suspended' | 'revoked' = 'active'): Promise<Caller> {
  const integrationId = await h.services.orm.em.fork().transactional(async (em) => {
    const { integration } = await createIntegration(em, {
      tenantId: caller.tenantId, name: 'Second integration', scopes: [...SCOPES], ipAllowlist: ['127.0.0.0/8'], hostingCountry: 'RU', transferBasis: 'DPA',
    }, new Date());
    return integration.id;
  });
  if (status !== 'active') await h.db.query('update integrations set status = $1 where id = $2', [status, integrationId]);
  return { ...caller, integrationId };
}

describe('which subscriptions an event goes to', () => {
  it('the subscriptions of the tenant and integration whose patterns take the type, paused or not; never a revoked integration', async () => {
    const relay = new OutboxRelay(h.services);
    const a = await h.caller();
    const other = await h.caller({ name: 'Other tenant' });
    const sibling = await secondIntegration(a);
    const suspended = await secondIntegration(a, 'suspended');
    const revoked = await secondIntegration(a, 'revoked');
    const url = `https://${h.receiver.host}/rules`;
    const family = await h.subscribe(a, { url, events: ['lead.*'] });
    const exact = await h.subscribe(a, { url, events: ['lead.created'] });
    await h.subscribe(a, { url, events: ['conversation.*', 'lead.updated'] });
    const paused = await h.subscribe(a, { url, events: ['lead.*'], status: 'paused' });
    await h.subscribe(other, { url, events: ['lead.*'] });
    const siblings = await h.subscribe(sibling, { url, events: ['lead.*'] });
    const suspendeds = await h.subscribe(suspended, { url, events: ['lead.*'] });
    await h.subscribe(revoked, { url, events: ['lead.*'] });

    const own = await h.raise(a, { type: 'lead.created', ...lead() });
    const tenantWide = await h.raise(a, { type: 'lead.created', ...lead(), integrationId: null });
    await relayAll(relay);

    expect(await deliveriesOf(own)).toEqual([family.id, exact.id, paused.id].sort());
    expect(await deliveriesOf(tenantWide)).toEqual([family.id, exact.id, paused.id, siblings.id, suspendeds.id].sort());
    const { rows } = await h.db.query<{ queued_while_paused: boolean }>('select queued_while_paused from webhook_deliveries where webhook_id = $1', [paused.id]);
    expect(rows.map((r) => r.queued_while_paused)).toEqual([true, true]);
  });

  it('a targeted event only to its subscription, whatever its patterns and status, and not when revoked', async () => {
    const relay = new OutboxRelay(h.services);
    const a = await h.caller();
    const revoked = await secondIntegration(a, 'revoked');
    const url = `https://${h.receiver.host}/targeted`;
    const target = await h.subscribe(a, { url, events: ['article.*'], status: 'paused' });
    await h.subscribe(a, { url, events: ['webhook.test'] });
    const revokedTarget = await h.subscribe(revoked, { url, events: ['webhook.test'] });

    const test = await h.raise(a, { type: 'webhook.test', data: { webhook_id: target.id }, targetWebhookId: target.id });
    const toRevoked = await h.raise(revoked, { type: 'webhook.test', data: { webhook_id: revokedTarget.id }, targetWebhookId: revokedTarget.id });
    await relayAll(relay);

    expect(await deliveriesOf(test)).toEqual([target.id]);
    expect(await deliveriesOf(toRevoked)).toEqual([]);
    const { rows } = await h.db.query<{ n: string }>('select count(*) as n from outbox_events where id = any($1) and relayed_at is not null', [[test, toRevoked]]);
    expect(rows[0]!.n).toBe('2');
  });
});

describe('pacing', () => {
  it('keeps deliveries started and not yet attempted under the bound, takes tenants in turns, and starts the rest as room appears', async () => {
    await h.db.query(`update webhook_deliveries set state = 'dead'`); // the tests above leave started, unattempted deliveries
    const relay = new OutboxRelay(h.services);
    const busy = await h.caller({ name: 'Busy tenant' });
    const quiet = await h.caller({ name: 'Quiet tenant' });
    const busySub = await h.subscribe(busy, { url: `https://${h.receiver.host}/busy` });
    const quietSub = await h.subscribe(quiet, { url: `https://${h.receiver.host}/quiet` });
    for (let i = 0; i < 12; i++) await h.raise(busy, { type: 'lead.created', ...lead() });
    await h.raise(quiet, { type: 'lead.created', ...lead() });
    await h.raise(quiet, { type: 'lead.created', ...lead() });

    const started = async () => {
      const { rows } = await h.db.query<{ webhook_id: string; n: string }>(
        `select webhook_id, count(*) as n from webhook_deliveries where workflow_started_at is not null and webhook_id = any($1) group by webhook_id`,
        [[busySub.id, quietSub.id]],
      );
      return Object.fromEntries(rows.map((r) => [r.webhook_id === busySub.id ? 'busy' : 'quiet', Number(r.n)]));
    };

    const first = await relayAll(relay);
    expect(first).toMatchObject({ events: 14, deliveries: 14, started: BOUND, waiting: true });
    // Five places: the quiet tenant's two deliveries are among them although the busy tenant's twelve came first.
    expect(await started()).toEqual({ busy: 3, quiet: 2 });

    const again = await relayAll(relay);
    expect(again).toMatchObject({ started: 0, waiting: true });

    // Two attempts made (as the attempt records them), one delivery held: three places free.
    await h.db.query(`update webhook_deliveries set attempt = 1, state = 'delivered' where id in (
      select id from webhook_deliveries where webhook_id = $1 and workflow_started_at is not null order by created_at limit 2)`, [busySub.id]);
    await h.db.query(`update webhook_deliveries set held_at = now() where id = (
      select id from webhook_deliveries where webhook_id = $1 and workflow_started_at is not null order by created_at limit 1)`, [quietSub.id]);
    const third = await relayAll(relay);
    expect(third).toMatchObject({ started: 3, waiting: true });
    expect(await started()).toEqual({ busy: 6, quiet: 2 });
  });

  it('never holds a transaction across the start calls: a claim is a committed row another relay skips until it expires', async () => {
    const relay = new OutboxRelay(h.services);
    const tenant = await h.caller({ name: 'Claimed tenant' });
    const sub = await h.subscribe(tenant, { url: `https://${h.receiver.host}/claimed` });
    await h.db.query(`update webhook_deliveries set state = 'dead'`);
    await h.raise(tenant, { type: 'lead.created', ...lead() });
    // Another relay's claim, as committed before its start calls: visible, not locked.
    await relayAll(new OutboxRelay(h.services)).catch(() => undefined);
    await h.db.query(`update webhook_deliveries set workflow_started_at = null, start_claimed_until = now() + interval '1 minute' where webhook_id = $1`, [sub.id]);
    const run = await relayAll(relay);
    expect(run.started).toBe(0);
    await h.db.query(`update webhook_deliveries set start_claimed_until = now() - interval '1 second' where webhook_id = $1`, [sub.id]);
    expect((await relayAll(relay)).started).toBe(1);
  });

  it('a claim never waits on rows another starter is settling, so the two never deadlock', async () => {
    // Starter B claimed two deliveries and is marking them started, one row at a time, in its own
    // transaction. Starter A claims at a moment B's claims have expired for it (a slow start
    // round), so both rows are candidates. Before, A's claim locked the free row, waited for the
    // row B holds, and B's next row waited for A: deadlock (seen between two workers' relays in
    // bin/bench-webhooks --cluster). Now A skips the row B holds. Tried in both row orders.
    const tenant = await h.caller({ name: 'Settling tenant' });
    const sub = await h.subscribe(tenant, { url: `https://${h.receiver.host}/settling` });
    const settling = await sqlClient(h.databaseUrl);
    try {
      for (const order of ['first', 'second']) {
        await h.db.query(`update webhook_deliveries set state = 'dead'`);
        const { rows } = await h.db.query<{ id: string }>(
          `with e as (insert into outbox_events (id, tenant_id, integration_id, type, api_version, data, relayed_at)
                      select 'evt_settling_' || $4 || '_' || g, $1, $2, 'lead.created', '2026-11-01', '{}', now() from generate_series(1, 2) g returning id)
           insert into webhook_deliveries (id, tenant_id, integration_id, webhook_id, event_id, event_type, state, attempt, created_at, updated_at)
           select gen_random_uuid(), $1, $2, $3, e.id, 'lead.created', 'pending', 0, now(), now() from e returning id`,
          [tenant.tenantId, tenant.integrationId, sub.id, order]);
        const b = await claimStarts<{ id: string }>(h.services.orm.em.fork(), DELIVERIES, 1000, new Date());
        const [held, next] = order === 'first' ? [rows[0]!.id, rows[1]!.id] : [rows[1]!.id, rows[0]!.id];
        expect(b.claimed.map((r) => r.id).sort()).toEqual([held, next].sort());
        await settling.query('begin');
        await settling.query('update webhook_deliveries set workflow_started_at = now(), start_claimed_until = null where id = $1', [held]);
        const later = new Date(Date.now() + CLAIM_MS + 1000);
        const a = claimStarts<{ id: string }>(h.services.orm.em.fork(), DELIVERIES, 1000, later);
        await new Promise((resolve) => setTimeout(resolve, 300));
        const bNext = settling.query('update webhook_deliveries set workflow_started_at = now(), start_claimed_until = null where id = $1 and workflow_started_at is null', [next]);
        const [aResult, bResult] = await Promise.allSettled([a, bNext]);
        await settling.query(bResult.status === 'fulfilled' ? 'commit' : 'rollback');
        expect(aResult.status === 'rejected' ? String(aResult.reason) : 'claimed').toBe('claimed');
        expect(bResult.status === 'rejected' ? String(bResult.reason) : 'settled').toBe('settled');
        // A took only the row B did not hold.
        expect(aResult.status === 'fulfilled' && aResult.value.claimed.map((r) => r.id)).toEqual([next]);
      }
    } finally {
      await settling.end();
    }
  });
});
