import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

/**
 * Every link of the README, of docs/*.md and of the decision records (docs/adr/*.md) to a local file, a folder or a heading resolves:
 * the file exists, and an anchor is the GitHub slug of one of that document's headings.
 * Addresses with a scheme (https:, mailto:, ...) are not followed; code blocks and code spans
 * are not read for links.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const markdownIn = (dir: string): string[] => readdirSync(join(ROOT, dir)).filter((f) => f.endsWith('.md')).map((f) => `${dir}/${f}`);
const DOCUMENTS = ['README.md', ...markdownIn('docs'), ...markdownIn('docs/adr')];

/** The document without fenced code blocks and code spans (blanked, so line numbers stay). */
function prose(markdown: string): string[] {
  let fence = false;
  return markdown.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) { fence = !fence; return ''; }
    return fence ? '' : line.replace(/(`+)[\s\S]*?\1/g, '');
  });
}

/** GitHub's heading anchors: lower case, punctuation dropped (hyphens and underscores kept), spaces as hyphens, repeats numbered. */
function headingSlugs(markdown: string): Set<string> {
  const slugs = new Set<string>();
  const seen = new Map<string, number>();
  let fence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) { fence = !fence; continue; }
    const m = fence ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const text = m[1]!.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '');
    const base = text.toLowerCase().replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '').replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    slugs.add(n === 0 ? base : `${base}-${n}`);
  }
  return slugs;
}

interface Link { from: string; line: number; target: string }

function links(doc: string): Link[] {
  const found: Link[] = [];
  prose(readFileSync(join(ROOT, doc), 'utf8')).forEach((text, i) => {
    for (const m of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.push({ from: doc, line: i + 1, target: m[1]! });
    for (const m of text.matchAll(/<(?:img|a)\s[^>]*?(?:src|href)="([^"]+)"/g)) found.push({ from: doc, line: i + 1, target: m[1]! });
  });
  return found.filter((l) => !/^[a-z][a-z0-9+.-]*:/i.test(l.target));
}

function broken(link: Link): string | null {
  const [path, anchor] = link.target.split('#', 2) as [string, string | undefined];
  const file = path === '' ? join(ROOT, link.from) : join(ROOT, dirname(link.from), decodeURIComponent(path));
  const where = `${link.from}:${link.line} ${link.target}`;
  if (!relative(ROOT, file) || relative(ROOT, file).startsWith('..') || !existsSync(file)) return `${where}: no such file`;
  if (anchor === undefined) return null;
  if (!statSync(file).isFile() || !file.endsWith('.md')) return `${where}: an anchor into a file that is not Markdown`;
  return headingSlugs(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor)) ? null : `${where}: no heading with that anchor`;
}

describe('links in the README, docs/ and docs/adr/', () => {
  it('makes GitHub anchors of headings', () => {
    expect([...headingSlugs([
      '# Public Server API', '## A five-minute tour', "### The client's first call", '## Analytics: events, offline conversions, snapshots, reads',
      "### The workers' Temporal SDK (`WORKER_SDK_METRICS_PORT`)", '## GET /me/status at a backlog', '## Notes', '## Notes', '```sh', '# not a heading', '```',
    ].join('\n'))]).toEqual([
      'public-server-api', 'a-five-minute-tour', 'the-clients-first-call', 'analytics-events-offline-conversions-snapshots-reads',
      'the-workers-temporal-sdk-worker_sdk_metrics_port', 'get-mestatus-at-a-backlog', 'notes', 'notes-1',
    ]);
  });

  it('every link to a local file, folder or heading resolves', () => {
    const all = DOCUMENTS.flatMap(links);
    expect(all.length).toBeGreaterThan(20);
    expect(all.map(broken).filter((b) => b !== null)).toEqual([]);
  });
});
