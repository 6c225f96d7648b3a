import { demoBlogPages } from '../domain/articles/demo-articles.js';
import { DEMO_TENANT_ID } from '../domain/provisioning/demo.js';
import type { BlogStore } from './blog-store.js';

/**
 * The demo shop's blog as it stands when the demo begins: the demo tenant's published demo
 * articles (src/domain/articles/demo-articles.ts), written as its site module would have written
 * them, under the platform article's id (so publishing one again updates its page). A page the
 * blog holds already is left as it is. bin/up's demo shop runs it at start.
 */
export async function seedDemoBlog(blog: BlogStore, tenantId: string = DEMO_TENANT_ID): Promise<void> {
  for (const { slug, page } of demoBlogPages(tenantId)) {
    if (!await blog.read(slug)) await blog.write(slug, page);
  }
}
