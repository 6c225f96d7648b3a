import { describe, expect, it } from '@jest/globals';
import { announcedStatuses, tourBlocks } from '../support/readme-tour.js';

const README = [
  '# Title', '```sh', 'bin/up', '```', '## A short tour', '```sh', 'KEY=x', 'curl -s $BASE/me   # 401 invalid_api_key', '```',
  '```text', 'bin/ctl key issue [--cell ru|en]', '```', '<!-- synopsis: runs until Ctrl-C -->', '```sh', 'bin/ctl webhooks listen', '```',
  '```sh', 'curl -s -X POST $BASE/operations/$OP/cancel \\', '  -H "Authorization: Bearer $KEY"   # 200 canceled; 409 invalid_state once ended', 'curl -s $BASE/wallet', '```',
].join('\n');

describe('the README tour test: which blocks run and which answers are announced', () => {
  it('takes the sh blocks from "A short tour" on, in order, leaving out text blocks and those marked as a synopsis', () => {
    expect(tourBlocks(README)).toEqual([
      { line: 7, lines: ['KEY=x', 'curl -s $BASE/me   # 401 invalid_api_key'] },
      { line: 18, lines: ['curl -s -X POST $BASE/operations/$OP/cancel \\', '  -H "Authorization: Bearer $KEY"   # 200 canceled; 409 invalid_state once ended', 'curl -s $BASE/wallet'] },
    ]);
  });

  it('reads the statuses a command announces in its comment, over its continued lines, and none for a plain command', () => {
    const lines = README.split('\n');
    expect([...announcedStatuses(lines, 8)]).toEqual(['401']);
    expect([...announcedStatuses(lines, 18)].sort()).toEqual(['200', '409']);
    expect([...announcedStatuses(lines, 19)].sort()).toEqual(['200', '409']);
    expect([...announcedStatuses(lines, 20)]).toEqual([]);
  });
});
