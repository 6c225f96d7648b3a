import { Resource, sent, keyed, unwrap, type Body, type Query, type WaitOptions, type WriteOptions } from '../resource.js';
import type { RequestOptions } from '../request-options.js';

/** Articles: reading, editing, approval, publication and paid generation. */
export class Articles extends Resource {
  list(query: Query<'getArticles'> = {}, o: RequestOptions = {}) {
    return this.paged((cursor) => this.api.GET('/articles', { params: { query: { ...query, cursor } }, ...sent(o) }), query.cursor);
  }

  /** With its content in `format` (html by default, markdown, blocks) and its publication. */
  retrieve(id: string, query: Query<'getArticlesById'> = {}, o: RequestOptions = {}) {
    return unwrap(this.api.GET('/articles/{id}', { params: { path: { id }, query }, ...sent(o) }));
  }

  update(id: string, body: Body<'patchArticlesById'>, o: RequestOptions = {}) {
    return unwrap(this.api.PATCH('/articles/{id}', { params: { path: { id } }, body, ...sent(o) }));
  }

  approve(id: string, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/articles/{id}/approve', { params: { path: { id }, header: keyed(o) }, ...sent(o) }));
  }

  /** target connector (a bound site) or none (you publish, then confirm published_url with update). */
  publish(id: string, body: Body<'postArticlesByIdPublish'>, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/articles/{id}/publish', { params: { path: { id }, header: keyed(o) }, body, ...sent(o) }));
  }

  /** A paid article.generation operation (needs the editorial profile): client.operations.wait it. */
  generate(body: Body<'postArticlesGenerationJobs'>, o: WaitOptions = {}) {
    return unwrap(this.api.POST('/articles/generation-jobs', {
      params: { query: o.wait === undefined ? {} : { wait: o.wait }, header: keyed(o) }, body, ...sent(o),
    }));
  }

  retrieveGenerationJob(id: string, o: RequestOptions = {}) {
    return unwrap(this.api.GET('/articles/generation-jobs/{id}', { params: { path: { id } }, ...sent(o) }));
  }
}

/** The editorial profile generation needs (niche required). */
export class EditorialProfile extends Resource {
  retrieve(o: RequestOptions = {}) {
    return unwrap(this.api.GET('/editorial-profile', { ...sent(o) }));
  }

  update(body: Body<'putEditorialProfile'>, o: RequestOptions = {}) {
    return unwrap(this.api.PUT('/editorial-profile', { body, ...sent(o) }));
  }
}
