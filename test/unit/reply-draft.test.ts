import { describe, expect, it } from '@jest/globals';
import { visibleDraft } from '../../src/domain/ai-reply/reply-draft.js';

describe('the visible text of a draft', () => {
  it('has no card or handoff markers, in any spelling a model writes them', () => {
    expect(visibleDraft('Try Runner sneakers [CARD:runner] or [ card : Court ].')).toBe('Try Runner sneakers or.');
    expect(visibleDraft('A colleague will help. [HANDOFF]')).toBe('A colleague will help.');
  });

  it('hides a marker not finished yet, and shows a closed bracket that is no marker', () => {
    expect(visibleDraft('Try Runner sneakers [CA')).toBe('Try Runner sneakers');
    expect(visibleDraft('Try Runner sneakers [CARD:runn')).toBe('Try Runner sneakers');
    expect(visibleDraft('Sizes [36–45] in stock')).toBe('Sizes [36–45] in stock');
  });

  it('grows as the raw text grows, so pieces extend what was shown', () => {
    const raw = 'Here is what I can offer:\nRunner — 4 990 ₽ [CARD:runner]\nCourt — 5 990 ₽ [CARD:court]';
    let shown = '';
    for (let i = 1; i <= raw.length; i++) {
      const next = visibleDraft(raw.slice(0, i));
      if (!next.startsWith(shown)) throw new Error(`"${next}" does not extend "${shown}"`);
      shown = next;
    }
    expect(shown).toBe('Here is what I can offer:\nRunner — 4 990 ₽\nCourt — 5 990 ₽');
  });
});
