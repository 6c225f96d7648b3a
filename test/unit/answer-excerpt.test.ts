import { describe, expect, it } from '@jest/globals';
import { ANSWER_EXCERPT_CHARS, answerExcerpt } from '../../src/domain/webhooks/sender.js';

describe('answerExcerpt: the start of a subscriber\'s error answer, for support', () => {
  it('is one line of text: control characters and runs of white space become one space', () => {
    expect(answerExcerpt(Buffer.from('  Upstream\r\n\tdown\u0000\u001b[31m!  '))).toBe('Upstream down [31m!');
  });

  it('keeps markup as text (escaped where shown) and cuts at ANSWER_EXCERPT_CHARS', () => {
    expect(answerExcerpt(Buffer.from('<b>x</b>'))).toBe('<b>x</b>');
    expect(answerExcerpt(Buffer.from('y'.repeat(1000)))).toBe('y'.repeat(ANSWER_EXCERPT_CHARS));
  });

  it('drops a character cut in half at the end, and is null for an empty or blank body', () => {
    const cut = Buffer.from('ok é').subarray(0, 4);
    expect(answerExcerpt(cut)).toBe('ok');
    expect(answerExcerpt(Buffer.alloc(0))).toBeNull();
    expect(answerExcerpt(Buffer.from(' \r\n '))).toBeNull();
  });
});
