import { describe, expect, it } from '@jest/globals';
import { createHmac } from 'node:crypto';
import { SalesChat, SignatureVerificationError, webhooks } from '../src/index.js';

/**
 * webhooks.constructEvent against deliveries signed by the spec's recipe (computed here with
 * node:crypto, as the server's signer does): two v1 during a rotation, old timestamps, bad
 * signatures, malformed headers.
 */

const OLD = 'whsec_old_0123456789abcdef0123456789';
const NEW = 'whsec_new_fedcba9876543210fedcba9876';
const body = JSON.stringify({ id: 'evt_1', type: 'lead.updated', api_version: '2026-10-01', created_at: '2026-11-27T12:00:00.000Z', livemode: true, data: { lead_id: 'l1', version: 2 } });
const now = new Date('2026-11-27T12:00:10Z');
const t = Math.floor(now.getTime() / 1000) - 10;
const v1 = (secret: string, at = t, raw = body) => createHmac('sha256', secret).update(`${at}.${raw}`).digest('hex');
const refused = (fn: () => unknown): SignatureVerificationError => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(SignatureVerificationError);
    return err as SignatureVerificationError;
  }
  throw new Error('constructEvent accepted it');
};

describe('webhooks.constructEvent', () => {
  it('returns the event of a delivery signed with the secret', () => {
    const event = webhooks.constructEvent(body, `t=${t},v1=${v1(NEW)}`, NEW, { now });
    expect(event).toMatchObject({ id: 'evt_1', type: 'lead.updated', data: { lead_id: 'l1' } });
  });

  it('during a rotation the delivery has two v1: the receiver with either secret verifies it, whichever comes first', () => {
    for (const header of [`t=${t},v1=${v1(OLD)},v1=${v1(NEW)}`, `t=${t},v1=${v1(NEW)},v1=${v1(OLD)}`]) {
      expect(webhooks.constructEvent(body, header, OLD, { now }).id).toBe('evt_1');
      expect(webhooks.constructEvent(Buffer.from(body), header, NEW, { now }).id).toBe('evt_1');
    }
    // A receiver may hold both secrets while it switches.
    expect(webhooks.constructEvent(body, `t=${t},v1=${v1(NEW)}`, [OLD, NEW], { now }).id).toBe('evt_1');
  });

  it('refuses a bad signature: another secret, another body, another timestamp than signed', () => {
    expect(refused(() => webhooks.constructEvent(body, `t=${t},v1=${v1('whsec_other_secret_value_000000000')}`, NEW, { now })).reason).toBe('mismatch');
    expect(refused(() => webhooks.constructEvent(body.replace('l1', 'l2'), `t=${t},v1=${v1(NEW)}`, NEW, { now })).reason).toBe('mismatch');
    expect(refused(() => webhooks.constructEvent(body, `t=${t + 1},v1=${v1(NEW)}`, NEW, { now })).reason).toBe('mismatch');
    expect(refused(() => webhooks.constructEvent(body, `t=${t},v1=${v1(OLD)},v1=${'0'.repeat(64)}`, NEW, { now })).reason).toBe('mismatch');
  });

  it('refuses an old timestamp (a replay) beyond the tolerance, even correctly signed; the tolerance is yours', () => {
    const old = t - 301;
    const header = `t=${old},v1=${v1(NEW, old)}`;
    expect(refused(() => webhooks.constructEvent(body, header, NEW, { now })).reason).toBe('stale');
    expect(webhooks.constructEvent(body, header, NEW, { now, tolerance: 600 }).id).toBe('evt_1');
    const future = t + 400;
    expect(refused(() => webhooks.constructEvent(body, `t=${future},v1=${v1(NEW, future)}`, NEW, { now })).reason).toBe('stale');
  });

  it('checks the signature before the timestamp: a forged header with an old t is mismatch, not stale', () => {
    const old = t - 3600;
    expect(refused(() => webhooks.constructEvent(body, `t=${old},v1=${'0'.repeat(64)}`, NEW, { now })).reason).toBe('mismatch');
  });

  it('tolerance 0 turns the timestamp check off: a stored delivery of an hour ago verifies by its signature alone', () => {
    const old = t - 3600;
    expect(webhooks.constructEvent(body, `t=${old},v1=${v1(NEW, old)}`, NEW, { now, tolerance: 0 }).id).toBe('evt_1');
    expect(refused(() => webhooks.constructEvent(body, `t=${old},v1=${v1(OLD, old)}`, NEW, { now, tolerance: 0 })).reason).toBe('mismatch');
  });

  it('refuses a missing or malformed header, and a verified body that is no event', () => {
    for (const header of [undefined, '', `v1=${v1(NEW)}`, `t=${t}`, `t=${t},v1=XYZ`, `t=abc,v1=${v1(NEW)}`]) {
      expect(refused(() => webhooks.constructEvent(body, header, NEW, { now })).reason).toBe('malformed');
    }
    const text = 'not json';
    expect(refused(() => webhooks.constructEvent(text, `t=${t},v1=${v1(NEW, t, text)}`, NEW, { now })).reason).toBe('body');
  });

  it('signatureHeader signs as the server does (for your receiver tests); the client has constructEvent too', () => {
    const header = webhooks.signatureHeader(body, [OLD, NEW], t);
    expect(header).toBe(`t=${t},v1=${v1(OLD)},v1=${v1(NEW)}`);
    const client = new SalesChat({ apiKey: 'k', baseUrl: 'http://127.0.0.1:9' });
    expect(client.webhooks.constructEvent(body, header, NEW, { now }).type).toBe('lead.updated');
  });
});

describe('the typed event', () => {
  it('narrows on type to the data of the document\'s webhooks entry', () => {
    const event = webhooks.constructEvent(body, `t=${t},v1=${v1(NEW)}`, NEW, { now });
    if (event.type !== 'lead.updated') throw new Error(`type ${event.type}`);
    // Typed: LeadUpdatedData | LeadUpdatedDataWithPii; a wrong field name would not compile.
    const data: { lead_id: string; version: number } = event.data;
    expect(data).toEqual({ lead_id: 'l1', version: 2 });
  });
});
