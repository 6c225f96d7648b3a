import { describe, expect, it } from '@jest/globals';
import type { Lead } from '../../src/entities/lead.js';
import { DomainError } from '../../src/errors/domain-error.js';
import { applyLeadFields } from '../../src/domain/leads/lead-rules.js';

/**
 * What an integrator may set on a lead (spec 02, PATCH /leads/{id}): value in the cell
 * currency, lost needs a reason, status moves stamp their time, unarchiving clears the reason.
 * A lead here is the entity's plain fields (applyLeadFields reads and writes nothing else).
 */
const NOW = new Date('2026-03-01T10:00:00Z');
const EARLIER = new Date('2026-02-01T10:00:00Z');
const lead = (over: Partial<Lead> = {}): Lead => ({
  status: 'new', archived: false, archivedReason: null, owner: null, assignedTo: null, valueAmount: null, valueCurrency: null,
  nextAction: null, nextActionAt: null, lostReason: null, externalId: null, externalUrl: null, title: null,
  qualifiedAt: null, wonAt: null, lostAt: null, ...over,
} as unknown as Lead);

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('did not refuse');
}

describe('applyLeadFields (src/domain/leads/lead-rules.ts)', () => {
  it.each<['qualified' | 'won' | 'lost', string, 'qualifiedAt' | 'wonAt' | 'lostAt']>([
    ['qualified', 'qualified_at', 'qualifiedAt'], ['won', 'won_at', 'wonAt'], ['lost', 'lost_at', 'lostAt'],
  ])('moving to %s stamps %s with now and reports the move', (status, wire, prop) => {
    const l = lead({ status: 'contacted', lostReason: 'price' });
    expect(applyLeadFields(l, { status }, 'RUB', NOW)).toEqual({ changed: ['status', wire], statusMove: { from: 'contacted', to: status } });
    expect(l.status).toBe(status);
    expect(l[prop]).toEqual(NOW);
  });

  it('a move to a status without a stamp stamps nothing; the same status is no move', () => {
    const l = lead();
    expect(applyLeadFields(l, { status: 'contacted' }, 'RUB', NOW)).toEqual({ changed: ['status'], statusMove: { from: 'new', to: 'contacted' } });
    expect([l.qualifiedAt, l.wonAt, l.lostAt]).toEqual([null, null, null]);
    expect(applyLeadFields(l, { status: 'contacted' }, 'RUB', NOW)).toEqual({ changed: [], statusMove: null });
  });

  it('lost needs a reason, sent now or already on the lead; a lead already lost needs none', () => {
    const e = refusal(() => applyLeadFields(lead(), { status: 'lost' }, 'RUB', NOW));
    expect(e).toMatchObject({ code: 'validation_failed', detail: 'lost_reason is required when the status moves to lost',
      extras: { errors: [{ field: '/lost_reason', code: 'required', message: 'lost_reason is required when the status moves to lost' }] } });
    expect(() => applyLeadFields(lead(), { status: 'lost', lost_reason: '' }, 'RUB', NOW)).toThrow(DomainError);
    expect(() => applyLeadFields(lead({ lostReason: 'price' }), { status: 'lost', lost_reason: null }, 'RUB', NOW)).toThrow(DomainError);
    expect(applyLeadFields(lead({ lostReason: 'price' }), { status: 'lost' }, 'RUB', NOW).statusMove).toEqual({ from: 'new', to: 'lost' });
    const l = lead();
    expect(applyLeadFields(l, { status: 'lost', lost_reason: 'too dear' }, 'RUB', NOW).changed).toEqual(['status', 'lost_at', 'lost_reason']);
    expect(l.lostReason).toBe('too dear');
    expect(applyLeadFields(lead({ status: 'lost' }), { status: 'lost', lost_reason: null }, 'RUB', NOW)).toEqual({ changed: [], statusMove: null });
  });

  it('a refused change changes nothing on the lead', () => {
    const l = lead();
    expect(() => applyLeadFields(l, { status: 'lost', title: 'x' }, 'RUB', NOW)).toThrow(DomainError);
    expect([l.status, l.title, l.lostAt]).toEqual(['new', null, null]);
  });

  it('the value is in the cell currency, two places; another currency is refused with the lost reason in one answer', () => {
    const l = lead();
    expect(applyLeadFields(l, { value: { amount: '1500.5', currency: 'RUB' } }, 'RUB', NOW).changed).toEqual(['value']);
    expect([l.valueAmount, l.valueCurrency]).toEqual(['1500.50', 'RUB']);
    const e = refusal(() => applyLeadFields(lead(), { status: 'lost', value: { amount: '1', currency: 'GBP' } }, 'RUB', NOW));
    expect(e.code).toBe('validation_failed');
    expect(e.detail).toBe('value.currency must be the cell currency RUB; lost_reason is required when the status moves to lost');
    expect(e.extras.errors!.map((x) => [x.field, x.code])).toEqual([['/value/currency', 'not_supported'], ['/lost_reason', 'required']]);
    expect(applyLeadFields(l, { value: null }, 'RUB', NOW).changed).toEqual(['value']);
    expect([l.valueAmount, l.valueCurrency]).toEqual([null, null]);
    expect(applyLeadFields(l, { value: null }, 'RUB', NOW).changed).toEqual([]);
  });

  it('archiving keeps a reason; unarchiving clears it even when one is sent', () => {
    const l = lead();
    expect(applyLeadFields(l, { archived: true, archived_reason: 'spam' }, 'RUB', NOW).changed).toEqual(['archived', 'archived_reason']);
    expect([l.archived, l.archivedReason]).toEqual([true, 'spam']);
    expect(applyLeadFields(l, { archived: false, archived_reason: 'ignored' }, 'RUB', NOW).changed).toEqual(['archived', 'archived_reason']);
    expect([l.archived, l.archivedReason]).toEqual([false, null]);
    expect(applyLeadFields(l, { archived: false }, 'RUB', NOW).changed).toEqual([]);
    // Archiving again without a reason keeps the one the lead has; unarchiving still sets the other fields sent.
    const kept = lead({ archivedReason: 'spam' });
    expect(applyLeadFields(kept, { archived: true }, 'RUB', NOW).changed).toEqual(['archived']);
    expect(kept.archivedReason).toBe('spam');
    expect(applyLeadFields(kept, { archived: false, title: 'Back', owner: 'ann' }, 'RUB', NOW).changed).toEqual(['archived', 'archived_reason', 'owner', 'title']);
    expect([kept.title, kept.owner, kept.archivedReason]).toEqual(['Back', 'ann', null]);
  });

  it('leaves what was not sent as it is, the value included', () => {
    const l = lead({ valueAmount: '10.00', valueCurrency: 'RUB', title: 'Shoes', lostReason: 'price' });
    expect(applyLeadFields(l, { owner: 'bob' }, 'RUB', NOW).changed).toEqual(['owner']);
    expect([l.valueAmount, l.valueCurrency, l.title, l.lostReason]).toEqual(['10.00', 'RUB', 'Shoes', 'price']);
  });

  it('sets each plain field by its wire name, reports only real changes, dates by their time', () => {
    const l = lead({ nextActionAt: EARLIER, owner: 'ann' });
    const changed = applyLeadFields(l, {
      owner: 'ann', assigned_to: 'bob', next_action: 'call', next_action_at: new Date(EARLIER.getTime()), external_id: 'crm-1',
      external_url: 'https://crm.example.com/1', title: 'Shoes', archived_reason: 'kept',
    }, 'RUB', NOW).changed;
    expect(changed).toEqual(['archived_reason', 'assigned_to', 'next_action', 'external_id', 'external_url', 'title']);
    expect(l).toMatchObject({ owner: 'ann', assignedTo: 'bob', nextAction: 'call', externalId: 'crm-1', externalUrl: 'https://crm.example.com/1', title: 'Shoes', archivedReason: 'kept' });
    expect(applyLeadFields(l, { next_action_at: NOW }, 'RUB', NOW).changed).toEqual(['next_action_at']);
    expect(l.nextActionAt).toEqual(NOW);
    expect(applyLeadFields(l, { owner: null, lost_reason: 'x' }, 'RUB', NOW).changed).toEqual(['owner', 'lost_reason']);
    expect(applyLeadFields(l, {}, 'RUB', NOW)).toEqual({ changed: [], statusMove: null });
  });
});
