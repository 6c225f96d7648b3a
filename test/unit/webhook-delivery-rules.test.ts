import { describe, expect, it } from '@jest/globals';
import { retryPauseMs } from '../../src/domain/webhooks/retry-pause.js';
import { connectionError, parseRetryAfter } from '../../src/domain/webhooks/sender.js';
import { deliveryBody, disclosedResources, type StoredEvent } from '../../src/domain/webhooks/envelope.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';

describe('the pause before a retry', () => {
  it('is the schedule entry spread by the jitter (±10 %)', () => {
    expect(retryPauseMs({ baseMs: 5000, jitter: 0, retryAfterMs: null, retryAfterMaxMs: 3600_000 })).toBe(5000);
    expect(retryPauseMs({ baseMs: 5000, jitter: 0.1, retryAfterMs: null, retryAfterMaxMs: 3600_000 })).toBe(5500);
    expect(retryPauseMs({ baseMs: 5000, jitter: -0.1, retryAfterMs: null, retryAfterMaxMs: 3600_000 })).toBe(4500);
  });

  it('honours Retry-After exactly, never below the schedule entry nor above the configured maximum', () => {
    expect(retryPauseMs({ baseMs: 5000, jitter: 0.1, retryAfterMs: 60_000, retryAfterMaxMs: 3600_000 })).toBe(60_000);
    expect(retryPauseMs({ baseMs: 5000, jitter: 0.1, retryAfterMs: 1000, retryAfterMaxMs: 3600_000 })).toBe(5000);
    expect(retryPauseMs({ baseMs: 5000, jitter: 0.1, retryAfterMs: 86_400_000, retryAfterMaxMs: 3600_000 })).toBe(3600_000);
  });
});

describe('Retry-After', () => {
  const now = new Date('2026-11-22T10:00:00Z');
  it('reads delay-seconds and HTTP dates; anything else is ignored', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });
});

describe('connection errors in the delivery log', () => {
  const err = (code: string) => Object.assign(new Error(`boom ${code}`), { code });
  it('are short reasons without addresses', () => {
    expect(connectionError(err('ECONNREFUSED'))).toBe('connection refused');
    expect(connectionError(err('ECONNRESET'))).toBe('connection reset');
    expect(connectionError(err('EHOSTUNREACH'))).toBe('host unreachable');
    expect(connectionError(err('CERT_HAS_EXPIRED'))).toBe('certificate error (CERT_HAS_EXPIRED)');
    expect(connectionError(err('UNABLE_TO_VERIFY_LEAF_SIGNATURE'))).toBe('certificate error (UNABLE_TO_VERIFY_LEAF_SIGNATURE)');
    expect(connectionError(err('ERR_TLS_CERT_ALTNAME_INVALID'))).toBe('certificate error (ERR_TLS_CERT_ALTNAME_INVALID)');
  });
});

describe('the delivery body', () => {
  const lead = EVENTS['lead.created']({ lead_id: 'l1', contact_id: 'c1', conversation_id: 'v1', version: 2, contact: { name: 'Anna', email: 'anna@example.com', phone: null } });
  const event = (type: string, e = lead): StoredEvent => ({ id: 'evt_1', type, apiVersion: '2026-10-01', createdAt: new Date('2026-11-22T10:00:00.123Z'), livemode: true, data: e.data, piiData: e.piiData ?? null });

  it('is the envelope of spec 01, thin by default', () => {
    const { body, carriesPii } = deliveryBody(event('lead.created'), false);
    expect(carriesPii).toBe(false);
    expect(JSON.parse(body)).toEqual({ id: 'evt_1', type: 'lead.created', api_version: '2026-10-01', created_at: '2026-11-22T10:00:00.123Z', livemode: true, data: { lead_id: 'l1', contact_id: 'c1', conversation_id: 'v1', version: 2 } });
  });

  it('adds the content for include_pii, only for lead, contact and conversation events', () => {
    const withPii = deliveryBody(event('lead.created'), true);
    expect(withPii.carriesPii).toBe(true);
    expect(JSON.parse(withPii.body).data.contact).toEqual({ name: 'Anna', email: 'anna@example.com', phone: null });
    expect(deliveryBody(event('task.created'), true).carriesPii).toBe(false);
    const message = EVENTS['message.created']({ message_id: 'm1', conversation_id: 'v1', sender: 'user' });
    const m = deliveryBody({ ...event('message.created', message) }, true);
    expect(m.carriesPii).toBe(false);
    expect(JSON.parse(m.body).data).toEqual({ message_id: 'm1', conversation_id: 'v1', sender: 'user' });
  });

  it('names what it discloses: the family and the resource ids', () => {
    expect(disclosedResources(event('lead.created'))).toEqual({ resourceType: 'lead', resourceIds: ['l1', 'c1', 'v1'] });
  });
});
