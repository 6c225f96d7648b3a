import { Resource, sent, keyed, unwrap, type Body, type Query, type WriteOptions } from '../resource.js';
import type { RequestOptions } from '../request-options.js';

/** Product cards the AI seller offers ([CARD:<code>]) and operators send. */
export class Cards extends Resource {
  list(query: Query<'getCards'> = {}, o: RequestOptions = {}) {
    return this.paged((cursor) => this.api.GET('/cards', { params: { query: { ...query, cursor } }, ...sent(o) }), query.cursor);
  }

  create(body: Body<'postCards'>, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/cards', { params: { header: keyed(o) }, body, ...sent(o) }));
  }

  retrieve(code: string, o: RequestOptions = {}) {
    return unwrap(this.api.GET('/cards/{code}', { params: { path: { code } }, ...sent(o) }));
  }

  update(code: string, body: Body<'patchCardsByCode'>, o: RequestOptions = {}) {
    return unwrap(this.api.PATCH('/cards/{code}', { params: { path: { code } }, body, ...sent(o) }));
  }

  del(code: string, o: RequestOptions = {}) {
    return unwrap(this.api.DELETE('/cards/{code}', { params: { path: { code } }, ...sent(o) }));
  }
}

/** Analytics reads (analytics:read). */
export class Analytics extends Resource {
  timeseries(query: Query<'getAnalyticsTimeseries'>, o: RequestOptions = {}) {
    return unwrap(this.api.GET('/analytics/timeseries', { params: { query }, ...sent(o) }));
  }

  funnel(query: Query<'getAnalyticsFunnel'>, o: RequestOptions = {}) {
    return unwrap(this.api.GET('/analytics/funnel', { params: { query }, ...sent(o) }));
  }

  trafficSources(query: Query<'getAnalyticsTrafficSources'>, o: RequestOptions = {}) {
    return this.paged((cursor) => this.api.GET('/analytics/traffic-sources', { params: { query: { ...query, cursor } }, ...sent(o) }), query.cursor);
  }

  visibility(query: Query<'getAnalyticsVisibility'>, o: RequestOptions = {}) {
    return this.paged((cursor) => this.api.GET('/analytics/visibility', { params: { query: { ...query, cursor } }, ...sent(o) }), query.cursor);
  }
}

/** Events your server saw and sales closed outside the site (analytics:write). */
export class Events extends Resource {
  send(body: Body<'postEvents'>, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/events', { params: { header: keyed(o) }, body, ...sent(o) }));
  }

  sendOfflineConversions(body: Body<'postOfflineConversions'>, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/offline-conversions', { params: { header: keyed(o) }, body, ...sent(o) }));
  }
}

/** Dashboard slices (dashboards:read). */
export class Dashboards extends Resource {
  overview(query: Query<'getDashboardsOverview'> = {}, o: RequestOptions = {}) {
    return unwrap(this.api.GET('/dashboards/overview', { params: { query }, ...sent(o) }));
  }

  pulse(query: Query<'getDashboardsPulse'> = {}, o: RequestOptions = {}) {
    return unwrap(this.api.GET('/dashboards/pulse', { params: { query }, ...sent(o) }));
  }
}
