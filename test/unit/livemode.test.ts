import { describe, expect, it } from '@jest/globals';
import { documentLivemode, stampLivemode } from '../../src/http/livemode.js';

describe('livemode on answers', () => {
  it('is added to every object an answer carries, however deep, a {type, id} reference too', () => {
    expect(stampLivemode({ id: 'c1', card: { id: 'k1' } }, false)).toEqual({ id: 'c1', card: { id: 'k1', livemode: false }, livemode: false });
    expect(stampLivemode({ data: [{ id: 'a' }, { id: 'b', nested: { id: 'n' } }], next_cursor: null }, true))
      .toEqual({ data: [{ id: 'a', livemode: true }, { id: 'b', nested: { id: 'n', livemode: true }, livemode: true }], next_cursor: null });
    // The answer of POST /conversations/{id}/messages: no id of its own; message, reply, operation and its resource each say it.
    expect(stampLivemode({ message: { id: 'm' }, ai_reply: { status: 'replied' }, reply: { id: 'r' }, operation: { id: 'o', resource: { type: 'message', id: 'r' } } }, false))
      .toEqual({ message: { id: 'm', livemode: false }, ai_reply: { status: 'replied' }, reply: { id: 'r', livemode: false }, operation: { id: 'o', resource: { type: 'message', id: 'r', livemode: false }, livemode: false } });
  });

  it('leaves answers without objects as they are: figures, a livemode already said, text and buffers', () => {
    const figures = { data: [{ date: '2026-11-01', value: 3 }] };
    expect(stampLivemode(figures, false)).toEqual(figures);
    expect(stampLivemode({ id: 'evt_1', livemode: true, inner: { id: 'x' } }, false)).toEqual({ id: 'evt_1', livemode: true, inner: { id: 'x', livemode: false } });
    expect(stampLivemode('text', false)).toBe('text');
    const buffer = Buffer.from('{}');
    expect(stampLivemode(buffer, false)).toBe(buffer);
  });

  it('is documented, optional, on every object schema with an id, however deep, a reference too', () => {
    const components = { Card: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false } };
    const page = { type: 'object', properties: { data: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } } } };
    const reference = { type: 'object', properties: { type: { type: 'string' }, id: { type: 'string' } } };
    const turn = { type: 'object', properties: { reply: { anyOf: [{ type: 'object', properties: { id: { type: 'string' }, resource: reference } }, { type: 'null' }] } } };
    documentLivemode(components, [page, turn]);
    expect(components.Card.properties).toHaveProperty('livemode', expect.objectContaining({ type: 'boolean' }));
    expect(components.Card.required).toEqual(['id']);
    expect(page.properties.data.items.properties).toHaveProperty('livemode');
    expect(turn.properties.reply.anyOf[0]!.properties).toHaveProperty('livemode');
    expect(reference.properties).toHaveProperty('livemode', expect.objectContaining({ type: 'boolean' }));
  });
});
