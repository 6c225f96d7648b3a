import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import { eventually } from '../harness/eventually.js';
import { call, expectProblem } from '../harness/http.js';
import type { TestApi } from '../harness/app.js';
import type { Caller } from '../harness/fixtures.js';
import { WorkerProcesses, exited } from '../harness/worker-processes.js';
import { idempotencyKey } from './webhooks-fixtures.js';
import { countArrivals, raiseBacklog } from '../harness/arrival-rate.js';

/**
 * A subscription's max_per_second (issue 38 item 4; docs/decisions.md, "Deliveries at a
 * subscription's rate"): set through the api, and kept by the cluster: two worker processes
 * (each with its relay) send to a receiver that counts, one of them killed while deliveries
 * wait for their start slots. The literal 5 a second with 500 events is test/bench/webhook-rate.ts.
 */

const RATE = 20;
const LEADS = 10;
const PER_LEAD = 10;
/** Events without a key: all ask for start slots at once, most of them seconds away (the workflow's durable timer). */
const UNKEYED = 100;
const TOTAL = LEADS * PER_LEAD + UNKEYED;

let h: DeliveryHarness;
let api: TestApi;
const workers = new WorkerProcesses(() => h.env);

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url, inProcess: false });
  api = await h.startApi();
}, 120_000);

afterAll(async () => {
  await api?.close();
  await workers.stopAll();
  await h?.stop();
}, 60_000);

const post = (who: Caller, body: unknown) => call(api.base, 'POST', '/webhooks', { key: who.apiKey, body, headers: { 'idempotency-key': idempotencyKey() } });
const patch = (who: Caller, id: string, body: unknown) => call(api.base, 'PATCH', `/webhooks/${id}`, { key: who.apiKey, body });
const get = (who: Caller, id: string) => call(api.base, 'GET', `/webhooks/${id}`, { key: who.apiKey });

describe('max_per_second (beta)', () => {
  it('is null unless set; set on create, shown by GET, changed and cleared by PATCH', async () => {
    const caller = await h.caller({ name: 'Rate fields' });
    const url = h.receiver.route(`/rate-api-${randomUUID().slice(0, 8)}`);
    const plain = await post(caller, { url, events: ['lead.*'] });
    expect(plain.status).toBe(201);
    expect(plain.body.max_per_second).toBeNull();
    const slow = await post(caller, { url, events: ['lead.*'], max_per_second: 5 });
    expect(slow.body.max_per_second).toBe(5);
    expect((await get(caller, slow.body.id)).body.max_per_second).toBe(5);
    expect((await patch(caller, slow.body.id, { max_per_second: 1000 })).body.max_per_second).toBe(1000);
    const cleared = await patch(caller, slow.body.id, { max_per_second: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.max_per_second).toBeNull();
    expect((await get(caller, slow.body.id)).body.max_per_second).toBeNull();
  });

  it.each([[0], [1001], [2.5], [-1]])('%p answers 422 validation_failed at /max_per_second, on create and on PATCH', async (value) => {
    const caller = await h.caller({ name: 'Rate bounds' });
    const url = h.receiver.route(`/rate-bad-${randomUUID().slice(0, 8)}`);
    const errors = [{ field: '/max_per_second', code: expect.any(String), message: expect.any(String) }];
    expectProblem(await post(caller, { url, events: ['lead.*'], max_per_second: value }), 'validation_failed', { errors });
    const hook = (await post(caller, { url, events: ['lead.*'] })).body;
    expectProblem(await patch(caller, hook.id, { max_per_second: value }), 'validation_failed', { errors });
    expect((await get(caller, hook.id)).body.max_per_second).toBeNull();
  });
});

describe(`a subscription at ${RATE} a second given ${TOTAL} events (${LEADS} leads', ${UNKEYED} without a key), sent by two worker processes`, () => {
  it(`receives all of them, at most ${RATE} in any second, each lead's in order; a worker killed while they wait loses none`, async () => {
    const caller = await h.caller({ name: 'Slow subscriber' });
    const path = `/rate-${randomUUID().slice(0, 8)}`;
    const hook = (await post(caller, { url: h.receiver.route(path), events: ['lead.*', 'crm.*'] })).body;
    expect((await patch(caller, hook.id, { max_per_second: RATE })).body.max_per_second).toBe(RATE);
    const first = await workers.start();
    await workers.start();
    const leads = await raiseBacklog(h, caller, LEADS, PER_LEAD, UNKEYED);

    // Beyond the rate they wait as rows, pending, for their start slots; one of the two workers dies meanwhile.
    await eventually('deliveries waiting for their start slot', async () => {
      const { rows } = await h.db.query(`select count(*)::int as n from webhook_deliveries where webhook_id = $1 and state = 'pending' and held_for = 'rate_limited'`, [hook.id]);
      return rows[0].n > 0 ? true : undefined;
    }, 30_000, 20);
    first.kill('SIGKILL');
    await exited(first);

    const distinct = () => new Set(h.receiver.received(path).map((r) => r.eventId));
    await eventually(`all ${TOTAL} events at the receiver`, async () => (distinct().size === TOTAL ? true : undefined), 120_000, 250).catch(async (err: Error) => {
      const { rows } = await h.db.query('select state, held_for, attempt, count(*)::int as n from webhook_deliveries where webhook_id = $1 group by 1, 2, 3', [hook.id]);
      throw new Error(`${err.message}; deliveries: ${JSON.stringify(rows)}`);
    });
    const { rows } = await h.db.query('select state, count(*)::int as n from webhook_deliveries where webhook_id = $1 group by state', [hook.id]);
    expect(rows).toEqual([{ state: 'delivered', n: TOTAL }]);
    const count = countArrivals(h.receiver.received(path), leads, PER_LEAD);
    expect(count).toMatchObject({ events: TOTAL, outOfOrder: [] });
    expect(count.mostInAnySecond).toBeLessThanOrEqual(RATE);
    // The limit held them back: 200 starts at 20 a second span about ten seconds.
    expect(count.spanMs).toBeGreaterThan((TOTAL - 1) * (1000 / RATE) - 500);
  }, 180_000);
});
