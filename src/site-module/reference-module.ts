import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The reference site module (the far side of the site-module protocol, docs/decisions.md
 * "Articles"): it beats, polls the platform for jobs with its site token, writes each article
 * as a real page of its own small blog (`/blog/<slug>`), and reports the result. A draft job
 * is kept unpublished (applied without an address); a slug that another article's page holds
 * is a conflict. Run by `bin/site-module`; the publication tests run it in-process.
 */

interface Job {
  id: string;
  article_id: string;
  version: number;
  publish_mode: 'draft' | 'publish' | null;
  title: string;
  slug: string | null;
  html: string;
  meta_description: string | null;
  locale: string | null;
}

interface Page {
  articleId: string;
  title: string;
  html: string;
  description: string | null;
  locale: string | null;
  draft: boolean;
}

interface PlatformAnswer {
  pending_jobs?: number;
  data?: Job[];
}

export interface ReferenceModuleOptions {
  /** The platform's origin, e.g. http://127.0.0.1:3000. */
  platformOrigin: string;
  /** The token bin/ctl site bind printed; may be set after start() (the site's address is the blog's origin). */
  siteToken?: string;
  /** Where the blog listens; 0 = a free port. */
  port?: number;
  host?: string;
}

export type JobResult =
  | { result: 'applied'; published_url?: string }
  | { result: 'conflict' | 'failed'; reason: string };

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class ReferenceModule {
  private readonly pages = new Map<string, Page>();
  private server?: Server;
  origin = '';
  siteToken: string;

  constructor(private readonly o: ReferenceModuleOptions) {
    this.siteToken = o.siteToken ?? '';
  }

  /** Starts the blog's HTTP server. */
  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const slug = /^\/blog\/([a-z0-9-]+)$/.exec(req.url ?? '')?.[1];
      const page = slug ? this.pages.get(slug) : undefined;
      if (!page || page.draft) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; img-src https: http:; style-src 'unsafe-inline'" });
      res.end(`<!doctype html><html lang="${escapeHtml(page.locale ?? 'en')}"><head><meta charset="utf-8"><title>${escapeHtml(page.title)}</title>`
        + `${page.description ? `<meta name="description" content="${escapeHtml(page.description)}">` : ''}</head>`
        + `<body><main><h1>${escapeHtml(page.title)}</h1>${page.html}</main></body></html>`);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.o.port ?? 0, this.o.host ?? '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.origin = `http://${this.o.host ?? '127.0.0.1'}:${port}`;
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private async platform(method: string, path: string, body?: unknown): Promise<{ status: number; body: PlatformAnswer }> {
    const res = await fetch(`${this.o.platformOrigin}/api/site-module${path}`, {
      method, headers: { authorization: `Bearer ${this.siteToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as PlatformAnswer };
  }

  /** The hourly heartbeat; answers how many jobs wait. */
  async heartbeat(): Promise<number> {
    const res = await this.platform('POST', '/heartbeat');
    if (res.status !== 200) throw new Error(`heartbeat answered ${res.status}`);
    return res.body.pending_jobs ?? 0;
  }

  /** One poll: fetches the pending jobs, applies each, reports each result. Answers how many were reported. */
  async pollOnce(): Promise<number> {
    const res = await this.platform('GET', '/jobs');
    if (res.status !== 200) throw new Error(`jobs answered ${res.status}`);
    let reported = 0;
    for (const job of res.body.data ?? []) {
      const answer = await this.platform('POST', `/jobs/${job.id}/result`, this.apply(job));
      if (answer.status === 202) reported++;
    }
    return reported;
  }

  /** Writes the page; what the platform is told. */
  private apply(job: Job): JobResult {
    const slug = job.slug ?? job.article_id;
    const held = this.pages.get(slug);
    if (held && held.articleId !== job.article_id) return { result: 'conflict', reason: `The page /blog/${slug} belongs to another article.` };
    const draft = job.publish_mode === 'draft';
    this.pages.set(slug, { articleId: job.article_id, title: job.title, html: job.html, description: job.meta_description, locale: job.locale, draft });
    return draft ? { result: 'applied' } : { result: 'applied', published_url: `${this.origin}/blog/${slug}` };
  }
}
