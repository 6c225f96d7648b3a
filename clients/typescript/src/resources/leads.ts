import { Resource, keyed, unwrap, type Body, type Query, type WriteOptions } from '../resource.js';

/** The version a change is made against: the lead's etag ('"3"'), its version (3), or '*'. */
export interface IfMatch {
  ifMatch: string | number;
}
const ifMatchHeader = (o: IfMatch) => ({ 'If-Match': typeof o.ifMatch === 'number' ? `"${o.ifMatch}"` : o.ifMatch });

/** Leads, their scores and their follow-up tasks. */
export class Leads extends Resource {
  /** Ascending by (updated_at, id): a CRM sync keeps the last next_cursor or updated_at. */
  list(query: Query<'getLeads'> = {}) {
    return this.paged((cursor) => this.api.GET('/leads', { params: { query: { ...query, cursor } } }), query.cursor);
  }

  create(body: Body<'postLeads'>, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/leads', { params: { header: keyed(o) }, body }));
  }

  retrieve(id: string) {
    return unwrap(this.api.GET('/leads/{id}', { params: { path: { id } } }));
  }

  /** A change against the version read (If-Match): another version is 412 (ConflictError, problem.current_version). */
  update(id: string, body: Body<'patchLeadsById'>, o: IfMatch) {
    return unwrap(this.api.PATCH('/leads/{id}', { params: { path: { id }, header: ifMatchHeader(o) }, body }));
  }

  score(id: string, body: Body<'postLeadsByIdScore'>, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/leads/{id}/score', { params: { path: { id }, header: keyed(o) }, body }));
  }

  listTasks(id: string, query: Query<'getLeadsByIdTasks'> = {}) {
    return this.paged((cursor) => this.api.GET('/leads/{id}/tasks', { params: { path: { id }, query: { ...query, cursor } } }), query.cursor);
  }

  createTask(id: string, body: Body<'postLeadsByIdTasks'>, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/leads/{id}/tasks', { params: { path: { id }, header: keyed(o) }, body }));
  }

  completeTask(id: string, taskId: string, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/leads/{id}/tasks/{task_id}/complete', { params: { path: { id, task_id: taskId }, header: keyed(o) } }));
  }
}
