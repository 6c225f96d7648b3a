import type { RouteDefinition } from '../http/route.js';
import { accountRoutes } from './account/routes.js';
import { disclosureRoutes } from './disclosures/routes.js';
import { webhookRoutes } from './webhooks/routes.js';
import { cardRoutes } from './cards/routes.js';
import { conversationRoutes } from './conversations/routes.js';
import { postCustomerMessage } from './conversations/customer-message-route.js';
import { operationRoutes } from './operations/routes.js';
import { statusRoutes } from './status/routes.js';
import { leadRoutes } from './leads/routes.js';
import { articleRoutes } from './articles/routes.js';

/** Every route of the public API; each family file adds its list here. */
export const API_ROUTES: RouteDefinition[] = [...accountRoutes, ...disclosureRoutes, ...webhookRoutes, ...cardRoutes, ...conversationRoutes, postCustomerMessage, ...operationRoutes, ...statusRoutes, ...leadRoutes, ...articleRoutes];
