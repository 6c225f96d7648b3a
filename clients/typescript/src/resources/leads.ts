import { Resource, sent, keyed, unwrap, type Body, type Query, type WriteOptions } from '../resource.js';
import type { RequestOptions } from '../request-options.js';

/** The version a change is made against: the lead's etag ('"3"'), its version (3), or '*'. */
export interface IfMatch {
  ifMatch: string | number;
}
const ifMatchHeader = (o: IfMatch & RequestOptions) => ({ 'If-Match': typeof o.ifMatch === 'number' ? `"${o.ifMatch}"` : o.ifMatch });

/** Leads, their scores and their follow-up tasks. */
export class Leads extends Resource {
  /** Ascending by (updated_at, id): a CRM sync keeps the last next_cursor or updated_at. */
  list(query: Query<'getLeads'> = {}, o: RequestOptions = {}) {
    return this.paged((cursor) => this.api.GET('/leads', { params: { query: { ...query, cursor } }, ...sent(o) }), query.cursor);
  }

  create(body: Body<'postLeads'>, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/leads', { params: { header: keyed(o) }, body, ...sent(o) }));
  }

  retrieve(id: string, o: RequestOptions = {}) {
    return unwrap(this.api.GET('/leads/{id}', { params: { path: { id } }, ...sent(o) }));
  }

  /** A change against the version read (If-Match): another version is 412 (ConflictError, problem.current_version). */
  update(id: string, body: Body<'patchLeadsById'>, o: IfMatch & RequestOptions) {
    return unwrap(this.api.PATCH('/leads/{id}', { params: { path: { id }, header: ifMatchHeader(o) }, body, ...sent(o) }));
  }

  score(id: string, body: Body<'postLeadsByIdScore'>, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/leads/{id}/score', { params: { path: { id }, header: keyed(o) }, body, ...sent(o) }));
  }

  listTasks(id: string, query: Query<'getLeadsByIdTasks'> = {}, o: RequestOptions = {}) {
    return this.paged((cursor) => this.api.GET('/leads/{id}/tasks', { params: { path: { id }, query: { ...query, cursor } }, ...sent(o) }), query.cursor);
  }

  createTask(id: string, body: Body<'postLeadsByIdTasks'>, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/leads/{id}/tasks', { params: { path: { id }, header: keyed(o) }, body, ...sent(o) }));
  }

  completeTask(id: string, taskId: string, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/leads/{id}/tasks/{task_id}/complete', { params: { path: { id, task_id: taskId }, header: keyed(o) }, ...sent(o) }));
  }
}
