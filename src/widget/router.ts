import Router from '@koa/router';
import type { Services } from '../services.js';
import { registerSessionRoutes } from './session-routes.js';
import { registerStreamRoutes } from './stream-routes.js';
import { registerWidgetAssets } from './assets.js';
import { registerPageviewRoute } from './pageview-route.js';

/**
 * The visitor chat on the cell origin (spec 01, Visitor chat routes; public, no API key):
 * /api/widget/* for the chat itself, /widget.js and /widget/* for the embeddable widget.
 * Only POST /api/widget/init answers cross-origin (CORS); the chat runs in an iframe served
 * from this origin, where every other call is same-origin.
 */
export function widgetRouter(services: Services): Router {
  const router = new Router();
  registerSessionRoutes(router, services);
  registerStreamRoutes(router, services);
  registerWidgetAssets(router, services);
  registerPageviewRoute(router, services);
  return router;
}
