import type { Client } from '@temporalio/client';
import type { Services } from '../../services.js';
import { cancelDeliveryWorkflow, signalRecheck } from '../../temporal/deliveries.js';

/** Signals at a time: a subscription may hold thousands of deliveries. */
const AT_ONCE = 20;

async function notify(services: Services, deliveryIds: readonly string[], send: (client: Client, id: string) => Promise<void>): Promise<void> {
  if (!deliveryIds.length) return;
  const client = await services.temporal.client();
  for (let i = 0; i < deliveryIds.length; i += AT_ONCE) {
    await Promise.all(deliveryIds.slice(i, i + AT_ONCE).map((id) => send(client, id)));
  }
}

/** A subscription set active again: its held deliveries look at their hold now, not at their next re-check. */
export const resumeHeldDeliveries = (services: Services, ids: readonly string[]) => notify(services, ids, signalRecheck);

/** A subscription deleted: the workflows of its deliveries still on their way end. */
export const endHeldDeliveries = (services: Services, ids: readonly string[]) => notify(services, ids, cancelDeliveryWorkflow);
