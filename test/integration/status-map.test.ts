import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import { InProcessWorker } from '../harness/in-process-worker.js';
import { answers } from '../harness/receiver.js';
import { eventually } from '../harness/eventually.js';
import { startApi, type TestApi } from '../harness/app.js';
import { call } from '../harness/http.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';
import { startDeliveryEngine } from '../../src/domain/webhooks/delivery-engine.js';

/**
 * The public status map (GET /status on the cell origin, no key): the webhook delivery
 * component turns degraded while the worker is stopped with events waiting, and operational
 * again once a worker is back and has delivered them. A database of its own, so only this
 * file's events wait.
 */

let h: DeliveryHarness;
let api: TestApi;

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url, inProcess: false });
  api = await startApi({ ...h.env, STATUS_CACHE_MS: '0', STATUS_WAITING_DEGRADED_SECONDS: '1' });
}, 120_000);

afterAll(async () => {
  await api?.close();
  await h?.stop();
}, 60_000);

async function status(accept = 'application/json') {
  const res = await fetch(`${api.origin}/status`, { headers: { accept } });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

const component = (doc: any, id: string) => doc.components.find((c: any) => c.id === id);

describe('the status map', () => {
  it('answers without a key: every component operational, the figures behind each, and the other cells', async () => {
    const res = await status();
    expect(res.status).toBe(200);
    const doc = JSON.parse(res.text);
    expect(doc.cell).toBe('ru');
    expect(doc.components.map((c: any) => c.id)).toEqual([
      'public_api', 'webhook_delivery', 'ai_replies', 'article_generation_and_publication', 'visitor_chat', 'analytics', 'temporal',
    ]);
    expect(doc.components.map((c: any) => c.status)).toEqual(Array(7).fill('operational'));
    expect(doc.status).toBe('operational');
    expect(component(doc, 'webhook_delivery').figures).toMatchObject({ outbox_lag_seconds: 0, deliveries_waiting: 0 });
    expect(doc.cells.map((c: any) => c.cell)).toEqual(['ru', 'en', 'id']);
    expect(doc.cells[0].status_url).toBe(`${api.origin}/status`);
  });

  it('turns degraded while the worker is stopped with an event waiting, and operational when it is back and delivered it', async () => {
    const caller = await h.caller({ name: 'Status Shop' });
    const path = `/status-${randomUUID().slice(0, 8)}`;
    const webhook = await h.subscribe(caller, { url: h.receiver.route(path, answers.ok()) });
    await h.raise(caller, { type: 'lead.created', ...EVENTS['lead.created']({ lead_id: randomUUID(), contact_id: null, conversation_id: null, version: 1 }) });

    const degraded = await eventually('webhook delivery degraded', async () => {
      const doc = JSON.parse((await status()).text);
      return component(doc, 'webhook_delivery').status === 'degraded' ? doc : undefined;
    }, 30_000, 100);
    expect(degraded.status).toBe('degraded');
    expect(component(degraded, 'webhook_delivery').reason).toMatch(/^Events wait [\d.]+ s to become deliveries\.$/);
    expect(component(degraded, 'webhook_delivery').figures.outbox_lag_seconds).toBeGreaterThan(1);
    expect(JSON.stringify(degraded)).not.toContain(caller.tenantId);
    const page = await status('text/html');
    expect(page.type).toMatch(/^text\/html/);
    expect(page.text).toContain('Webhook delivery');
    expect(page.text).toContain('Degraded');

    const worker = new InProcessWorker(h.services);
    await worker.start();
    h.worker = worker;
    h.engine = await startDeliveryEngine(h.services, { eager: worker.eager });
    await h.receiver.waitFor(path, 1, 60_000);
    const back = await eventually('webhook delivery operational', async () => {
      const doc = JSON.parse((await status()).text);
      return component(doc, 'webhook_delivery').status === 'operational' ? doc : undefined;
    }, 30_000, 100);
    expect(back.status).toBe('operational');
    expect(component(back, 'webhook_delivery').figures).toMatchObject({ outbox_lag_seconds: 0, deliveries_waiting: 0, attempts_15m: 1, success_rate_15m: 1 });

    // The integration's own view: its subscription's attempt, nothing waiting, no operations.
    const own = await call(api.base, 'GET', '/me/status', { key: caller.apiKey });
    expect(own.status).toBe(200);
    expect(own.body).toEqual({
      wallet: { state: 'ok', exchange: 'active' },
      operations: { queued: 0, running: 0, oldest_queued_seconds: null },
      webhooks: [{
        id: webhook.id, status: 'active', paused_reason: null, livemode: true,
        last_15m: { attempts: 1, succeeded: 1, failed: 0, success_rate: 1, p50_ms: expect.any(Number) },
        waiting: { pending: 0, held: 0, failed: 0, oldest_seconds: null },
      }],
    });
    const stranger = await h.caller({ name: 'Other Shop' });
    expect((await call(api.base, 'GET', '/me/status', { key: stranger.apiKey })).body.webhooks).toEqual([]);
  }, 120_000);
});
