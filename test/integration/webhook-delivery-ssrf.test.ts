import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import { Receiver } from '../harness/receiver.js';
import { eventually } from '../harness/eventually.js';
import { sendDelivery, type SenderSettings } from '../../src/domain/webhooks/sender.js';
import { specVerify } from '../harness/spec-signature.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';
import { EVENT_API_VERSION } from '../../src/domain/events/event-types.js';
import { deliveryBody } from '../../src/domain/webhooks/envelope.js';

/** Blocked address classes, each behind a name pinned with WEBHOOK_RESOLVE (a name resolving to it). */
const BLOCKED: [name: string, address: string, range: string][] = [
  ['private-10', '10.0.0.1', 'private'],
  ['private-172', '172.16.0.1', 'private'],
  ['private-192', '192.168.1.1', 'private'],
  ['metadata', '169.254.169.254', 'linkLocal'],
  ['cgnat', '100.64.0.1', 'carrierGradeNat'],
  ['this-network', '0.0.0.0', 'unspecified'],
  ['multicast', '224.0.0.1', 'multicast'],
  ['broadcast', '255.255.255.255', 'broadcast'],
  ['test-net', '192.0.2.1', 'reserved'],
  ['benchmarking', '198.18.0.1', 'benchmarking'],
  ['documentation', '203.0.113.5', 'documentation'],
  ['loopback6', '::1', 'loopback'],
  ['unique-local', 'fc00::1', 'uniqueLocal'],
  ['metadata6', 'fd00:ec2::254', 'uniqueLocal'],
  ['link-local6', 'fe80::1', 'linkLocal'],
  ['mapped', '::ffff:10.0.0.1', 'ipv4Mapped'],
  ['mapped-loopback', '::ffff:127.0.0.1', 'ipv4Mapped'],
  ['six-to-four', '2002:a00:1::', '6to4'],
  ['nat64', '64:ff9b::a00:1', 'rfc6052'],
  ['teredo', '2001::1', 'teredo'],
];
const host = (name: string) => `${name}.webhooks.test`;

let h: DeliveryHarness;

beforeAll(async () => {
  h = await DeliveryHarness.start({
    file: import.meta.url,
    env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' },
    resolve: BLOCKED.map(([name, address]) => `${host(name)}=${address}`),
  });
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

/** Subscribes a new tenant to `url`, raises one event and waits for its first attempt; returns the delivery row and attempts. */
async function firstAttempt(url: string) {
  const caller = await h.caller();
  const sub = await h.subscribe(caller, { url });
  const { data } = EVENTS['lead.created']({ lead_id: randomUUID(), contact_id: null, conversation_id: null, version: 1 });
  const eventId = await h.raise(caller, { type: 'lead.created', data });
  return eventually(`the first attempt to ${url}`, async () => {
    const row = await h.delivery(sub.id, eventId);
    return row && row.attempt >= 1 ? { row, attempts: await h.attempts(row.id) } : undefined;
  });
}

describe('with WEBHOOK_ALLOW_PRIVATE_NETWORKS=false (the production rules), the sender refuses at connection time', () => {
  it.each(BLOCKED)('a name resolving to %s (%s, %s)', async (name, _address, range) => {
    const { row, attempts } = await firstAttempt(`https://${host(name)}/hook`);
    const error = `refused: the host name resolves to a ${range} address, which webhooks may not reach`;
    expect(row).toMatchObject({ state: 'failed', status_code: null, error });
    expect(attempts[0]).toMatchObject({ attempt: 1, status_code: null, error });
  });

  it('localhost (resolved through the system resolver) is refused as loopback', async () => {
    const { row } = await firstAttempt('https://localhost/hook');
    expect(row.error).toBe('refused: the host name resolves to a loopback address, which webhooks may not reach');
  });

  it('the test receiver on 127.0.0.X is refused as loopback and receives nothing', async () => {
    const path = `/strict-${randomUUID().slice(0, 8)}`;
    const { row } = await firstAttempt(h.receiver.route(path));
    expect(row.error).toBe('refused: the host name resolves to a loopback address, which webhooks may not reach');
    expect(h.receiver.received(path)).toEqual([]);
  });

  it.each([
    ['an IPv4 literal', 'https://10.0.0.1/hook', 'refused: the host must be a name, not an IP address'],
    ['an IPv6 literal', 'https://[::1]/hook', 'refused: the host must be a name, not an IP address'],
    ['http', `http://${host('plain')}/hook`, 'refused: the URL must use https'],
    ['another port', `https://${host('port')}:8443/hook`, 'refused: the URL must use port 443'],
  ])('a stored URL with %s is checked again at send time and refused', async (_what, url, error) => {
    const { row } = await firstAttempt(url);
    expect(row).toMatchObject({ status_code: null, error });
  });

  it('refused attempts are failed attempts: after 9 the delivery is dead', async () => {
    const { row } = await firstAttempt(`https://${host('metadata')}/latest/meta-data/`);
    const dead = await eventually('the refused delivery to be dead', async () => {
      const r = (await h.db.query('select * from webhook_deliveries where id = $1', [row.id])).rows[0];
      return r.state === 'dead' ? r : undefined;
    }, 90_000);
    expect(dead).toMatchObject({ attempt: 9, next_attempt_at: null });
    expect((await h.attempts(row.id)).every((a) => a.error.startsWith('refused:'))).toBe(true);
  });
});

describe('sendDelivery with the development relaxation', () => {
  const relaxed = (resolve: Record<string, string>): SenderSettings => ({ timeoutMs: 2000, allowPrivateNetworks: true, resolve });
  // A real webhook.test, as the relay would send it: the receiver holds every delivery against the document.
  const { body } = deliveryBody({ id: 'evt_ssrf', type: 'webhook.test', apiVersion: EVENT_API_VERSION, createdAt: new Date(), livemode: false, piiData: null, ...EVENTS['webhook.test']({ webhook_id: 'wh_ssrf' }) }, false);
  const delivery = (url: string) => ({ url, eventId: 'evt_ssrf', eventType: 'webhook.test', body, secrets: ['whsec_ssrf'] });

  it('connects only to the pinned, checked address: a name no DNS server knows reaches the receiver, signed', async () => {
    const path = `/pinned-${randomUUID().slice(0, 8)}`;
    h.receiver.route(path);
    const result = await sendDelivery(delivery(h.receiver.url(path)), relaxed({ [h.receiver.host]: h.receiver.address }));
    expect(result).toMatchObject({ statusCode: 200, error: null, retryAfterMs: null });
    const [request] = h.receiver.received(path);
    expect(request!.rawBody.toString()).toBe(body);
    expect(specVerify(request!.rawBody, request!.headers['svc-signature'] as string, ['whsec_ssrf']).ok).toBe(true);
  });

  it.each([
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['::ffff:127.0.0.1', 'ipv4Mapped'],
    ['0.0.0.0', 'unspecified'],
  ])('lets loopback and private networks through, nothing else: %s is still refused', async (address, range) => {
    const result = await sendDelivery(delivery(`https://${host('relaxed')}/hook`), relaxed({ [host('relaxed')]: address }));
    expect(result).toMatchObject({ statusCode: null, error: `refused: the host name resolves to a ${range} address, which webhooks may not reach` });
  });

  it('verifies TLS against the host name: a name the certificate does not carry is a certificate error', async () => {
    const path = `/tls-${randomUUID().slice(0, 8)}`;
    h.receiver.route(path);
    const elsewhere = 'hooks.elsewhere.test';
    const result = await sendDelivery(delivery(`https://${elsewhere}${path}`), relaxed({ [elsewhere]: h.receiver.address }));
    expect(result).toMatchObject({ statusCode: null, error: 'certificate error (ERR_TLS_CERT_ALTNAME_INVALID)' });
    expect(h.receiver.received(path)).toEqual([]);
  });

  it('keeps a connection per name and checked address: the next delivery reuses it, the same name pinned elsewhere never does', async () => {
    const path = `/kept-${randomUUID().slice(0, 8)}`;
    h.receiver.route(path);
    const pinned = relaxed({ [h.receiver.host]: h.receiver.address });
    await sendDelivery(delivery(h.receiver.url(path)), pinned);
    const opened = h.receiver.connections;
    expect(await sendDelivery(delivery(h.receiver.url(path)), pinned)).toMatchObject({ statusCode: 200, error: null });
    expect(h.receiver.connections).toBe(opened);
    expect(h.receiver.received(path)).toHaveLength(2);

    const elsewhere = await Receiver.start(`${import.meta.url}#elsewhere`);
    try {
      elsewhere.route(path);
      // The same name now resolves to another (checked) address: a connection of its own there.
      expect(await sendDelivery(delivery(h.receiver.url(path)), relaxed({ [h.receiver.host]: elsewhere.address }))).toMatchObject({ statusCode: 200 });
      expect(elsewhere.connections).toBe(1);
      expect(elsewhere.received(path)).toHaveLength(1);
      expect(h.receiver.received(path)).toHaveLength(2);
    } finally {
      await elsewhere.close();
    }
  });

  it('records a refused connection with a short reason', async () => {
    const result = await sendDelivery(delivery(`https://${host('closed')}/hook`), relaxed({ [host('closed')]: '127.0.0.253' }));
    expect(result).toMatchObject({ statusCode: null, error: 'connection refused' });
  });
});
