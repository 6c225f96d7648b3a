import { subscriptionRoutes } from './subscription-routes.js';
import { subscriptionActionRoutes } from './subscription-actions.js';
import { deliveryRoutes } from './delivery-routes.js';

/** Spec 01 "Webhook subscriptions", plus the additive redeliver route. */
export const webhookRoutes = [...subscriptionRoutes, ...subscriptionActionRoutes, ...deliveryRoutes];
