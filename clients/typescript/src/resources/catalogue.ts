import { Resource, keyed, unwrap, type Body, type Query, type WriteOptions } from '../resource.js';

/** Product cards the AI seller offers ([CARD:<code>]) and operators send. */
export class Cards extends Resource {
  list(query: Query<'getCards'> = {}) {
    return this.paged((cursor) => this.api.GET('/cards', { params: { query: { ...query, cursor } } }), query.cursor);
  }

  create(body: Body<'postCards'>, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/cards', { params: { header: keyed(o) }, body }));
  }

  retrieve(code: string) {
    return unwrap(this.api.GET('/cards/{code}', { params: { path: { code } } }));
  }

  update(code: string, body: Body<'patchCardsByCode'>) {
    return unwrap(this.api.PATCH('/cards/{code}', { params: { path: { code } }, body }));
  }

  del(code: string) {
    return unwrap(this.api.DELETE('/cards/{code}', { params: { path: { code } } }));
  }
}

/** Analytics reads (analytics:read). */
export class Analytics extends Resource {
  timeseries(query: Query<'getAnalyticsTimeseries'>) {
    return unwrap(this.api.GET('/analytics/timeseries', { params: { query } }));
  }

  funnel(query: Query<'getAnalyticsFunnel'>) {
    return unwrap(this.api.GET('/analytics/funnel', { params: { query } }));
  }

  trafficSources(query: Query<'getAnalyticsTrafficSources'>) {
    return this.paged((cursor) => this.api.GET('/analytics/traffic-sources', { params: { query: { ...query, cursor } } }), query.cursor);
  }

  visibility(query: Query<'getAnalyticsVisibility'>) {
    return this.paged((cursor) => this.api.GET('/analytics/visibility', { params: { query: { ...query, cursor } } }), query.cursor);
  }
}

/** Events your server saw and sales closed outside the site (analytics:write). */
export class Events extends Resource {
  send(body: Body<'postEvents'>, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/events', { params: { header: keyed(o) }, body }));
  }

  sendOfflineConversions(body: Body<'postOfflineConversions'>, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/offline-conversions', { params: { header: keyed(o) }, body }));
  }
}

/** Dashboard slices (dashboards:read). */
export class Dashboards extends Resource {
  overview(query: Query<'getDashboardsOverview'> = {}) {
    return unwrap(this.api.GET('/dashboards/overview', { params: { query } }));
  }

  pulse(query: Query<'getDashboardsPulse'> = {}) {
    return unwrap(this.api.GET('/dashboards/pulse', { params: { query } }));
  }
}
