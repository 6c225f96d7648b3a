import { describe, expect, it } from '@jest/globals';
import { orderingKeyOf } from '../../src/domain/events/outbox.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';
import { ALL_EVENT_TYPES, type EventType } from '../../src/domain/events/event-types.js';

const C = '11111111-1111-4111-8111-111111111111';
const L = '22222222-2222-4222-8222-222222222222';

/** The ordering key of an event as the catalogue shapes its data (docs/decisions.md, "Keyed events go out in order"). */
const keyOf = (type: EventType, data: Record<string, unknown>) => orderingKeyOf(type, data);

describe('the ordering key of an event', () => {
  it('is the conversation for its events and its messages', () => {
    expect(keyOf('conversation.created', EVENTS['conversation.created']({ conversation_id: C, contact_id: null, channel: 'website' }).data)).toBe(`conversation:${C}`);
    expect(keyOf('message.created', EVENTS['message.created']({ message_id: 'm', conversation_id: C, sender: 'customer' }).data)).toBe(`conversation:${C}`);
    // A handoff names its lead too: it is still the conversation's event.
    expect(keyOf('conversation.handoff_requested', EVENTS['conversation.handoff_requested']({ conversation_id: C, lead_id: L }).data)).toBe(`conversation:${C}`);
  });

  it('is the lead for its events and its tasks; a lead event names its conversation, and is still the lead\'s', () => {
    const lead = { lead_id: L, contact_id: null, conversation_id: C, version: 2 };
    expect(keyOf('lead.created', EVENTS['lead.created'](lead).data)).toBe(`lead:${L}`);
    expect(keyOf('lead.scored', EVENTS['lead.scored']({ ...lead, score: 1, level: 'cold', reason: null, flags: [] }).data)).toBe(`lead:${L}`);
    expect(keyOf('task.created', EVENTS['task.created']({ task_id: 't', lead_id: L }).data)).toBe(`lead:${L}`);
    expect(keyOf('task.completed', EVENTS['task.completed']({ task_id: 't', lead_id: null }).data)).toBeNull();
  });

  it('is none for the other families, and for data without the id', () => {
    const keyed = ALL_EVENT_TYPES.filter((t) => keyOf(t, { conversation_id: C, lead_id: L }) !== null);
    expect(keyed).toEqual(['conversation.created', 'conversation.handoff_requested', 'conversation.summary_ready', 'message.created',
      'lead.created', 'lead.updated', 'lead.scored', 'lead.status_changed', 'lead.action_requested', 'task.created', 'task.completed']);
    expect(keyOf('message.created', {})).toBeNull();
    expect(keyOf('lead.updated', { lead_id: '' })).toBeNull();
  });
});
