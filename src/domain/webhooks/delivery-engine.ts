import type { Services } from '../../services.js';
import { OutboxRelay, type RelayOptions } from './relay.js';
import { WalletHoldRelease } from './hold-release.js';

export interface DeliveryEngine {
  relay: OutboxRelay;
  holds: WalletHoldRelease;
  stop(): Promise<void>;
}

/**
 * The worker's side of webhooks besides the workflows: the outbox relay and the wallet-hold
 * release. Tests run it in their own process next to a worker.
 */
export async function startDeliveryEngine(services: Services, options: RelayOptions = {}): Promise<DeliveryEngine> {
  if (services.config.webhooks.allowPrivateNetworks) {
    services.log.warn('WEBHOOK_ALLOW_PRIVATE_NETWORKS=true: webhooks may reach loopback and private networks. Development and tests only, never production.');
  }
  const relay = new OutboxRelay(services, options);
  const holds = new WalletHoldRelease(services);
  await holds.start();
  await relay.start();
  return {
    relay,
    holds,
    async stop() {
      await holds.stop();
      await relay.stop();
    },
  };
}
