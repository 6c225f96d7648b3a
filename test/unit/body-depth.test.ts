import { describe, expect, it } from '@jest/globals';
import { MAX_BODY_DEPTH, nestingDepth } from '../../src/http/body.js';

/** The linear scan that refuses deep bodies before JSON.parse (issue 25 item 5). */
describe('nestingDepth', () => {
  it.each([
    ['{}', 1],
    ['[]', 1],
    ['{"a":{"b":[1,{"c":2}]}}', 4],
    ['[[],[[]],[]]', 3],
    ['{"a":"[[[{{{"}', 1],
    ['{"a":"\\"[[[", "b":[]}', 2],
    ['{"a":"\\\\", "b":[[]]}', 3],
    ['{"\\u005b[":"]"}', 1],
    ['"[[["', 0],
  ])('%s is %i deep', (text, depth) => {
    expect(nestingDepth(text, 100)).toBe(depth);
    if (text.startsWith('{') || text.startsWith('[')) expect(() => JSON.parse(text)).not.toThrow();
  });

  it('stops once past the limit: the whole text is not read', () => {
    const deep = '['.repeat(1_000_000);
    expect(nestingDepth(deep, MAX_BODY_DEPTH)).toBe(MAX_BODY_DEPTH + 1);
  });

  it('counts the deepest point, not the last', () => {
    expect(nestingDepth(`${'['.repeat(40)}${']'.repeat(40)}[]`, MAX_BODY_DEPTH)).toBe(MAX_BODY_DEPTH + 1);
    expect(nestingDepth(`${'['.repeat(MAX_BODY_DEPTH)}${']'.repeat(MAX_BODY_DEPTH)}`, MAX_BODY_DEPTH)).toBe(MAX_BODY_DEPTH);
  });
});
