import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import type { TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';

/**
 * An answered strategist turn reaches a real local HTTPS subscriber as strategist.turn.completed,
 * signed, once, with the session and turn ids (thin payload), beside operation.completed.
 */

let h: DeliveryHarness;
let api: TestApi;
let caller: Caller;

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url });
  // The api on the harness's database and task queue: its operations run on the harness's worker.
  api = await h.startApi();
  caller = await newCaller(api.services);
}, 180_000);

afterAll(async () => {
  await api?.close();
  await h?.stop();
}, 60_000);

describe('strategist.turn.completed', () => {
  it('is delivered signed to the subscriber once the turn is answered', async () => {
    const path = `/strategist-${randomUUID().slice(0, 8)}`;
    await h.subscribeSigned(caller, path, { events: ['strategist.*'] });

    const session = await call(api.base, 'POST', '/strategist/sessions', { key: caller.apiKey, body: { title: 'Delivery' } });
    const res = await call(api.base, 'POST', `/strategist/sessions/${session.body.id}/turns?wait=20`, {
      key: caller.apiKey, body: { content: 'How is the week going?' }, headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(200);

    const [received] = await h.receiver.waitFor(path, 1, 60_000);
    expect(received!.status).toBe(200);
    expect(received!.signature?.ok).toBe(true);
    expect(received!.headers['svc-event-type']).toBe('strategist.turn.completed');
    const event = JSON.parse(received!.rawBody.toString('utf8'));
    expect(event).toMatchObject({ type: 'strategist.turn.completed', livemode: true, data: { session_id: session.body.id, turn_id: res.body.turn.id } });
    expect(h.receiver.received(path)).toHaveLength(1);
  });
});
