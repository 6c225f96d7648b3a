import { request as httpRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIPv6 } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { WebhookSettings } from '../../config/webhooks.js';
import { resolveSubscriberHost, UrlRefused } from '../webhooks/resolver.js';
import { pinnedLookup } from '../webhooks/sender.js';

/**
 * Reads a bound site's sitemap for the overview's sitemap_health (docs/decisions.md "Issue 27:
 * sitemap_health"). Every request goes through the webhooks' address rules: the host must be
 * a name, every address it resolves to must pass the address policy (WEBHOOK_RESOLVE and
 * WEBHOOK_ALLOW_PRIVATE_NETWORKS act as they do for webhooks, in development and tests only),
 * and the connection is pinned to the checked address. Bounded: bytes per document, URLs,
 * sitemaps of an index (followed one level), redirects, and one time budget for the whole read.
 */

export type SitemapSettings = Pick<WebhookSettings, 'resolve' | 'allowPrivateNetworks'>;

export const SITEMAP_LIMITS = {
  /** Bytes of one sitemap document (after gunzip). */
  documentBytes: 5 * 1024 * 1024,
  robotsBytes: 64 * 1024,
  /** URLs counted over all the documents read (the protocol's limit of one sitemap). */
  urls: 50_000,
  /** Sitemaps of an index read. */
  childSitemaps: 20,
  redirects: 3,
  /** The whole read: robots.txt, the sitemap and its children. */
  budgetMs: 8_000,
};
export type SitemapLimits = typeof SITEMAP_LIMITS;

export type SitemapErrorCode = 'blocked_address' | 'unreachable' | 'timeout' | 'http_error' | 'not_xml' | 'not_a_sitemap' | 'too_big';

export class SitemapError extends Error {
  constructor(readonly code: SitemapErrorCode, message: string) {
    super(message);
  }
}

export interface SitemapRead {
  /** The sitemap read (where the redirects ended). */
  sitemapUrl: string;
  /** Declared by a Sitemap: line of robots.txt (else /sitemap.xml at the site's address). */
  declared: boolean;
  /** <url> entries counted. */
  urlCount: number;
  /** Documents parsed: the sitemap and the children of an index. */
  sitemapsRead: number;
  /** Some of the sitemap was not read (limits, a failing child, a nested index): an absent URL may be there. */
  truncated: boolean;
  /** What was not read, and why (at most 5). */
  warnings: string[];
  /** The keys of `wanted` (urlKey) met in the sitemap. */
  found: Set<string>;
}

/**
 * The comparison key of a page address: host without `www.`, lower case, non-default port,
 * path without trailing slashes, and the query. Scheme and fragment aside: http and https of
 * one page are the same page to a reader of the dashboard.
 */
export function urlKey(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return `${hostKey(url)}${url.pathname.replace(/\/+$/, '') || '/'}${url.search}`;
}

export const hostKey = (url: URL): string => `${url.hostname.toLowerCase().replace(/^www\./, '')}${url.port ? `:${url.port}` : ''}`;

const parser = new XMLParser({
  ignoreAttributes: true, removeNSPrefix: true, parseTagValue: false, ignoreDeclaration: true, ignorePiTags: true,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

/** The <loc> of each <url> (urlset) or <sitemap> (sitemapindex) of a document. */
export function parseSitemap(body: Buffer, maxBytes: number): { kind: 'urlset' | 'index'; locs: string[] } {
  let bytes = body;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: maxBytes });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new SitemapError('too_big', `the sitemap is larger than ${maxBytes} bytes once unzipped`);
      throw new SitemapError('not_xml', 'the sitemap is gzip that does not unzip');
    }
  }
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new SitemapError('not_xml', `the sitemap is not XML (line ${valid.err.line}: ${valid.err.msg})`);
  const doc = parser.parse(text) as Record<string, { url?: { loc?: unknown }[]; sitemap?: { loc?: unknown }[] } | undefined>;
  const locs = (entries: { loc?: unknown }[] | undefined) => (entries ?? []).map((e) => (typeof e?.loc === 'string' ? e.loc.trim() : '')).filter(Boolean);
  if (doc.urlset !== undefined) return { kind: 'urlset', locs: locs(typeof doc.urlset === 'object' ? doc.urlset.url : undefined) };
  if (doc.sitemapindex !== undefined) return { kind: 'index', locs: locs(typeof doc.sitemapindex === 'object' ? doc.sitemapindex.sitemap : undefined) };
  throw new SitemapError('not_a_sitemap', 'the document is XML but neither a <urlset> nor a <sitemapindex>');
}

interface Answer {
  status: number;
  location: string | undefined;
  body: Buffer;
}

/** The site's own port, or the scheme's default one; http(s) only, no credentials. */
function checkTarget(target: URL, site: URL): void {
  if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new SitemapError('blocked_address', `${target.protocol} addresses are not read`);
  if (target.username || target.password) throw new SitemapError('blocked_address', 'an address with credentials is not read');
  if (target.port !== '' && !(target.hostname === site.hostname && target.port === site.port)) {
    throw new SitemapError('blocked_address', `port ${target.port} is not read (the scheme's default port, or the bound site's own)`);
  }
}

const CONNECTION_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused', ECONNRESET: 'connection reset', EHOSTUNREACH: 'host unreachable', ENETUNREACH: 'host unreachable',
  EPIPE: 'connection reset', ETIMEDOUT: 'timeout',
};

/** One GET through the address rules, pinned to the checked address; the body up to `maxBytes`. */
async function get(target: URL, site: URL, maxBytes: number, deadline: number, settings: SitemapSettings): Promise<Answer> {
  checkTarget(target, site);
  const left = () => deadline - Date.now();
  let address: string;
  try {
    const resolved = await Promise.race([
      resolveSubscriberHost(target.hostname, settings),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), Math.max(0, left())).unref()),
    ]);
    if (!resolved) throw new SitemapError('timeout', `no answer from ${target.hostname} within the time limit`);
    address = resolved[0]!;
  } catch (err) {
    if (!(err instanceof UrlRefused)) throw err;
    throw new SitemapError(/does not resolve/.test(err.message) ? 'unreachable' : 'blocked_address', `${target.hostname}: ${err.message}`);
  }
  const https = target.protocol === 'https:';
  const options: RequestOptions = {
    method: 'GET', host: target.hostname, port: target.port || (https ? 443 : 80), path: `${target.pathname}${target.search}`,
    headers: { 'User-Agent': 'PublicApi-Sitemaps/1', Accept: 'application/xml, text/xml;q=0.9, */*;q=0.1' },
    agent: false, lookup: pinnedLookup(address, isIPv6(address) ? 6 : 4),
    ...(https ? { servername: target.hostname } : {}),
  };
  return new Promise<Answer>((resolve, reject) => {
    let settled = false;
    const finish = (err: SitemapError | null, answer?: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (err) {
        req.destroy();
        reject(err);
      } else resolve(answer!);
    };
    const timer = setTimeout(() => finish(new SitemapError('timeout', `${target.href} did not answer within the time limit`)), Math.max(0, left()));
    const req = (https ? httpsRequest : httpRequest)(options, (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      if (status < 200 || status >= 300) {
        res.resume();
        return finish(null, { status, location: res.headers.location, body: Buffer.alloc(0) });
      }
      if (Number(res.headers['content-length'] ?? 0) > maxBytes) return finish(new SitemapError('too_big', `${target.href} is larger than ${maxBytes} bytes`));
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) finish(new SitemapError('too_big', `${target.href} is larger than ${maxBytes} bytes`));
        else chunks.push(chunk);
      });
      res.on('end', () => finish(null, { status, location: undefined, body: Buffer.concat(chunks) }));
      res.on('error', () => finish(new SitemapError('unreachable', `${target.href}: the answer broke off`)));
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      const code = err.code ?? '';
      const reason = CONNECTION_ERRORS[code] ?? (/CERT|TLS|SSL/.test(code) ? `certificate error (${code})` : `connection error (${code || err.message.slice(0, 80)})`);
      finish(new SitemapError(reason === 'timeout' ? 'timeout' : 'unreachable', `${target.origin}: ${reason}`));
    });
    req.end();
  });
}

/** A GET that follows up to `limits.redirects` redirects, each hop checked again. */
async function getFollowing(start: URL, site: URL, maxBytes: number, deadline: number, settings: SitemapSettings, limits: SitemapLimits): Promise<{ url: URL; answer: Answer }> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const answer = await get(url, site, maxBytes, deadline, settings);
    if (answer.status < 300 || answer.status >= 400 || !answer.location) return { url, answer };
    if (hop >= limits.redirects) throw new SitemapError('http_error', `${start.href} redirects more than ${limits.redirects} times`);
    try {
      url = new URL(answer.location, url);
    } catch {
      throw new SitemapError('http_error', `${url.href} redirects to an invalid address`);
    }
  }
}

/** The first Sitemap: line of robots.txt, or null (no robots.txt, none declared, or robots.txt too big to read). */
async function declaredSitemap(site: URL, deadline: number, settings: SitemapSettings, limits: SitemapLimits): Promise<URL | null> {
  let got: { url: URL; answer: Answer };
  try {
    got = await getFollowing(new URL('/robots.txt', site), site, limits.robotsBytes, deadline, settings, limits);
  } catch (err) {
    if (err instanceof SitemapError && (err.code === 'too_big' || err.code === 'http_error')) return null;
    throw err;
  }
  if (got.answer.status !== 200) return null;
  for (const line of got.answer.body.toString('utf8').split(/\r?\n/)) {
    const m = /^\s*sitemap\s*:\s*(\S+)/i.exec(line);
    if (m && URL.canParse(m[1]!, got.url.href)) return new URL(m[1]!, got.url);
  }
  return null;
}

/** Reads the site's sitemap (robots.txt's, else /sitemap.xml), noting which `wanted` keys it lists. Throws SitemapError. */
export async function readSitemap(siteUrl: string, wanted: ReadonlySet<string>, settings: SitemapSettings, limits: SitemapLimits = SITEMAP_LIMITS): Promise<SitemapRead> {
  const site = new URL(siteUrl);
  const deadline = Date.now() + limits.budgetMs;
  const declared = await declaredSitemap(site, deadline, settings, limits);
  const first = declared ?? new URL('/sitemap.xml', site);
  const read: SitemapRead = { sitemapUrl: first.href, declared: declared !== null, urlCount: 0, sitemapsRead: 0, truncated: false, warnings: [], found: new Set() };
  const warn = (text: string) => {
    read.truncated = true;
    if (read.warnings.length < 5) read.warnings.push(text);
  };
  const document = async (url: URL) => {
    const got = await getFollowing(url, site, limits.documentBytes, deadline, settings, limits);
    if (got.answer.status !== 200) throw new SitemapError('http_error', `${got.url.href} answered HTTP ${got.answer.status}`);
    read.sitemapsRead++;
    return { url: got.url, ...parseSitemap(got.answer.body, limits.documentBytes) };
  };
  const count = (locs: string[]) => {
    for (const loc of locs) {
      if (read.urlCount >= limits.urls) {
        warn(`more than ${limits.urls} URLs: the first ${limits.urls} were read`);
        return;
      }
      read.urlCount++;
      const key = urlKey(loc);
      if (key && wanted.has(key)) read.found.add(key);
    }
  };
  const top = await document(first);
  read.sitemapUrl = top.url.href;
  if (top.kind === 'urlset') {
    count(top.locs);
    return read;
  }
  if (top.locs.length > limits.childSitemaps) warn(`the index lists ${top.locs.length} sitemaps: the first ${limits.childSitemaps} were read`);
  for (const loc of top.locs.slice(0, limits.childSitemaps)) {
    if (read.urlCount >= limits.urls) break;
    if (Date.now() >= deadline) {
      warn('the time limit was reached before every sitemap of the index was read');
      break;
    }
    if (!URL.canParse(loc, top.url.href)) {
      warn(`the index lists an invalid address: ${loc.slice(0, 200)}`);
      continue;
    }
    try {
      const child = await document(new URL(loc, top.url));
      if (child.kind === 'index') warn(`${child.url.href} is an index inside the index: not followed (one level only)`);
      else count(child.locs);
    } catch (err) {
      if (!(err instanceof SitemapError)) throw err;
      warn(`${loc.slice(0, 200)}: ${err.message}`);
    }
  }
  return read;
}
