/**
 * The README's shell blocks as the tour test runs them: every ```sh block from "## A short
 * tour" to the end of the file, in order, except those marked as a synopsis (an HTML comment
 * `<!-- synopsis ... -->` on the line before the fence).
 */

export interface ShellBlock {
  /** 1-based README line of the block's first line of code. */
  line: number;
  lines: string[];
}

export const TOUR_START = '## A short tour';

export function tourBlocks(readme: string): ShellBlock[] {
  const all = readme.split('\n');
  const start = all.findIndex((l) => l.trim() === TOUR_START);
  if (start < 0) throw new Error(`README.md has no "${TOUR_START}" heading`);
  const blocks: ShellBlock[] = [];
  for (let i = start; i < all.length; i++) {
    if (all[i] !== '```sh') continue;
    const end = all.indexOf('```', i + 1);
    if (end < 0) throw new Error(`README.md line ${i + 1}: a sh block that never ends`);
    let before = i - 1;
    while (before > start && all[before]!.trim() === '') before--;
    if (!/^<!--\s*synopsis\b/.test(all[before]!.trim())) blocks.push({ line: i + 2, lines: all.slice(i + 1, end) });
    i = end;
  }
  return blocks;
}

/**
 * The status codes a command of the README announces: three-digit codes in the comments of
 * its logical line (the lines joined by a trailing backslash) around README line `line`.
 */
export function announcedStatuses(readmeLines: string[], line: number): Set<string> {
  let first = line - 1;
  while (first > 0 && readmeLines[first - 1]!.endsWith('\\')) first--;
  let last = line - 1;
  while (last < readmeLines.length - 1 && readmeLines[last]!.endsWith('\\')) last++;
  const codes = new Set<string>();
  for (const text of readmeLines.slice(first, last + 1)) {
    const comment = /\s#\s(.*)$/.exec(text)?.[1] ?? '';
    for (const m of comment.matchAll(/\b([1-5]\d\d)\b/g)) codes.add(m[1]!);
  }
  return codes;
}
