import type { Em } from '../../db/em.js';
import { nearDuplicateOf } from '../strategist/near-duplicates.js';

/** The strategist topic a pulse alert leads to (GET /strategist/topics/{id} has the rest). */
export interface PulseTopic {
  id: string;
  title: string;
  status: string;
  source: string;
}

/** The fields of an alert a topic is linked through (pulse.ts's PulseAlert has them). */
export interface TopicLinked {
  keyword: string;
  topic_id: string | null;
  topic_name: string;
  strategist_topic: PulseTopic | null;
}

/** How many of the tenant's newest topics an alert is matched against. */
const TOPICS_MATCHED = 500;

interface TopicRow { id: string; title: string; status: string; source: string; expires_at: Date | null }

/**
 * Links each alert to the strategist topic proposed for its keyword: the newest topic of the
 * tenant, neither rejected nor a duplicate, whose title is the keyword (case aside) or
 * near-duplicates it (the rule the topic queue itself uses). topic_name becomes the topic's title.
 * A proposed topic past its expires_at shows as expired, as GET /strategist/topics shows it.
 */
export async function linkPulseTopics<A extends TopicLinked>(em: Em, tenantId: string, alerts: A[], now: Date): Promise<A[]> {
  if (!alerts.length) return alerts;
  const rows = await em.execute<TopicRow[]>(
    `select id, title, status, source, expires_at from strategist_topics
      where tenant_id = ? and title is not null and status not in ('rejected', 'duplicate')
      order by created_at desc, id desc limit ${TOPICS_MATCHED}`,
    [tenantId],
  );
  if (!rows.length) return alerts;
  const byTitle = new Map<string, TopicRow>();
  // Newest first: the first topic of a title is the one linked.
  for (const r of rows) if (!byTitle.has(r.title.toLowerCase())) byTitle.set(r.title.toLowerCase(), r);
  return alerts.map((a) => {
    const topic = byTitle.get(a.keyword.toLowerCase()) ?? byTitle.get(nearDuplicateOf(a.keyword, byTitle.keys())?.toLowerCase() ?? '');
    if (!topic) return a;
    const expired = topic.status === 'proposed' && topic.expires_at !== null && new Date(topic.expires_at) <= now;
    return {
      ...a, topic_id: topic.id, topic_name: topic.title,
      strategist_topic: { id: topic.id, title: topic.title, status: expired ? 'expired' : topic.status, source: topic.source },
    };
  });
}
