/**
 * From the strategist's queue to a published article: approve the first proposed topic with
 * generate (a paid article.generation operation, followed with client.operations.wait), approve
 * the generated draft, hand it off (target none: you publish it on your site), then confirm the
 * address it got: the article is published and article.published is sent.
 *
 *   SALES_CHAT_API_KEY=sk_... SALES_CHAT_BASE_URL=http://127.0.0.1:3000/api/public/v1 \
 *   SITE=https://shop.example.com node examples/article-from-topic.ts
 */
import { pathToFileURL } from 'node:url';
import { SalesChat, type Article } from '@sales-chat/client';

export type Log = (line: string) => void;

export async function articleFromTopic(client: SalesChat, site: string, log: Log = console.log): Promise<Article | null> {
  // Generation writes to the editorial profile's brief; it must exist first (409 editorial_profile_required).
  await client.editorialProfile.update({ niche: 'Home furniture', audience: 'first-time flat owners', tone: 'friendly', locale: 'en' });
  const { data: [topic] } = await client.strategist.topics.list({ status: 'proposed', limit: 1 });
  if (!topic) {
    log('no proposed topic in the queue');
    return null;
  }
  log(`topic ${topic.id.slice(0, 8)}: "${topic.title}" (trend ${topic.trend_score ?? 'not scored'})`);
  // Keys from the intent (this topic, this article): run again after a crash, it orders and pays for one generation.
  const approved = await client.strategist.topics.approve(topic.id, { generate: true }, { wait: 20, idempotencyKey: `generate-topic-${topic.id}` });
  if (!('operation' in approved)) throw new Error('approve with generate answers an operation');
  const generation = await client.operations.wait(approved);
  if (generation.status !== 'succeeded' || !generation.resource) throw new Error(`generation ${generation.status}: ${generation.error?.code ?? ''}`);
  log(`generated: operation ${generation.id.slice(0, 8)} succeeded, charged ${generation.usage?.cost.amount} ${generation.usage?.cost.currency}`);
  const job = await client.articles.retrieveGenerationJob(generation.resource.id);
  const articleId = job.article_id!;
  const draft = await client.articles.retrieve(articleId, { format: 'markdown' });
  log(`draft ${articleId.slice(0, 8)}: "${draft.title}", ${draft.word_count} words, status ${draft.status}`);
  await client.articles.approve(articleId, { idempotencyKey: `approve-article-${articleId}` });
  await client.articles.publish(articleId, { target: 'none' }, { idempotencyKey: `publish-article-${articleId}` });
  // Your CMS publishes the page; then the address is confirmed.
  const url = `${site.replace(/\/$/, '')}/blog/${draft.slug ?? articleId}`;
  await client.articles.update(articleId, { published_url: url });
  const article = await client.articles.retrieve(articleId);
  log(`published: ${article.status} at ${article.publication?.published_url ?? url}`);
  return article;
}

async function main(): Promise<void> {
  const client = new SalesChat({ apiKey: process.env.SALES_CHAT_API_KEY!, baseUrl: process.env.SALES_CHAT_BASE_URL! });
  await articleFromTopic(client, process.env.SITE ?? 'https://shop.example.com');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
