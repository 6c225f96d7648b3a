import { postEventsRoute, postOfflineConversionsRoute } from './ingest-routes.js';
import { funnelRoute, timeseriesRoute } from './read-routes.js';
import { trafficSourcesRoute, visibilityRoute } from './report-routes.js';

/** Issue 13: ingestion (spec 01 Planned "events and offline conversions") and the analytics reads. */
export const analyticsRoutes = [postEventsRoute, postOfflineConversionsRoute, timeseriesRoute, funnelRoute, trafficSourcesRoute, visibilityRoute];
