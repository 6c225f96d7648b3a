import type { BlogStore } from './blog-store.js';

/**
 * The reference site module (the far side of the site-module protocol, docs/decisions.md
 * "Articles"): it beats, polls the platform for jobs with its site token, writes each article
 * as a page of the demo shop's blog (a BlogStore the demo site serves at `/blog/<slug>`), and
 * reports the page's address. A draft job is kept unpublished (applied without an address); a
 * slug that another article's page holds is a conflict. Run by `bin/site-module`; the
 * publication tests run it in-process beside a demo site.
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

interface PlatformAnswer {
  site_id?: string;
  pending_jobs?: number;
  data?: Job[];
}

export interface ReferenceModuleOptions {
  /** The platform's origin, e.g. http://127.0.0.1:3000. */
  platformOrigin: string;
  /** The token bin/ctl site bind printed. */
  siteToken: string;
  /** Where the pages go. */
  blog: BlogStore;
  /** The address the site serves the blog under, e.g. http://localhost:3001 (the bound site's address). */
  siteUrl: string;
}

export type JobResult =
  | { result: 'applied'; published_url?: string }
  | { result: 'conflict' | 'failed'; reason: string };

export class ReferenceModule {
  private readonly siteOrigin: string;
  /** The site its token names, as the last heartbeat answered it (null before the first). */
  siteId: string | null = null;

  constructor(private readonly o: ReferenceModuleOptions) {
    this.siteOrigin = new URL(o.siteUrl).origin;
  }

  private async platform(method: string, path: string, body?: unknown): Promise<{ status: number; body: PlatformAnswer }> {
    const res = await fetch(`${this.o.platformOrigin}/api/site-module${path}`, {
      method, headers: { authorization: `Bearer ${this.o.siteToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as PlatformAnswer };
  }

  /** The hourly heartbeat; answers how many jobs wait. */
  async heartbeat(): Promise<number> {
    const res = await this.platform('POST', '/heartbeat');
    if (res.status !== 200) throw new Error(`heartbeat answered ${res.status}`);
    this.siteId = res.body.site_id ?? null;
    return res.body.pending_jobs ?? 0;
  }

  /** One poll: fetches the pending jobs, applies each, reports each result. Answers how many were reported. */
  async pollOnce(): Promise<number> {
    const res = await this.platform('GET', '/jobs');
    if (res.status !== 200) throw new Error(`jobs answered ${res.status}`);
    let reported = 0;
    for (const job of res.body.data ?? []) {
      const answer = await this.platform('POST', `/jobs/${job.id}/result`, await this.apply(job));
      if (answer.status === 200 || answer.status === 202) reported++;
    }
    return reported;
  }

  /** Writes the page; what the platform is told. */
  private async apply(job: Job): Promise<JobResult> {
    const slug = job.slug ?? job.article_id;
    const held = await this.o.blog.read(slug);
    if (held && held.article_id !== job.article_id) return { result: 'conflict', reason: `The page /blog/${slug} belongs to another article.` };
    const draft = job.publish_mode === 'draft';
    try {
      await this.o.blog.write(slug, { article_id: job.article_id, title: job.title, html: job.html, description: job.meta_description, locale: job.locale, draft });
    } catch (err) {
      return { result: 'failed', reason: `The page could not be written: ${(err as Error).message}` };
    }
    return draft ? { result: 'applied' } : { result: 'applied', published_url: `${this.siteOrigin}/blog/${slug}` };
  }
}
