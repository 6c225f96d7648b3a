import { describe, expect, it } from '@jest/globals';
import { parseDraftNotice, type DraftNotice } from '../../src/domain/conversations/drafts.js';
import { catchUpDrafts } from '../../src/widget/live-drafts.js';
import { renderDraft } from '../../src/widget/stream-routes.js';

const C = '00000000-0000-4000-8000-00000000000c';
const M = '00000000-0000-4000-8000-000000000001';
const N = '00000000-0000-4000-8000-000000000002';
const d = (messageId: string, offset: number, text: string): DraftNotice => ({ conversationId: C, messageId, offset, text });
const gone = (messageId: string): DraftNotice => ({ conversationId: C, messageId, retracted: true });
const none = () => false;

describe('draft notices as the contract writes them', () => {
  it('a delta and a retraction parse (ids lowercased); anything else is null', () => {
    expect(parseDraftNotice(JSON.stringify({ conversation_id: C.toUpperCase(), message_id: M, offset: 3, text: 'lo' }))).toEqual(d(M, 3, 'lo'));
    expect(parseDraftNotice(JSON.stringify({ conversation_id: C, message_id: M, retracted: true }))).toEqual(gone(M));
    for (const bad of ['', 'x', 'null', '1', '[]', JSON.stringify({ conversation_id: C, message_id: M }),
      JSON.stringify({ conversation_id: C, message_id: M, offset: '0', text: 'a' }),
      JSON.stringify({ conversation_id: C, message_id: M, offset: 0, text: 1 }),
      JSON.stringify({ conversation_id: C, message_id: M, offset: 2 ** 53, text: 'a' }),
      JSON.stringify({ conversation_id: 'c', message_id: M, offset: 0, text: 'a' }),
      JSON.stringify({ conversation_id: C, message_id: `${M}x`, offset: 0, text: 'a' }),
      JSON.stringify({ conversation_id: C, message_id: M, retracted: 1 })]) expect(parseDraftNotice(bad)).toBeNull();
  });

  it('render as SSE events without an id line, on one line of JSON whatever the text holds', () => {
    expect(renderDraft({ type: 'delta', messageId: M, offset: 2, text: 'a\n\ndata: x\r' }))
      .toBe(`event: message:delta\ndata: {"message_id":"${M}","offset":2,"text":"a\\n\\ndata: x\\r"}\n\n`);
    expect(renderDraft({ type: 'retracted', messageId: M })).toBe(`event: message:retracted\ndata: {"message_id":"${M}"}\n\n`);
  });
});

describe("a stream's catch-up of drafts", () => {
  it('is each draft of the hash whole, at offset 0, unless the stream was sent the message as final', () => {
    const drafts = new Map([[M, 'Hello'], [N, 'Other']]);
    expect(catchUpDrafts(drafts, [], none)).toEqual([
      { type: 'delta', messageId: M, offset: 0, text: 'Hello' }, { type: 'delta', messageId: N, offset: 0, text: 'Other' },
    ]);
    expect(catchUpDrafts(drafts, [], (id) => id === M)).toEqual([{ type: 'delta', messageId: N, offset: 0, text: 'Other' }]);
  });

  it('skips deltas heard before the hash was read (the hash holds them), applies those after', () => {
    // Heard: "Hel", "lo" (both in the hash "Hello"), then " world" (after the read).
    const heard = [d(M, 0, 'Hel'), d(M, 3, 'lo'), d(M, 5, ' world')];
    expect(catchUpDrafts(new Map([[M, 'Hello']]), heard, none)).toEqual([{ type: 'delta', messageId: M, offset: 0, text: 'Hello world' }]);
    // All heard before the read: the hash's text, not cut back to "Hel".
    expect(catchUpDrafts(new Map([[M, 'Hello world']]), heard, none)).toEqual([{ type: 'delta', messageId: M, offset: 0, text: 'Hello world' }]);
    // A rewrite after the read.
    expect(catchUpDrafts(new Map([[M, 'Hello [']]), [d(M, 6, 'there')], none)).toEqual([{ type: 'delta', messageId: M, offset: 0, text: 'Hello there' }]);
  });

  it('a draft not in the hash starts at an offset-0 delta (others are ignored, as the client rule does); a retraction removes it', () => {
    expect(catchUpDrafts(new Map(), [d(M, 4, 'late'), d(M, 0, 'New'), d(M, 3, ' one')], none)).toEqual([{ type: 'delta', messageId: M, offset: 0, text: 'New one' }]);
    expect(catchUpDrafts(new Map([[M, 'Hello']]), [d(M, 5, '!'), gone(M)], none)).toEqual([]);
    // Retracted, then a new attempt from offset 0.
    expect(catchUpDrafts(new Map([[M, 'Hello']]), [gone(M), d(M, 0, 'Hi')], none)).toEqual([{ type: 'delta', messageId: M, offset: 0, text: 'Hi' }]);
  });
});
