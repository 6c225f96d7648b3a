import type { Redis } from 'ioredis';
import type { Em, Orm } from '../../db/em.js';
import { hostKey, readSitemap, SitemapError, urlKey, type SitemapErrorCode, type SitemapLimits, type SitemapSettings, SITEMAP_LIMITS } from './sitemap-fetch.js';

/**
 * The sitemap health of one bound site, read at most every few minutes (docs/decisions.md
 * "Issue 27: sitemap_health"): the result is kept in Redis with its fetched_at; a request finds
 * it there, or starts one read (one per site at a time, across api processes) and waits for it a
 * bounded time. A read that takes longer goes on in the background: the request answers the
 * previous result if there is one, else `checking`.
 */

/** A result this fresh is answered as it is; an error is read again sooner. */
export const FRESH_MS = 10 * 60 * 1000;
export const ERROR_FRESH_MS = 2 * 60 * 1000;
/** What the overview waits for a read before it answers without it. */
export const WAIT_MS = 2_000;
/** Articles listed by name (the count has them all). */
const MISSING_SHOWN = 20;
/** Kept after it is stale, to answer while the next read runs. */
const KEEP_SECONDS = 24 * 3600;

export type SiteSitemapState = 'ok' | 'warning' | 'error' | 'checking';

export interface SiteSitemap {
  site_id: string;
  url: string;
  state: SiteSitemapState;
  sitemap_url: string | null;
  declared: boolean | null;
  fetched_at: string | null;
  url_count: number | null;
  sitemaps_read: number | null;
  truncated: boolean;
  warnings: string[];
  articles_checked: number | null;
  articles_missing: number | null;
  missing_articles: { id: string; title: string; published_url: string }[];
  articles_unverified: number | null;
  error: { code: SitemapErrorCode; message: string } | null;
}

export interface SitemapDeps {
  redis: Redis;
  orm: Orm;
  settings: SitemapSettings;
  now: () => Date;
  limits?: SitemapLimits;
  waitMs?: number;
}

interface SiteRow { id: string; tenant_id: string; url: string }

const cacheKey = (siteId: string) => `sitemap-health:${siteId}`;
const lockKey = (siteId: string) => `sitemap-health:reading:${siteId}`;

/** The tenant's published articles whose public address is on the site's host: their latest applied publication's address. */
async function articlesOn(em: Em, site: SiteRow): Promise<{ id: string; title: string; published_url: string; key: string }[]> {
  const rows = await em.execute<{ id: string; title: string; published_url: string }[]>(
    `select a.id, a.title, p.published_url from articles a
       join lateral (select published_url from publications p where p.article_id = a.id and p.state = 'applied' and p.published_url is not null
                      order by p.version desc limit 1) p on true
      where a.tenant_id = ? and a.status = 'published' order by a.published_at desc nulls last, a.id`,
    [site.tenant_id],
  );
  const host = hostKey(new URL(site.url));
  return rows.flatMap((r) => {
    const key = urlKey(r.published_url);
    return key && key.startsWith(`${host}/`) ? [{ ...r, key }] : [];
  });
}

const blank = (site: SiteRow): SiteSitemap => ({
  site_id: site.id, url: site.url, state: 'checking', sitemap_url: null, declared: null, fetched_at: null, url_count: null, sitemaps_read: null,
  truncated: false, warnings: [], articles_checked: null, articles_missing: null, missing_articles: [], articles_unverified: null, error: null,
});

/** Reads the site's sitemap now and judges its published articles against it. Never throws for the site's side of things. */
export async function checkSite(site: SiteRow, deps: SitemapDeps): Promise<SiteSitemap> {
  const articles = await articlesOn(deps.orm.em.fork(), site);
  const result = blank(site);
  try {
    const read = await readSitemap(site.url, new Set(articles.map((a) => a.key)), deps.settings, deps.limits ?? SITEMAP_LIMITS);
    const absent = articles.filter((a) => !read.found.has(a.key));
    // With part of the sitemap unread, an article not met may be in that part: unverified, not missing.
    const missing = read.truncated ? [] : absent;
    Object.assign(result, {
      state: missing.length || read.truncated ? 'warning' : 'ok', sitemap_url: read.sitemapUrl, declared: read.declared, url_count: read.urlCount,
      sitemaps_read: read.sitemapsRead, truncated: read.truncated, warnings: read.warnings,
      articles_checked: articles.length - (read.truncated ? absent.length : 0), articles_missing: missing.length,
      missing_articles: missing.slice(0, MISSING_SHOWN).map(({ id, title, published_url }) => ({ id, title, published_url })),
      articles_unverified: read.truncated ? absent.length : 0,
    });
  } catch (err) {
    if (!(err instanceof SitemapError)) throw err;
    Object.assign(result, { state: 'error', error: { code: err.code, message: err.message.slice(0, 300) } });
  }
  result.fetched_at = deps.now().toISOString();
  return result;
}

const fresh = (r: SiteSitemap, now: Date) => r.fetched_at !== null && now.getTime() - Date.parse(r.fetched_at) < (r.state === 'error' ? ERROR_FRESH_MS : FRESH_MS);

/** The reads running in this process, by site: a second request joins the first. */
const running = new Map<string, Promise<SiteSitemap | null>>();

async function cached(redis: Redis, siteId: string): Promise<SiteSitemap | null> {
  const text = await redis.get(cacheKey(siteId)).catch(() => null);
  return text ? JSON.parse(text) as SiteSitemap : null;
}

/** Reads the site (if no other process is reading it) and keeps the result; another process's read is awaited through the cache. */
function startRead(site: SiteRow, deps: SitemapDeps, budgetMs: number): Promise<SiteSitemap | null> {
  let run = running.get(site.id);
  if (run) return run;
  run = (async () => {
    // A Redis that does not answer does not stop the read: only the sharing between processes is lost.
    const mine = await deps.redis.set(lockKey(site.id), '1', 'PX', budgetMs + 5_000, 'NX').catch(() => 'OK');
    if (mine !== 'OK') {
      const until = Date.now() + budgetMs + 5_000;
      while (Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const other = await cached(deps.redis, site.id);
        if (other && fresh(other, deps.now())) return other;
      }
      return null;
    }
    try {
      const result = await checkSite(site, deps);
      await deps.redis.set(cacheKey(site.id), JSON.stringify(result), 'EX', KEEP_SECONDS).catch(() => undefined);
      return result;
    } finally {
      await deps.redis.del(lockKey(site.id)).catch(() => undefined);
    }
  })().catch(() => null).finally(() => running.delete(site.id));
  running.set(site.id, run);
  return run;
}

/** The site's sitemap health within `waitMs`: fresh from the cache, a read finished in time, the previous result, or `checking`. */
export async function sitemapOf(site: SiteRow, deps: SitemapDeps): Promise<SiteSitemap> {
  const previous = await cached(deps.redis, site.id);
  if (previous && previous.url === site.url && fresh(previous, deps.now())) return previous;
  const run = startRead(site, deps, (deps.limits ?? SITEMAP_LIMITS).budgetMs);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), deps.waitMs ?? WAIT_MS);
  });
  const result = await Promise.race([run, late]).finally(() => clearTimeout(timer));
  return result ?? (previous?.url === site.url ? previous : blank(site));
}
