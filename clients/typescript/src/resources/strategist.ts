import { Resource, keyed, unwrap, type Api, type Body, type Query, type WaitOptions, type WriteOptions } from '../resource.js';

export class StrategistReports extends Resource {
  list(query: Query<'getStrategistReports'> = {}) {
    return this.paged((cursor) => this.api.GET('/strategist/reports', { params: { query: { ...query, cursor } } }), query.cursor);
  }

  retrieve(id: string) {
    return unwrap(this.api.GET('/strategist/reports/{id}', { params: { path: { id } } }));
  }
}

export class StrategistTopics extends Resource {
  /** The queue, by trend_score descending. */
  list(query: Query<'getStrategistTopics'> = {}) {
    return this.paged((cursor) => this.api.GET('/strategist/topics', { params: { query: { ...query, cursor } } }), query.cursor);
  }

  retrieve(id: string) {
    return unwrap(this.api.GET('/strategist/topics/{id}', { params: { path: { id } } }));
  }

  /** Without generate: 200 the decision. With generate: the paid article.generation (202 OperationEnvelope, or 200 when done within wait). */
  approve(id: string, body: Body<'postStrategistTopicsByIdApprove'> = {}, o: WaitOptions = {}) {
    return unwrap(this.api.POST('/strategist/topics/{id}/approve', {
      params: { path: { id }, query: o.wait === undefined ? {} : { wait: o.wait }, header: keyed(o) }, body,
    }));
  }

  reject(id: string, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/strategist/topics/{id}/reject', { params: { path: { id }, header: keyed(o) } }));
  }
}

export class StrategistActions extends Resource {
  list(query: Query<'getStrategistActions'> = {}) {
    return this.paged((cursor) => this.api.GET('/strategist/actions', { params: { query: { ...query, cursor } } }), query.cursor);
  }

  retrieve(id: string) {
    return unwrap(this.api.GET('/strategist/actions/{id}', { params: { path: { id } } }));
  }

  confirm(id: string, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/strategist/actions/{id}/confirm', { params: { path: { id }, header: keyed(o) } }));
  }

  cancel(id: string, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/strategist/actions/{id}/cancel', { params: { path: { id }, header: keyed(o) } }));
  }
}

export class StrategistSessions extends Resource {
  create(body: Body<'postStrategistSessions'> = {}, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/strategist/sessions', { params: { header: keyed(o) }, body }));
  }

  list(query: Query<'getStrategistSessions'> = {}) {
    return this.paged((cursor) => this.api.GET('/strategist/sessions', { params: { query: { ...query, cursor } } }), query.cursor);
  }

  retrieve(id: string) {
    return unwrap(this.api.GET('/strategist/sessions/{id}', { params: { path: { id } } }));
  }

  /** A paid chat turn (202 with an operation, or 200 when answered within wait). */
  sendTurn(id: string, body: Body<'postStrategistSessionsByIdTurns'>, o: WaitOptions = {}) {
    return unwrap(this.api.POST('/strategist/sessions/{id}/turns', {
      params: { path: { id }, query: o.wait === undefined ? {} : { wait: o.wait }, header: keyed(o) }, body,
    }));
  }

  listTurns(id: string, query: Query<'getStrategistSessionsByIdTurns'> = {}) {
    return this.paged((cursor) => this.api.GET('/strategist/sessions/{id}/turns', { params: { path: { id }, query: { ...query, cursor } } }), query.cursor);
  }
}

/** The analytics strategist: reports, the topic queue, proposed actions, chat sessions. */
export class Strategist {
  readonly reports: StrategistReports;
  readonly topics: StrategistTopics;
  readonly actions: StrategistActions;
  readonly sessions: StrategistSessions;

  constructor(api: Api) {
    this.reports = new StrategistReports(api);
    this.topics = new StrategistTopics(api);
    this.actions = new StrategistActions(api);
    this.sessions = new StrategistSessions(api);
  }
}
