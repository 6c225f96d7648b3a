import { describe, expect, it } from '@jest/globals';
import { applyMove, nextState, reopenForCustomer, type ConversationMove, type ConversationState } from '../../src/domain/conversations/transitions.js';
import { DomainError } from '../../src/errors/domain-error.js';

const state = (status: string, mode: 'ai' | 'operator', operatorName: string | null = null): ConversationState => ({ status, mode, operatorName });

describe('nextState: the allowed moves', () => {
  it.each<[string, ConversationState, ConversationMove, string | null | undefined, ConversationState]>([
    ['takeover from the AI', state('open', 'ai'), 'takeover', 'Anna', state('open', 'operator', 'Anna')],
    ['takeover of a pending handoff opens it', state('handoff_pending', 'ai'), 'takeover', undefined, state('open', 'operator', null)],
    ['takeover of a resolved conversation opens it', state('resolved', 'ai'), 'takeover', 'Anna', state('open', 'operator', 'Anna')],
    ['return to the AI clears the operator', state('open', 'operator', 'Anna'), 'return_to_ai', undefined, state('open', 'ai', null)],
    ['return to the AI of a resolved conversation opens it', state('resolved', 'operator', 'Anna'), 'return_to_ai', undefined, state('open', 'ai', null)],
    ['an operator message takes the conversation from the AI', state('open', 'ai'), 'operator_message', 'Boris', state('open', 'operator', 'Boris')],
    ['an operator message answers a pending handoff', state('handoff_pending', 'ai'), 'operator_message', null, state('open', 'operator', null)],
    ['an operator message with another name changes the operator', state('open', 'operator', 'Anna'), 'operator_message', 'Boris', state('open', 'operator', 'Boris')],
    ['close keeps mode and operator', state('open', 'operator', 'Anna'), 'close', undefined, state('closed', 'operator', 'Anna')],
    ['close of a pending handoff', state('handoff_pending', 'ai'), 'close', undefined, state('closed', 'ai', null)],
    ['a handoff from the AI', state('open', 'ai'), 'handoff', undefined, state('handoff_pending', 'ai', null)],
    ['a customer reopens a closed conversation with the AI', state('closed', 'operator', 'Anna'), 'customer_message', undefined, state('open', 'ai', null)],
    ['an unknown status counts as not closed', state('snoozed', 'ai'), 'takeover', 'Anna', state('open', 'operator', 'Anna')],
  ])('%s', (_, from, move, name, next) => {
    expect(nextState(from, move, name)).toEqual({ allowed: true, next, changed: true });
  });

  it.each<[string, ConversationState, ConversationMove]>([
    ['a handoff while one is pending', state('handoff_pending', 'ai'), 'handoff'],
    ['a customer message to an open conversation', state('open', 'operator', 'Anna'), 'customer_message'],
    ['a customer message to a pending handoff', state('handoff_pending', 'ai'), 'customer_message'],
    ['an operator message without a name from the operator already handling it', state('open', 'operator', 'Anna'), 'operator_message'],
  ])('%s changes nothing', (_, from, move) => {
    expect(nextState(from, move)).toEqual({ allowed: true, next: from, changed: false });
  });
});

describe('nextState: the refused moves', () => {
  it.each<[string, ConversationState, ConversationMove, RegExp]>([
    ['takeover while an operator handles it', state('open', 'operator', 'Anna'), 'takeover', /already handles/],
    ['return to the AI while the AI handles it', state('open', 'ai'), 'return_to_ai', /AI already handles/],
    ['a handoff while an operator handles it', state('open', 'operator'), 'handoff', /operator already handles/],
    ...(['takeover', 'return_to_ai', 'operator_message', 'close', 'handoff'] as ConversationMove[])
      .map((move): [string, ConversationState, ConversationMove, RegExp] => [`${move} of a closed conversation`, state('closed', move === 'return_to_ai' ? 'operator' : 'ai'), move, /closed/]),
  ])('%s', (_, from, move, reason) => {
    const outcome = nextState(from, move, 'Anna');
    expect(outcome.allowed).toBe(false);
    expect(!outcome.allowed && outcome.reason).toMatch(reason);
  });
});

describe('applyMove and reopenForCustomer', () => {
  const at = new Date('2026-11-22T10:00:00.000Z');
  const before = new Date('2026-11-22T09:00:00.000Z');

  it('writes the new state and bumps updated_at', () => {
    const c = { status: 'handoff_pending', mode: 'ai' as const, operatorName: undefined, updatedAt: before };
    expect(applyMove(c, 'takeover', at, 'Anna')).toBe(true);
    expect(c).toEqual({ status: 'open', mode: 'operator', operatorName: 'Anna', updatedAt: at });
  });

  it('a move that changes nothing leaves updated_at alone', () => {
    const c = { status: 'handoff_pending', mode: 'ai' as const, operatorName: null, updatedAt: before };
    expect(applyMove(c, 'handoff', at)).toBe(false);
    expect(c.updatedAt).toBe(before);
  });

  it('a refused move throws invalid_state naming the current state and changes nothing', () => {
    const c = { status: 'closed', mode: 'operator' as const, operatorName: 'Anna', updatedAt: before };
    let thrown: unknown;
    try {
      applyMove(c, 'return_to_ai', at);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({ code: 'invalid_state', detail: 'The conversation is closed. Its status is closed, its mode operator.' });
    expect(c).toEqual({ status: 'closed', mode: 'operator', operatorName: 'Anna', updatedAt: before });
  });

  it('reopenForCustomer reopens a closed conversation with the AI and answers true', () => {
    const c = { status: 'closed', mode: 'operator' as const, operatorName: 'Anna', updatedAt: before };
    expect(reopenForCustomer(c, at)).toBe(true);
    expect(c).toEqual({ status: 'open', mode: 'ai', operatorName: null, updatedAt: at });
  });

  it('reopenForCustomer leaves any other state as it is', () => {
    const c = { status: 'handoff_pending', mode: 'ai' as const, operatorName: null, updatedAt: before };
    expect(reopenForCustomer(c, at)).toBe(false);
    expect(c).toEqual({ status: 'handoff_pending', mode: 'ai', operatorName: null, updatedAt: before });
  });
});
