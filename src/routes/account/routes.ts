import { defineRoute } from '../../http/route.js';
import { MeSchema, WalletSchema } from './schemas.js';
import { presentWallet } from '../../presenters/wallet.js';
import { presentMe } from './presenters.js';

const migration = 'Migration20261121000100Foundation' as const;

export const getMe = defineRoute({
  release: 'available', method: 'GET', path: '/me', family: 'account', migration,
  summary: 'The key, its integration, tenant, limits and wallet',
  rateClass: 'read', walletGate: false,
  responses: { 200: { description: 'Me', schema: MeSchema } },
  // A test key shows its owners, the live tenant and integration (as Stripe shows one account in
  // both modes); its channel_id stays the sandbox's api channel, the one its conversations carry.
  handler: async ({ auth, wallet, services }) => ({ status: 200, body: presentMe(auth, wallet, services.config, services.clock.now()) }),
});

export const getWallet = defineRoute({
  release: 'available', method: 'GET', path: '/wallet', family: 'account', migration,
  summary: 'The tenant wallet; answers while the exchange is suspended',
  rateClass: 'read', walletGate: false,
  responses: { 200: { description: 'Wallet', schema: WalletSchema } },
  handler: async ({ auth, wallet, services }) => ({ status: 200, body: presentWallet(wallet, auth.integration.dailySpendLimitRub, services.config, services.clock.now()) }),
});

export const accountRoutes = [getMe, getWallet];
