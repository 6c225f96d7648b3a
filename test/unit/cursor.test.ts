import { createHmac } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { CURSOR_TTL_MS, CursorCodec, filterBinding } from '../../src/http/cursor.js';
import { DomainError } from '../../src/errors/domain-error.js';
import { statusOf } from '../../src/http/problem.js';

const SECRET = 'cursor-secret-for-unit-tests-0123456789';
const codec = new CursorCodec(SECRET);
const ISSUED = new Date('2026-11-21T10:00:00.000Z');
const INTEGRATION = '6f1c2c1e-0000-4000-8000-000000000001';
const OTHER_INTEGRATION = '6f1c2c1e-0000-4000-8000-000000000002';
const BINDING = filterBinding('GET /leads', { status: 'new', limit: 10 });

/** The Problem a decode throws: 422 validation_failed with one field error at /cursor. */
function refusal(fn: () => unknown): { code: string; status: number; field: string; reason: string } {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    const p = err as DomainError;
    const [fieldError] = p.extras.errors ?? [];
    return { code: p.code, status: statusOf(p.code), field: fieldError!.field, reason: fieldError!.code };
  }
  throw new Error('the cursor was accepted');
}

const invalid = { code: 'validation_failed', status: 422, field: '/cursor', reason: 'invalid_format' };

describe('page cursors', () => {
  it('round-trips the position for the same integration and filters', () => {
    const cursor = codec.encode(INTEGRATION, BINDING, ['2026-11-20T09:00:00.000Z', 'lead_42'], ISSUED);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(codec.decode(cursor, INTEGRATION, BINDING, ISSUED)).toEqual(['2026-11-20T09:00:00.000Z', 'lead_42']);
  });

  it('is opaque: the position is not readable as plain text', () => {
    const cursor = codec.encode(INTEGRATION, BINDING, ['lead_42'], ISSUED);
    expect(cursor).not.toContain('lead_42');
  });

  it('a tampered payload is invalid', () => {
    const cursor = codec.encode(INTEGRATION, BINDING, [100], ISSUED);
    const [payload, mac] = cursor.split('.');
    const forged = Buffer.from(Buffer.from(payload!, 'base64url').toString().replace('100', '999')).toString('base64url');
    expect(refusal(() => codec.decode(`${forged}.${mac}`, INTEGRATION, BINDING, ISSUED))).toEqual(invalid);
  });

  it('a changed signature, a missing part or an extra part is invalid', () => {
    const cursor = codec.encode(INTEGRATION, BINDING, [1], ISSUED);
    const [payload, mac] = cursor.split('.') as [string, string];
    const flipped = `${payload}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    for (const bad of [flipped, payload, `${payload}.`, `${cursor}.x`, '', 'not-a-cursor']) {
      expect(refusal(() => codec.decode(bad, INTEGRATION, BINDING, ISSUED))).toEqual(invalid);
    }
  });

  it('a cursor signed with another secret is invalid', () => {
    const cursor = new CursorCodec(`${SECRET}-other`).encode(INTEGRATION, BINDING, [1], ISSUED);
    expect(refusal(() => codec.decode(cursor, INTEGRATION, BINDING, ISSUED))).toEqual(invalid);
  });

  it('a signed payload that is not JSON is invalid, not a crash', () => {
    const payload = Buffer.from('{not json').toString('base64url');
    const mac = createHmac('sha256', SECRET).update(payload).digest().toString('base64url');
    expect(refusal(() => codec.decode(`${payload}.${mac}`, INTEGRATION, BINDING, ISSUED))).toEqual(invalid);
  });

  it('a signed payload that is JSON but not a cursor (null, a number, no position) is invalid, not a crash', () => {
    for (const json of ['null', '42', `{"i":"${INTEGRATION}","f":"${BINDING}","p":"x","e":9e15}`, `{"i":"${INTEGRATION}","f":"${BINDING}","p":[1]}`]) {
      const payload = Buffer.from(json).toString('base64url');
      const mac = createHmac('sha256', SECRET).update(payload).digest().toString('base64url');
      expect(refusal(() => codec.decode(`${payload}.${mac}`, INTEGRATION, BINDING, ISSUED))).toEqual(invalid);
    }
  });

  it('a cursor issued to another integration is foreign', () => {
    const cursor = codec.encode(OTHER_INTEGRATION, BINDING, [1], ISSUED);
    expect(refusal(() => codec.decode(cursor, INTEGRATION, BINDING, ISSUED))).toEqual(invalid);
  });

  it('a cursor is bound to its route and filters', () => {
    const cursor = codec.encode(INTEGRATION, BINDING, [1], ISSUED);
    for (const other of [filterBinding('GET /leads', { status: 'won' }), filterBinding('GET /leads', {}), filterBinding('GET /conversations', { status: 'new' })]) {
      expect(refusal(() => codec.decode(cursor, INTEGRATION, other, ISSUED))).toEqual(invalid);
    }
  });

  it('lives 24 hours: valid a millisecond before, expired at the 24th hour', () => {
    const cursor = codec.encode(INTEGRATION, BINDING, [1], ISSUED);
    expect(CURSOR_TTL_MS).toBe(24 * 3600 * 1000);
    expect(codec.decode(cursor, INTEGRATION, BINDING, new Date('2026-11-22T09:59:59.999Z'))).toEqual([1]);
    expect(refusal(() => codec.decode(cursor, INTEGRATION, BINDING, new Date('2026-11-22T10:00:00.000Z'))))
      .toEqual({ ...invalid, reason: 'expired' });
  });
});

describe('page cursors tell why they are refused', () => {
  const message = (fn: () => unknown): string => {
    try {
      fn();
    } catch (err) {
      return (err as DomainError).extras.errors![0]!.message;
    }
    throw new Error('the cursor was accepted');
  };
  const notIssued = 'The cursor is not one this API issued; start again without a cursor.';
  const signed = (json: string) => {
    const payload = Buffer.from(json).toString('base64url');
    return `${payload}.${createHmac('sha256', SECRET).update(payload).digest().toString('base64url')}`;
  };

  it('names a cursor this API did not issue, whatever is wrong with it', () => {
    const cursor = codec.encode(INTEGRATION, BINDING, [1], ISSUED);
    const [payload, mac] = cursor.split('.') as [string, string];
    // A signature of another length (timingSafeEqual would throw on it), one of the same length, parts missing or extra.
    for (const bad of [`${payload}.${mac.slice(0, 10)}`, `${payload}.${mac}AAAA`, `${payload}.${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`, payload, `${cursor}.x`]) {
      expect(message(() => codec.decode(bad, INTEGRATION, BINDING, ISSUED))).toBe(notIssued);
    }
    for (const json of ['{not json', 'null', '42', `{"i":"${INTEGRATION}","f":"${BINDING}","p":[1]}`]) {
      expect(message(() => codec.decode(signed(json), INTEGRATION, BINDING, ISSUED))).toBe(notIssued);
    }
  });

  it('names another integration, other filters and expiry', () => {
    const cursor = codec.encode(OTHER_INTEGRATION, BINDING, [1], ISSUED);
    expect(message(() => codec.decode(cursor, INTEGRATION, BINDING, ISSUED))).toBe('The cursor was issued to another integration; start again without a cursor.');
    const own = codec.encode(INTEGRATION, BINDING, [1], ISSUED);
    expect(message(() => codec.decode(own, INTEGRATION, filterBinding('GET /leads', {}), ISSUED))).toBe('The cursor belongs to other filters; start again without a cursor.');
    expect(message(() => codec.decode(own, INTEGRATION, BINDING, new Date(ISSUED.getTime() + CURSOR_TTL_MS))))
      .toBe('The cursor expired (cursors live 24 hours); start again without a cursor.');
  });
});

describe('filterBinding', () => {
  it('ignores the order of the filters, limit, cursor and unset filters', () => {
    expect(filterBinding('GET /leads', { b: '2', a: '1', limit: 5, cursor: 'x', c: undefined }))
      .toBe(filterBinding('GET /leads', { a: '1', b: '2' }));
    expect(filterBinding('GET /leads', { a: '1', b: '2' })).toBe('GET /leads?a=1&b=2');
  });

  it('writes dates as ISO text', () => {
    expect(filterBinding('GET /leads', { since: new Date('2026-01-02T03:04:05.000Z') })).toBe('GET /leads?since=2026-01-02T03:04:05.000Z');
  });
});
