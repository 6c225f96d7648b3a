import { request } from 'node:https';
import { isIPv6 } from 'node:net';
import type { Em } from '../../db/em.js';
import type { WebhookSettings } from '../../config/webhooks.js';
import { newId } from '../../ids.js';
import { checkSubscriberUrl, resolveSubscriberHost, UrlRefused } from '../webhooks/resolver.js';
import { pinnedLookup } from '../webhooks/sender.js';
import { queueCandidates, type Candidate } from './planner.js';

/**
 * Competitor sites (decisions: "Strategist: competitor topics"): the tenant lists them with
 * `bin/ctl competitors add`; a scan fetches each site's page and the same-site pages it links
 * to through the webhooks' SSRF rules, and proposes their titles and headings as topics with
 * every competitor's domain and name cut out. Competitors are never answered by the API.
 */
export interface Competitor {
  id: string;
  url: string;
  domain: string;
  name: string | null;
}

/** Pages fetched per competitor: its page and the same-site pages it links to. */
const PAGES_PER_SITE = 10;
const PAGE_BYTES = 1024 * 1024;
const TOPICS_PER_SITE = 10;

export class CompetitorRefused extends Error {}

export async function addCompetitor(em: Em, tenantId: string, url: string, name: string | null, now: Date): Promise<Competitor> {
  let checked: URL;
  try {
    checked = checkSubscriberUrl(url);
  } catch (err) {
    throw new CompetitorRefused(`--url ${(err as Error).message}`);
  }
  const domain = checked.hostname.toLowerCase().replace(/^www\./, '');
  const [row] = await em.execute<Competitor[]>(
    `insert into strategist_competitors (id, tenant_id, url, domain, name, created_at) values (?, ?, ?, ?, ?, ?)
     on conflict (tenant_id, domain) do update set url = excluded.url, name = coalesce(excluded.name, strategist_competitors.name)
     returning id, url, domain, name`, [newId(), tenantId, checked.toString(), domain, name, now]);
  return row!;
}

export function listCompetitors(em: Em, tenantId: string): Promise<Competitor[]> {
  return em.execute<Competitor[]>('select id, url, domain, name from strategist_competitors where tenant_id = ? order by domain', [tenantId]);
}

export async function removeCompetitor(em: Em, tenantId: string, domainOrUrl: string): Promise<boolean> {
  let domain = domainOrUrl.toLowerCase();
  try {
    domain = new URL(domainOrUrl).hostname.toLowerCase();
  } catch {
    // a bare domain
  }
  const rows = await em.execute<{ id: string }[]>('delete from strategist_competitors where tenant_id = ? and domain = ? returning id', [tenantId, domain.replace(/^www\./, '')]);
  return rows.length > 0;
}

/** GETs one page through the SSRF rules (https, port 443, checked and pinned address, no redirects); null when it cannot. */
export async function fetchPage(url: string, settings: Pick<WebhookSettings, 'timeoutMs' | 'resolve' | 'allowPrivateNetworks'>): Promise<string | null> {
  let target: URL;
  let address: string;
  try {
    target = checkSubscriberUrl(url);
    address = (await resolveSubscriberHost(target.hostname, settings))[0]!;
  } catch (err) {
    if (err instanceof UrlRefused) return null;
    throw err;
  }
  return new Promise((resolve) => {
    const req = request({
      method: 'GET', host: target.hostname, servername: target.hostname, port: 443, path: `${target.pathname}${target.search}`,
      headers: { 'User-Agent': 'PublicApi-Strategist/1', Accept: 'text/html' }, lookup: pinnedLookup(address, isIPv6(address) ? 6 : 4), timeout: settings.timeoutMs,
    }, (res) => {
      if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) >= 300) {
        res.resume();
        return resolve(null);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        // Over the bound: no page (not its first megabyte; the destroyed response may still end).
        if (size > PAGE_BYTES) {
          resolve(null);
          req.destroy();
        } else chunks.push(c);
      });
      res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      res.on('error', () => resolve(null));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
    req.end();
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
const text = (html: string) => html.replace(/<[^>]*>/g, ' ')
  .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => (e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : ENTITIES[e.toLowerCase()] ?? m))
  .replace(/\s+/g, ' ').trim();

/** A page's title and h1–h3 headings, and the same-site pages it links to. */
export function readPage(html: string, base: URL): { headings: string[]; links: string[] } {
  const body = html.replace(/<!--[\s\S]*?-->/g, '').replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, '');
  const headings = [...body.matchAll(/<(title|h[1-3])\b[^>]*>([\s\S]*?)<\/\1\s*>/gi)].map((m) => text(m[2]!)).filter(Boolean);
  const links = new Set<string>();
  for (const m of body.matchAll(/<a\b[^>]*\bhref\s*=\s*["']([^"']+)["']/gi)) {
    try {
      const link = new URL(m[1]!.replace(/&amp;/g, '&'), base);
      link.hash = '';
      if (link.hostname === base.hostname && link.protocol === 'https:') links.add(link.toString());
    } catch {
      // not a link
    }
  }
  return { headings, links: [...links] };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A heading with every competitor's domain, its first label and its name cut out, and the separators they leave. */
export function withoutCompetitors(heading: string, competitors: Competitor[]): string {
  const names = competitors.flatMap((c) => [c.domain, `www.${c.domain}`, c.domain.split('.')[0]!, ...(c.name ? [c.name] : [])]).filter((n) => n.length >= 3)
    .sort((a, b) => b.length - a.length);
  let out = heading;
  for (const n of names) out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escape(n)}(?![\\p{L}\\p{N}])`, 'giu'), ' ');
  return out.replace(/\s+/g, ' ').replace(/^[\s|:·—–-]+|[\s|:·—–-]+$/g, '').replace(/\s*[|·—–]\s*(?=[|·—–]|$)/g, '').trim();
}

/** The candidates of one competitor's pages; a heading of fewer than two words is no topic. */
async function candidatesOf(site: Competitor, all: Competitor[], settings: Pick<WebhookSettings, 'timeoutMs' | 'resolve' | 'allowPrivateNetworks'>): Promise<Candidate[]> {
  const first = await fetchPage(site.url, settings);
  if (first === null) return [];
  const base = new URL(site.url);
  const { headings, links } = readPage(first, base);
  for (const link of links.filter((l) => l !== base.toString()).slice(0, PAGES_PER_SITE - 1)) {
    const page = await fetchPage(link, settings);
    if (page !== null) headings.push(...readPage(page, new URL(link)).headings);
  }
  const titles = [...new Set(headings.map((h) => withoutCompetitors(h, all)))].filter((t) => t.split(' ').length >= 2 && t.length <= 200);
  return titles.slice(0, TOPICS_PER_SITE).map((title) => ({ title, rationale: 'A competitor\'s site covers this subject.', trendScore: null }));
}

/** Fetches every competitor of the tenant (outside any transaction), then queues the topics in one. */
export async function scanCompetitors(em: Em, tenantId: string, settings: Pick<WebhookSettings, 'timeoutMs' | 'resolve' | 'allowPrivateNetworks'>, now: Date): Promise<{ sites: number; proposed: number; duplicate: number; skipped: number }> {
  const competitors = await listCompetitors(em, tenantId);
  const candidates: Candidate[] = [];
  for (const site of competitors) candidates.push(...await candidatesOf(site, competitors, settings));
  const counts = await em.transactional((tx) => queueCandidates(tx, tenantId, 'competitors', candidates, now));
  return { sites: competitors.length, ...counts };
}
