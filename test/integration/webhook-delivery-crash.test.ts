import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import type { Script } from '../harness/receiver.js';
import { eventually } from '../harness/eventually.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';
import { recordEvent } from '../../src/domain/events/outbox.js';
import { wakeRelay } from '../../src/domain/events/outbox-wakeup.js';
import { specVerify } from '../harness/spec-signature.js';
import { WorkerProcesses, exited } from '../harness/worker-processes.js';

const EVENT_COUNT = 500;

let h: DeliveryHarness;
const workers = new WorkerProcesses(() => h.env);

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url, inProcess: false, env: { WEBHOOK_TIMEOUT_MS: '3000', RELAY_SWEEP_MS: '500' } });
}, 120_000);

afterAll(async () => {
  await workers.stopAll();
  await h?.stop();
}, 60_000);

describe('a worker process killed with 500 events in flight', () => {
  it('loses none after a restart: every event reaches the receiver, duplicates only with the same Svc-Event-Id', async () => {
    const caller = await h.caller({ name: 'Crash test' });
    const path = `/crash-${randomUUID().slice(0, 8)}`;
    // Answers take 20 ms, and one event in five fails its first attempt: retries are in flight too.
    const script: Script = (nth, r) => (nth === 1 && r.eventId.charCodeAt(r.eventId.length - 1) % 5 === 0 ? { status: 500 } : { status: 200, delayMs: 20 });
    const sub = await h.subscribe(caller, { url: h.receiver.route(path, script, null) });
    const distinct = () => new Set(h.receiver.received(path).filter((r) => r.status === 200).map((r) => r.eventId));

    const first = await workers.start();
    const ids = await h.services.orm.em.fork().transactional(async (em) => Array.from({ length: EVENT_COUNT }, (_, i) => recordEvent(em, {
      tenantId: caller.tenantId, integrationId: caller.integrationId, type: 'lead.created',
      ...EVENTS['lead.created']({ lead_id: randomUUID(), contact_id: null, conversation_id: null, version: i + 1 }),
    }, new Date()).id));
    await wakeRelay(h.services.redis);
    const startedAt = Date.now();

    await eventually('the first 50 deliveries', async () => (distinct().size >= 50 ? true : undefined), 60_000, 20);
    first.kill('SIGKILL');
    await exited(first);
    const atKill = distinct().size;
    expect(atKill).toBeLessThan(EVENT_COUNT);

    await workers.start();
    await eventually(`all ${EVENT_COUNT} events at the receiver`, async () => (distinct().size === EVENT_COUNT ? true : undefined), 180_000, 250);
    const rows = await eventually('every delivery delivered', async () => {
      const { rows: r } = await h.db.query('select state, count(*)::int as n from webhook_deliveries where webhook_id = $1 group by state', [sub.id]);
      return r.length === 1 && r[0].state === 'delivered' ? r : undefined;
    }, 60_000);
    expect(rows).toEqual([{ state: 'delivered', n: EVENT_COUNT }]);

    const requests = h.receiver.received(path);
    expect(distinct()).toEqual(new Set(ids));
    for (const r of requests) {
      expect(ids).toContain(r.eventId);
      expect(JSON.parse(r.rawBody.toString()).id).toBe(r.eventId);
      expect(specVerify(r.rawBody, r.headers['svc-signature'] as string, [sub.secret]).ok).toBe(true);
    }
    const repeated = requests.filter((r) => r.status === 200).length - EVENT_COUNT;
    const firstFailures = requests.filter((r) => r.status === 500).length;
    console.log(`crash test: ${EVENT_COUNT} events; ${atKill} delivered before the SIGKILL; all delivered ${((Date.now() - startedAt) / 1000).toFixed(1)} s after the commit; `
      + `${requests.length} requests = ${EVENT_COUNT} + ${firstFailures} scripted 500s + ${repeated} repeated 2xx (at least once) + ${requests.length - EVENT_COUNT - firstFailures - repeated} cut off by the kill`);
  }, 300_000);
});
