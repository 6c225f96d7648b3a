import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { TOUR_DOCUMENTS, announcedStatuses, tourBlocks } from '../harness/readme-tour.js';

const README = [
  '# Title', '<!-- synopsis: runs until Ctrl-C -->', '```sh', 'bin/up', '```', '## A five-minute tour', '```sh', 'KEY=x', 'curl -s $BASE/me   # 401 invalid_api_key', '```',
  '```text', 'bin/ctl key issue [--cell ru|en]', '```', '<!-- synopsis: runs until Ctrl-C -->', '', '```sh', 'bin/ctl webhooks listen', '```',
  '```sh', 'curl -s -X POST $BASE/operations/$OP/cancel \\', '  -H "Authorization: Bearer $KEY"   # 200 canceled; 409 invalid_state once ended', 'curl -s $BASE/wallet', '```',
  '```js', 'const s = "```sh";', '```', '```bash', 'echo "$KEY"', '```',
].join('\n');

describe('the README tour test: which blocks run and which answers are announced', () => {
  it('takes every sh, bash or shell block of a document, in order, leaving out other blocks and those marked as a synopsis', () => {
    expect(tourBlocks(README)).toEqual([
      { line: 8, lines: ['KEY=x', 'curl -s $BASE/me   # 401 invalid_api_key'] },
      { line: 20, lines: ['curl -s -X POST $BASE/operations/$OP/cancel \\', '  -H "Authorization: Bearer $KEY"   # 200 canceled; 409 invalid_state once ended', 'curl -s $BASE/wallet'] },
      { line: 28, lines: ['echo "$KEY"'] },
    ]);
  });

  it('reads the statuses a command announces in its comment, over its continued lines, and none for a plain command', () => {
    const lines = README.split('\n');
    expect([...announcedStatuses(lines, 9)]).toEqual(['401']);
    expect([...announcedStatuses(lines, 20)].sort()).toEqual(['200', '409']);
    expect([...announcedStatuses(lines, 21)].sort()).toEqual(['200', '409']);
    expect([...announcedStatuses(lines, 22)]).toEqual([]);
  });

  it('runs the README and every guide: each exists, the README has runnable blocks, and a block it leaves out says why', () => {
    const root = new URL('../../', import.meta.url);
    for (const name of TOUR_DOCUMENTS) expect([name, existsSync(new URL(name, root))]).toEqual([name, true]);
    expect(tourBlocks(readFileSync(new URL('README.md', root), 'utf8')).length).toBeGreaterThanOrEqual(3);
    for (const name of TOUR_DOCUMENTS) {
      const lines = readFileSync(new URL(name, root), 'utf8').split('\n');
      const bare = lines.flatMap((l, i) => (/^<!--\s*synopsis\s*-->$/.test(l.trim()) ? [`${name}:${i + 1}`] : []));
      expect(bare).toEqual([]);
    }
  });
});
