import { describe, expect, it } from '@jest/globals';
import { ALL_EVENT_TYPES, EVENT_API_VERSION, isEventType } from '../../src/domain/events/event-types.js';
import { EVENTS, isKnownEventPattern, isPiiCapable } from '../../src/domain/events/catalogue.js';
import { bothWays } from '../harness/spec-routes.js';
import { BETA_EVENT_TYPES, KNOWN_EVENT_TYPES, SPEC_EVENT_TYPES, SPEC_PII_EVENT_FAMILIES } from '../harness/spec-events.js';

/** The event types the code knows, held against spec 01's table written out by hand (test/harness/spec-events.ts). */
describe('event types against spec 01 Events', () => {
  it('the code knows every subscribable type of the spec, and no other but the beta ones', () => {
    expect(bothWays(KNOWN_EVENT_TYPES, ALL_EVENT_TYPES)).toEqual({ missing: [], unexpected: [] });
    expect(bothWays(KNOWN_EVENT_TYPES, Object.keys(EVENTS))).toEqual({ missing: [], unexpected: [] });
    expect(BETA_EVENT_TYPES.filter((t) => (SPEC_EVENT_TYPES as readonly string[]).includes(t))).toEqual([]);
  });

  it('a subscription may name each type exactly or by its family pattern, and nothing unknown', () => {
    for (const type of KNOWN_EVENT_TYPES) {
      expect([type, isEventType(type), isKnownEventPattern(type), isKnownEventPattern(`${type.slice(0, type.indexOf('.'))}.*`)]).toEqual([type, true, true, true]);
    }
    expect([isKnownEventPattern('lead.deleted'), isKnownEventPattern('invoice.*'), isKnownEventPattern('*')]).toEqual([false, false, false]);
  });

  it('only lead.*, contact.* and conversation.* types may carry personal data (Payload modes 2)', () => {
    const capable = SPEC_EVENT_TYPES.filter((t) => isPiiCapable(t));
    expect(capable).toEqual(SPEC_EVENT_TYPES.filter((t) => (SPEC_PII_EVENT_FAMILIES as readonly string[]).includes(t.split('.')[0]!)));
    expect(capable).not.toContain('message.created');
  });

  it('the envelope carries api_version 2026-10-01 (Versioning 6)', () => {
    expect(EVENT_API_VERSION).toBe('2026-10-01');
  });
});
