import type { RouteDefinition } from '../http/route.js';
import { accountRoutes } from './account/routes.js';
import { disclosureRoutes } from './disclosures/routes.js';
import { webhookRoutes } from './webhooks/routes.js';

/** Every route of the public API; each family file adds its list here. */
export const API_ROUTES: RouteDefinition[] = [...accountRoutes, ...disclosureRoutes, ...webhookRoutes];
