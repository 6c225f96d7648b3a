import type { Em } from '../../db/em.js';
import { similarity, titleWords } from './near-duplicates.js';

/**
 * Topic clusters (docs/decisions.md, "Topic clusters"): a new topic joins the cluster of the
 * oldest topic of the tenant it is related to, else it starts one of its own (its cluster_id is
 * its id). Related: at least half their words shared (the near-duplicate rule's measure, with a
 * lower bar), or every word of one in the other ("trail shoes" and "best trail shoes for
 * winter"). Words as the near-duplicate rule reads them: lowercased, stemmed, function words out.
 */
export const RELATED = 0.5;

/** How many of the tenant's topics, oldest first, a new topic is compared with. */
const COMPARED = 2000;

export function related(a: string, b: string): boolean {
  const x = titleWords(a);
  const y = titleWords(b);
  if (!x.size || !y.size) return false;
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  return similarity(x, y) >= RELATED || [...small].every((w) => large.has(w));
}

/** The cluster a topic titled `title` joins, or null when it starts its own. */
export async function clusterFor(em: Em, tenantId: string, title: string | null): Promise<string | null> {
  if (!title) return null;
  const rows = await em.execute<{ cluster: string; title: string }[]>(
    `select coalesce(cluster_id, id) as cluster, title from strategist_topics where tenant_id = ? and title is not null
      order by created_at, id limit ${COMPARED}`,
    [tenantId],
  );
  return rows.find((r) => related(title, r.title))?.cluster ?? null;
}
