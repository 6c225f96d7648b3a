/**
 * Names through the redaction (issue 41 item 7): the labelled corpus of
 * test/fixtures/redaction/ (generated, split into tune and holdout before any rule was written)
 * through redactCustomerText with no contact names (a customer the tenant does not know yet).
 * Per cell: recall (a name is fully redacted when none of its words of two letters or more is
 * left in the answer), and false positives (a negative altered at all; a message with a name
 * where a word outside the name was taken). Run by hand: bin/bench-names [tune|holdout] [--misses].
 * Prints Markdown for docs/benchmarks.md; --misses lists what was missed (use it on tune only).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { redactCustomerText } from '../../src/domain/privacy/redaction.js';
import type { Cell } from '../../src/config.js';

interface Item {
  id: string;
  cell: Cell;
  lang: string;
  script: 'latin' | 'cyrillic';
  kind: 'intro' | 'signature' | 'mid' | 'negative';
  text: string;
  names: { start: number; end: number; text: string }[];
}

const half = process.argv.find((a) => a === 'tune' || a === 'holdout') ?? 'holdout';
const showMisses = process.argv.includes('--misses');
/** Run from the repository's root (bin/bench-names does). */
const fixture = join(process.cwd(), 'test/fixtures/redaction', `names-${half}.json`);
const items = JSON.parse(readFileSync(fixture, 'utf8')) as Item[];

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const nameWords = (name: string) => name.split(/[^\p{L}'’-]+/u).filter((w) => [...w].length > 1);
const present = (word: string, text: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, 'iu').test(text);
/** The words of a text outside its name spans, in order, placeholders left out. */
function otherWords(text: string, spans: Item['names']): string[] {
  let rest = text;
  for (const s of [...spans].sort((a, b) => b.start - a.start)) rest = `${rest.slice(0, s.start)} ${rest.slice(s.end)}`;
  return [...rest.replace(/\[\w+\]/g, ' ').matchAll(WORD)].map(([w]) => w.replace(/[.]+$/, ''));
}

interface Tally { names: number; redacted: number; byScript: Record<string, [number, number]>; byKind: Record<string, [number, number]>; negatives: number; altered: number; collateral: number; positives: number }
const tallies = new Map<Cell, Tally>();
const misses: string[] = [];
const started = performance.now();
for (const item of items) {
  const t = tallies.get(item.cell) ?? { names: 0, redacted: 0, byScript: {}, byKind: {}, negatives: 0, altered: 0, collateral: 0, positives: 0 };
  tallies.set(item.cell, t);
  const out = redactCustomerText(item.text, { cell: item.cell, contactNames: [] });
  if (!item.names.length) {
    t.negatives++;
    if (out !== item.text) {
      t.altered++;
      misses.push(`FP ${item.id}: ${JSON.stringify(item.text)} -> ${JSON.stringify(out)}`);
    }
    continue;
  }
  t.positives++;
  for (const n of item.names) {
    const left = nameWords(n.text).filter((w) => present(w, out));
    t.names++;
    const ok = left.length === 0;
    if (ok) t.redacted++;
    for (const [map, k] of [[t.byScript, item.script], [t.byKind, item.kind]] as const) {
      const cell = (map[k] ??= [0, 0]);
      cell[0] += ok ? 1 : 0;
      cell[1]++;
    }
    if (!ok) misses.push(`MISS ${item.id} [${left.join(' ')}]: ${JSON.stringify(out)}`);
  }
  const after = new Map<string, number>();
  for (const w of otherWords(out, [])) after.set(w, (after.get(w) ?? 0) + 1);
  const taken = otherWords(item.text, item.names).filter((w) => {
    const n = after.get(w) ?? 0;
    after.set(w, n - 1);
    return n <= 0;
  });
  if (taken.length) {
    t.collateral++;
    misses.push(`COLLATERAL ${item.id} [${taken.join(' ')}]: ${JSON.stringify(item.text)} -> ${JSON.stringify(out)}`);
  }
}
const ms = performance.now() - started;

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '–');
const frac = ([a, b]: [number, number] | undefined = [0, 0]) => `${a}/${b} (${pct(a, b)})`;
const lines = [
  `Names through the redaction, ${half} half (${fixture.replace(/.*\/test\//, 'test/')}), no contact names; ${items.length} messages in ${ms.toFixed(0)} ms.`,
  '',
  '| cell | names fully redacted | Latin | Cyrillic | introductions | signatures | mid-sentence | negatives altered | messages with a name where another word was taken |',
  '|---|---|---|---|---|---|---|---|---|',
  ...[...tallies.entries()].map(([cell, t]) => `| ${cell} | ${frac([t.redacted, t.names])} | ${frac(t.byScript.latin)} | ${frac(t.byScript.cyrillic)} | ${frac(t.byKind.intro)} | ${frac(t.byKind.signature)} | ${frac(t.byKind.mid)} | ${frac([t.altered, t.negatives])} | ${frac([t.collateral, t.positives])} |`),
];
process.stdout.write(`${lines.join('\n')}\n`);
if (showMisses) process.stdout.write(`\n${misses.join('\n')}\n`);
