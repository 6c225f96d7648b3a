import { describe, expect, it } from '@jest/globals';
import { printAnswer, wantsJson } from '../../src/cli/output.js';

/** bin/ctl's one way of printing an answer (issue 31 item 4): every command goes through it. */
describe('printAnswer', () => {
  const printed = (answer: Record<string, unknown>, json: boolean) => {
    const lines: string[] = [];
    printAnswer(answer, json, (l) => lines.push(l));
    return lines;
  };

  it('with --json: the answer as one line of JSON, whatever its shape', () => {
    expect(printed({ id: 'a', nested: { n: 1 }, list: [1, 2] }, true)).toEqual(['{"id":"a","nested":{"n":1},"list":[1,2]}']);
  });

  it('without: one key: value line per field, objects as JSON', () => {
    expect(printed({ id: 'a', done: true, nested: { n: 1 }, none: null }, false)).toEqual(['id: a', 'done: true', 'nested: {"n":1}', 'none: null']);
  });

  it('--json anywhere on the command line asks for JSON', () => {
    expect([wantsJson(['--json', 'demo', 'seed']), wantsJson(['site', 'list', '--json']), wantsJson(['site', 'list'])]).toEqual([true, true, false]);
  });
});
