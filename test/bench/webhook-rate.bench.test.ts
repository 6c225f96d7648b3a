import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import { eventually } from '../harness/eventually.js';
import { WorkerProcesses } from '../harness/worker-processes.js';
import { countArrivals, raiseBacklog } from '../harness/arrival-rate.js';

/**
 * Issue 38 item 4 as written: a subscription at 5 a second given 500 events receives at most 5
 * in any second, all 500 in order of their keys (10 leads of 50 events), sent by two worker
 * processes. About 105 s, so not in CI (webhook-delivery-rate.test.ts is the same at 20 a
 * second with 200); run by hand, figures in docs/benchmarks.md ("A subscription at 5 a second"):
 *
 *   SKIP_CHECKS=1 bin/test test/bench/webhook-rate.bench.test.ts --testPathIgnorePatterns=/node_modules/
 */

const RATE = Number(process.env.BENCH_RATE ?? 5);
const LEADS = 10;
const PER_LEAD = Number(process.env.BENCH_PER_LEAD ?? 50);

let h: DeliveryHarness;
const workers = new WorkerProcesses(() => h.env);

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url, inProcess: false });
}, 120_000);

afterAll(async () => {
  await workers.stopAll();
  await h?.stop();
}, 60_000);

describe(`a subscription at ${RATE} a second given ${LEADS * PER_LEAD} events`, () => {
  it(`receives at most ${RATE} in any second, all of them in order of their keys`, async () => {
    const caller = await h.caller({ name: 'Rate bench' });
    const path = `/rate-bench-${randomUUID().slice(0, 8)}`;
    const sub = await h.subscribe(caller, { url: h.receiver.route(path) });
    await h.db.query('update webhooks set max_per_second = $1 where id = $2', [RATE, sub.id]);
    await workers.start();
    await workers.start();
    const startedAt = Date.now();
    const leads = await raiseBacklog(h, caller, LEADS, PER_LEAD);
    const total = LEADS * PER_LEAD;
    await eventually(`all ${total} events at the receiver`, async () => (new Set(h.receiver.received(path).map((r) => r.eventId)).size === total ? true : undefined), 600_000, 500);
    const count = countArrivals(h.receiver.received(path), leads, PER_LEAD);
    const elapsedMs = Date.now() - startedAt;
    console.log(`webhook-rate bench: ${JSON.stringify({ rate: RATE, ...count, elapsedMs, achievedPerSecond: Math.round((total - 1) / (count.spanMs / 1000) * 100) / 100 })}`);
    expect(count).toMatchObject({ events: total, outOfOrder: [] });
    expect(count.mostInAnySecond).toBeLessThanOrEqual(RATE);
  }, 900_000);
});
