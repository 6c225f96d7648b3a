import type { TestApi } from '../harness/app.js';
import type { Caller } from '../harness/fixtures.js';
import { call, type Answer } from '../harness/http.js';
import { createArticle, type NewArticle } from '../../src/domain/articles/articles.js';
import { Article } from '../../src/entities/article.js';
import { bindSite } from '../../src/domain/articles/sites.js';

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

/** A call to the site module's routes (/api/site-module/...) with the site token. */
export const siteModuleCall = (api: TestApi, token: string, method: string, path: string, body?: unknown): Promise<Answer> =>
  call(api.base.replace(/\/api\/public\/v1$/, ''), method, `/api/site-module${path}`, { key: token, body });

/** A site bound to the caller's tenant (its id and token), working unless `beat` is false (its module has sent a heartbeat). */
export async function bindSiteOf(api: TestApi, who: Caller, o: { draftsOnly?: boolean; beat?: boolean } = {}) {
  const { services } = api;
  const site = await services.orm.em.fork().transactional((em) =>
    bindSite(em, { tenantId: who.tenantId, url: 'https://shop.example.com/any/path', draftsOnly: o.draftsOnly ?? false }, services.config.secrets.apiKeyPepper, services.clock.now()));
  if (o.beat !== false) {
    const beat = await siteModuleCall(api, site.site_token, 'POST', '/heartbeat');
    if (beat.status !== 200) throw new Error(`the heartbeat answered ${beat.status}: ${beat.text}`);
  }
  return site;
}
