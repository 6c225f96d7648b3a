import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import { answers, standardVerifies, type ReceivedRequest, type Script } from '../harness/receiver.js';
import { specVerify } from '../harness/spec-signature.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';
import { newSigningSecret } from '../../src/domain/webhooks/secret-box.js';

/**
 * Every delivery also carries the Standard Webhooks headers (webhook-id, webhook-timestamp,
 * webhook-signature), verified here by the standardwebhooks npm package, a peer verifier that
 * knows nothing of the project: `new Webhook(secret).verify(body, headers)` with the
 * subscription's `whsec_…` secret given as it is. The receiver's path checks every delivery that
 * way too (and Svc-Signature by spec 01's recipe) and answers 400 when either fails.
 */

let h: DeliveryHarness;

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url });
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

function leadCreated() {
  const lead = { lead_id: randomUUID(), contact_id: randomUUID(), conversation_id: randomUUID(), version: 1, contact: { name: 'Ivan Petrov', email: 'ivan@example.com', phone: '+79990000000' } };
  const { data, piiData } = EVENTS['lead.created'](lead);
  return { type: 'lead.created' as const, data, piiData };
}

/**
 * A subscription of a new tenant to a fresh receiver path that verifies every delivery with
 * its secrets (the current one, then the previous one during a rotation window).
 */
async function signedSubscription(name: string, script: Script = answers.ok(), previous?: { secret: string; expiresAt: Date }) {
  const path = `/${name}-${randomUUID().slice(0, 8)}`;
  const caller = await h.caller({ name });
  const sub = await h.subscribe(caller, { url: h.receiver.route(path), previous });
  const open = previous && previous.expiresAt > new Date();
  h.receiver.route(path, script, open ? [sub.secret, previous.secret] : [sub.secret]);
  return { ...sub, caller, path };
}

/** Whether the standardwebhooks library verifies the request with this secret (given as it is), with its own headers or these. */
const libraryVerifies = (secret: string, request: ReceivedRequest, headers: IncomingHttpHeaders = request.headers) => standardVerifies(secret, request.rawBody, headers);

describe('Standard Webhooks headers', () => {
  it('every delivery carries webhook-id (the event id), webhook-timestamp (the Svc-Signature t) and a webhook-signature the library verifies with the whsec_ secret', async () => {
    const sub = await signedSubscription('standard');
    const eventId = await h.raise(sub.caller, leadCreated());
    const [request] = await h.receiver.waitFor(sub.path, 1);
    const headers = request!.headers as Record<string, string>;
    expect(headers['webhook-id']).toBe(eventId);
    expect(headers['webhook-id']).toBe(headers['svc-event-id']);
    expect(headers['webhook-timestamp']).toBe(/^t=(\d+),/.exec(headers['svc-signature']!)![1]);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    // The receiver verified both signatures and answered 200; the library returns the parsed body.
    expect({ standardWebhooks: request!.standardWebhooks, signature: request!.signature?.ok, status: request!.status }).toEqual({ standardWebhooks: [true], signature: true, status: 200 });
    expect(new Webhook(sub.secret).verify(request!.rawBody, headers)).toEqual(JSON.parse(request!.rawBody.toString('utf8')));
    await h.settled(sub.id, eventId, 'delivered');
  });

  it('the library refuses another secret, the whole secret as a raw key, a changed body, another webhook-id and a stale timestamp', async () => {
    const sub = await signedSubscription('standard-refusals');
    const eventId = await h.raise(sub.caller, leadCreated());
    const [request] = await h.receiver.waitFor(sub.path, 1);
    const headers = request!.headers as Record<string, string>;
    expect(libraryVerifies(sub.secret, request!)).toBe(true);
    expect(libraryVerifies(newSigningSecret(), request!)).toBe(false);
    // The key is the base64 reading of the part after whsec_, not the string Svc-Signature is keyed with.
    expect(() => new Webhook(new TextEncoder().encode(sub.secret), { format: 'raw' }).verify(request!.rawBody, headers)).toThrow('No matching signature found');
    const changed = { ...request!, rawBody: Buffer.from(request!.rawBody.toString('utf8').replace(eventId, `${eventId}x`)) };
    expect(libraryVerifies(sub.secret, changed)).toBe(false);
    expect(libraryVerifies(sub.secret, request!, { ...headers, 'webhook-id': `${eventId}x` })).toBe(false);
    const stale = String(Number(headers['webhook-timestamp']) - 301);
    expect(() => new Webhook(sub.secret).verify(request!.rawBody, { ...headers, 'webhook-timestamp': stale })).toThrow('Message timestamp too old');
  });

  it('during a rotation window webhook-signature carries two space-separated v1 entries: the new secret and the old one both verify, each entry with its own; after the window one', async () => {
    const previous = newSigningSecret();
    const rotating = await signedSubscription('standard-rotation', answers.ok(), { secret: previous, expiresAt: new Date(Date.now() + 3600_000) });
    await h.raise(rotating.caller, leadCreated());
    const [request] = await h.receiver.waitFor(rotating.path, 1);
    const headers = request!.headers as Record<string, string>;
    const entries = headers['webhook-signature']!.split(' ');
    expect(entries).toHaveLength(2);
    expect(entries.every((e) => /^v1,[A-Za-z0-9+/]{43}=$/.test(e))).toBe(true);
    expect({ standardWebhooks: request!.standardWebhooks, status: request!.status }).toEqual({ standardWebhooks: [true, true], status: 200 });
    // Each entry alone verifies with exactly one secret: the new one first, then the old one.
    const only = (entry: string) => ({ ...headers, 'webhook-signature': entry });
    expect([libraryVerifies(rotating.secret, request!, only(entries[0]!)), libraryVerifies(previous, request!, only(entries[0]!))]).toEqual([true, false]);
    expect([libraryVerifies(rotating.secret, request!, only(entries[1]!)), libraryVerifies(previous, request!, only(entries[1]!))]).toEqual([false, true]);
    // Spec 01's Svc-Signature is unchanged beside it: two v1 values, each secret verifying.
    expect(specVerify(request!.rawBody, headers['svc-signature'], [previous]).ok).toBe(true);
    expect(specVerify(request!.rawBody, headers['svc-signature'], [rotating.secret]).ok).toBe(true);

    const closed = await signedSubscription('standard-rotation-closed', answers.ok(), { secret: previous, expiresAt: new Date(Date.now() - 1000) });
    await h.raise(closed.caller, leadCreated());
    const [after] = await h.receiver.waitFor(closed.path, 1);
    expect((after!.headers['webhook-signature'] as string).split(' ')).toHaveLength(1);
    expect([libraryVerifies(closed.secret, after!), libraryVerifies(previous, after!)]).toEqual([true, false]);
  });

  it('webhook-id stays the event id across retries, and every attempt verifies', async () => {
    const sub = await signedSubscription('standard-retries', answers.failFirst(2));
    const eventId = await h.raise(sub.caller, leadCreated());
    const row = await h.settled(sub.id, eventId, 'delivered');
    expect(row.attempt).toBe(3);
    const requests = h.receiver.received(sub.path);
    expect(requests.map((r) => [r.headers['webhook-id'], r.standardWebhooks, r.status])).toEqual([
      [eventId, [true], 500], [eventId, [true], 500], [eventId, [true], 200],
    ]);
  });
});
