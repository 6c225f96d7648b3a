import { describe, expect, it } from '@jest/globals';
import { documentLivemode, stampLivemode } from '../../src/http/livemode.js';

describe('livemode on answers', () => {
  it('is added to the object an answer carries and to each object of its data list, not deeper', () => {
    expect(stampLivemode({ id: 'c1', card: { id: 'k1' } }, false)).toEqual({ id: 'c1', card: { id: 'k1' }, livemode: false });
    expect(stampLivemode({ data: [{ id: 'a' }, { id: 'b', nested: { id: 'n' } }], next_cursor: null }, true))
      .toEqual({ data: [{ id: 'a', livemode: true }, { id: 'b', nested: { id: 'n' }, livemode: true }], next_cursor: null });
  });

  it('leaves answers without objects as they are: figures, a livemode already said, text and buffers', () => {
    const figures = { data: [{ date: '2026-11-01', value: 3 }] };
    expect(stampLivemode(figures, false)).toEqual(figures);
    expect(stampLivemode({ id: 'evt_1', livemode: true }, false)).toEqual({ id: 'evt_1', livemode: true });
    expect(stampLivemode('text', false)).toBe('text');
    const buffer = Buffer.from('{}');
    expect(stampLivemode(buffer, false)).toBe(buffer);
  });

  it('is documented, optional, on every object schema with an id and on an answer\'s data items', () => {
    const components = { Card: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false } };
    const page = { type: 'object', properties: { data: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } } } };
    documentLivemode(components, [page]);
    expect(components.Card.properties).toHaveProperty('livemode', expect.objectContaining({ type: 'boolean' }));
    expect(components.Card.required).toEqual(['id']);
    expect(page.properties.data.items.properties).toHaveProperty('livemode');
  });
});
