import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';

/**
 * The demo shop's blog: one JSON file per page (`<dir>/<slug>.json`). The reference site
 * module writes it, the demo site (src/widget/demo-site.ts) serves it at `/blog/<slug>`; two
 * processes share it the way a CMS's module and its web server share the CMS's storage
 * (docs/adr/0017-articles.md, "The reference site module").
 */

export interface BlogPage {
  article_id: string;
  title: string;
  /** The article's HTML as the platform sent it (sanitized there). */
  html: string;
  description: string | null;
  locale: string | null;
  /** A draft is kept on the site but not served. */
  draft: boolean;
}

/** A page path segment, the platform's slug rule: never a path out of the store. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const isBlogSlug = (slug: string): boolean => SLUG.test(slug) && slug.length <= 200;

export class BlogStore {
  constructor(readonly dir: string) {}

  private file(slug: string): string {
    if (!isBlogSlug(slug)) throw new Error(`not a page slug: ${slug}`);
    return join(this.dir, `${slug}.json`);
  }

  /** The page at /blog/<slug>, else undefined. */
  async read(slug: string): Promise<BlogPage | undefined> {
    if (!isBlogSlug(slug)) return undefined;
    try {
      return JSON.parse(await readFile(this.file(slug), 'utf8')) as BlogPage;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  /** The slugs of the pages served (drafts aside), sorted: what the shop's sitemap lists. */
  async published(): Promise<string[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const slugs = names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length)).filter(isBlogSlug).sort();
    const pages = await Promise.all(slugs.map((slug) => this.read(slug)));
    return slugs.filter((_, i) => pages[i] && !pages[i].draft);
  }

  /** Writes the page whole (a temporary file renamed over it: a reader never sees half a page). */
  async write(slug: string, page: BlogPage): Promise<void> {
    const file = this.file(slug);
    await mkdir(this.dir, { recursive: true });
    const temporary = join(this.dir, `.${slug}.${randomUUID()}.tmp`);
    await writeFile(temporary, JSON.stringify(page));
    await rename(temporary, file);
  }
}
