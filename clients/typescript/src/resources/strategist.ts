import { Resource, sent, keyed, unwrap, type Api, type Body, type Query, type WaitOptions, type WriteOptions } from '../resource.js';
import type { RequestOptions } from '../request-options.js';

export class StrategistReports extends Resource {
  list(query: Query<'getStrategistReports'> = {}, o: RequestOptions = {}) {
    return this.paged((cursor) => this.api.GET('/strategist/reports', { params: { query: { ...query, cursor } }, ...sent(o) }), query.cursor);
  }

  retrieve(id: string, o: RequestOptions = {}) {
    return unwrap(this.api.GET('/strategist/reports/{id}', { params: { path: { id } }, ...sent(o) }));
  }
}

export class StrategistTopics extends Resource {
  /** The queue, by trend_score descending. */
  list(query: Query<'getStrategistTopics'> = {}, o: RequestOptions = {}) {
    return this.paged((cursor) => this.api.GET('/strategist/topics', { params: { query: { ...query, cursor } }, ...sent(o) }), query.cursor);
  }

  retrieve(id: string, o: RequestOptions = {}) {
    return unwrap(this.api.GET('/strategist/topics/{id}', { params: { path: { id } }, ...sent(o) }));
  }

  /** Without generate: 200 the decision. With generate: the paid article.generation (202 OperationEnvelope, or 200 when done within wait). */
  approve(id: string, body: Body<'postStrategistTopicsByIdApprove'> = {}, o: WaitOptions = {}) {
    return unwrap(this.api.POST('/strategist/topics/{id}/approve', {
      params: { path: { id }, query: o.wait === undefined ? {} : { wait: o.wait }, header: keyed(o) }, body, ...sent(o),
    }));
  }

  reject(id: string, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/strategist/topics/{id}/reject', { params: { path: { id }, header: keyed(o) }, ...sent(o) }));
  }
}

export class StrategistActions extends Resource {
  list(query: Query<'getStrategistActions'> = {}, o: RequestOptions = {}) {
    return this.paged((cursor) => this.api.GET('/strategist/actions', { params: { query: { ...query, cursor } }, ...sent(o) }), query.cursor);
  }

  retrieve(id: string, o: RequestOptions = {}) {
    return unwrap(this.api.GET('/strategist/actions/{id}', { params: { path: { id } }, ...sent(o) }));
  }

  confirm(id: string, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/strategist/actions/{id}/confirm', { params: { path: { id }, header: keyed(o) }, ...sent(o) }));
  }

  cancel(id: string, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/strategist/actions/{id}/cancel', { params: { path: { id }, header: keyed(o) }, ...sent(o) }));
  }
}

export class StrategistSessions extends Resource {
  create(body: Body<'postStrategistSessions'> = {}, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/strategist/sessions', { params: { header: keyed(o) }, body, ...sent(o) }));
  }

  list(query: Query<'getStrategistSessions'> = {}, o: RequestOptions = {}) {
    return this.paged((cursor) => this.api.GET('/strategist/sessions', { params: { query: { ...query, cursor } }, ...sent(o) }), query.cursor);
  }

  retrieve(id: string, o: RequestOptions = {}) {
    return unwrap(this.api.GET('/strategist/sessions/{id}', { params: { path: { id } }, ...sent(o) }));
  }

  /** A paid chat turn (202 with an operation, or 200 when answered within wait). */
  sendTurn(id: string, body: Body<'postStrategistSessionsByIdTurns'>, o: WaitOptions = {}) {
    return unwrap(this.api.POST('/strategist/sessions/{id}/turns', {
      params: { path: { id }, query: o.wait === undefined ? {} : { wait: o.wait }, header: keyed(o) }, body, ...sent(o),
    }));
  }

  listTurns(id: string, query: Query<'getStrategistSessionsByIdTurns'> = {}, o: RequestOptions = {}) {
    return this.paged((cursor) => this.api.GET('/strategist/sessions/{id}/turns', { params: { path: { id }, query: { ...query, cursor } }, ...sent(o) }), query.cursor);
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
