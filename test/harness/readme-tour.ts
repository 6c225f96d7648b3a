/**
 * The shell blocks of the README and of the guides as the tour test runs them: every ```sh
 * (or ```bash, ```shell) block of each document, in order, documents in the order of
 * TOUR_DOCUMENTS, except those marked as a synopsis (an HTML comment `<!-- synopsis ... -->` on
 * the line before the fence, blank lines aside).
 */

export interface ShellBlock {
  /** 1-based line, in its document, of the block's first line of code. */
  line: number;
  lines: string[];
}

/** The README, then the guides: each goes on in the shell the ones before it left ($BASE, $KEY, ...). */
export const TOUR_DOCUMENTS = ['README.md', 'docs/integrating.md', 'docs/operating.md', 'docs/supporting.md', 'docs/developing.md'] as const;

const SHELL_FENCE = /^```(sh|bash|shell)\s*$/;

export function tourBlocks(markdown: string, name = 'README.md'): ShellBlock[] {
  const all = markdown.split('\n');
  const blocks: ShellBlock[] = [];
  for (let i = 0; i < all.length; i++) {
    if (!all[i]!.startsWith('```')) continue;
    const end = all.findIndex((l, j) => j > i && l.trimEnd() === '```');
    if (end < 0) throw new Error(`${name} line ${i + 1}: a code block that never ends`);
    if (SHELL_FENCE.test(all[i]!)) {
      let before = i - 1;
      while (before >= 0 && all[before]!.trim() === '') before--;
      if (before < 0 || !/^<!--\s*synopsis\b/.test(all[before]!.trim())) blocks.push({ line: i + 2, lines: all.slice(i + 1, end) });
    }
    i = end;
  }
  return blocks;
}

/**
 * The status codes a command announces: three-digit codes in the comments of its logical line
 * (the lines joined by a trailing backslash) around line `line` of its document.
 */
export function announcedStatuses(docLines: string[], line: number): Set<string> {
  let first = line - 1;
  while (first > 0 && docLines[first - 1]!.endsWith('\\')) first--;
  let last = line - 1;
  while (last < docLines.length - 1 && docLines[last]!.endsWith('\\')) last++;
  const codes = new Set<string>();
  for (const text of docLines.slice(first, last + 1)) {
    const comment = /\s#\s(.*)$/.exec(text)?.[1] ?? '';
    for (const m of comment.matchAll(/\b([1-5]\d\d)\b/g)) codes.add(m[1]!);
  }
  return codes;
}
