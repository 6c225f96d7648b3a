import type { TestApi } from '../support/app.js';
import type { Caller } from '../support/fixtures.js';
import { call, type Answer } from '../support/http.js';
import { createArticle, type NewArticle } from '../../src/domain/articles/articles.js';
import { Article } from '../../src/entities/article.js';

/** Shared by the articles*.test.ts files. */

/** An article written through the domain (as the generation or an import would), returning its id. */
export async function seedArticle(api: TestApi, who: Caller, input: Partial<NewArticle> = {}): Promise<string> {
  const now = api.services.clock.now();
  return api.services.orm.em.fork().transactional(async (em) => (await createArticle(em, who.tenantId, { title: 'A title', ...input }, now)).id);
}

/** Stores HTML as is, past the sanitizer and the limits: what an old import may have left. */
export async function storeRawHtml(api: TestApi, id: string, html: string): Promise<void> {
  await api.services.orm.em.fork().nativeUpdate(Article, { id }, { contentHtml: html });
}

export const getArticle = (api: TestApi, who: Caller, id: string, format?: string): Promise<Answer> =>
  call(api.base, 'GET', `/articles/${id}${format === undefined ? '' : `?format=${encodeURIComponent(format)}`}`, { key: who.apiKey });

export const patchArticle = (api: TestApi, who: Caller, id: string, body: unknown): Promise<Answer> =>
  call(api.base, 'PATCH', `/articles/${id}`, { key: who.apiKey, body });
