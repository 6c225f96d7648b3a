import type { Em } from '../../db/em.js';
import type { Config } from '../../config.js';
import { Tenant } from '../../entities/tenant.js';
import { Integration } from '../../entities/integration.js';
import { Channel } from '../../entities/channel.js';
import { Wallet } from '../../entities/wallet.js';
import { PLAN_FEATURES, SCOPES } from '../access/scopes.js';
import { postToLedger } from '../wallet/ledger.js';
import { issueApiKey } from './api-keys.js';
import { createIntegration } from './integrations.js';
import { createWebsiteChannel } from '../channels/website-channels.js';
import { Card } from '../../entities/card.js';
import { createCard, updateCard } from '../cards/cards.js';
import { DEMO_PRODUCTS, demoCardInput } from './demo-catalogue.js';
import { seedDemoArticles } from '../articles/demo-articles.js';
import { seedDemoHistory, type HistoryResult } from './demo-history.js';
import type { IssuedKeys } from '../access/issued-keys.js';

/** Fixed ids, so the demo tenant is found again on every seed. */
export const DEMO_TENANT_ID = '00000000-0000-4000-8000-00000000de01';
export const DEMO_INTEGRATION_ID = '00000000-0000-4000-8000-00000000de02';
export const DEMO_WEBSITE_CHANNEL_ID = '00000000-0000-4000-8000-00000000de03';
/** The demo website chat asks for a consent, so the whole first-message flow can be tried. */
export const DEMO_CONSENT = { text: 'I agree to the processing of my personal data for this chat.', url: 'https://example.com/privacy', version: '2026-11' };
const DEMO_OPENING_BALANCE_RUB = '5000.00';

export interface DemoSeed {
  tenant_id: string;
  integration_id: string;
  channel_id: string;
  /** The website chat channel (the widget's data-channel). */
  website_channel_id: string;
  key_id: string;
  api_key: string;
  base_url: string;
  cell: string;
  /** The demo shop the chat's card links lead to (the tenant's primary domain). */
  primary_domain: string;
  /** Codes of the demo catalogue's cards. */
  cards: string[];
  /** The backdated activity written by this seed (days already there are skipped) and the strategist reports it has. */
  history: HistoryResult;
}

/** How long a seed waits for another seed's turn to end. */
const DEMO_SEED_LOCK_WAIT_MS = 10 * 60_000;

async function takeTurn(em: Em, waitMs: number): Promise<void> {
  const until = Date.now() + waitMs;
  for (;;) {
    const [row] = await em.execute<{ taken: boolean }[]>(`select pg_try_advisory_xact_lock(hashtext('demo seed')) as taken`);
    if (row?.taken) return;
    if (Date.now() > until) throw new Error('Another demo seed has held its turn for 10 minutes.');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** bin/up's demo shop: localhost on the port after the api's. */
export const demoShopDomain = (config: Config): string => `localhost:${config.port + 1}`;

/** The demo shop's products as cards of the demo tenant: created once, put back as they were on every seed. */
async function seedDemoCards(em: Em, config: Config, tenantId: string, now: Date): Promise<string[]> {
  const ctx = { tenantId, cellOrigin: config.publicOrigin, now };
  for (const [i, product] of DEMO_PRODUCTS.entries()) {
    const input = demoCardInput(product, (i + 1) * 10);
    if (await em.count(Card, { tenantId, code: product.code })) await updateCard(em, ctx, product.code, input);
    else await createCard(em, ctx, input);
  }
  return DEMO_PRODUCTS.map((p) => p.code);
}

/**
 * Reuses (or creates) the demo tenant, its integration with every scope and its website chat
 * (with a consent), the demo shop's catalogue as cards, the shop as the tenant's primary
 * domain (default localhost on the api's port + 1, where bin/up runs it), then issues a fresh
 * key and writes 90 days of history (src/domain/provisioning/demo-history.ts). The integration
 * declares what the ru cell asks before personal-data scopes are granted: a loopback
 * allowlist, hosting country RU and a transfer basis.
 */
export async function seedDemo(em: Em, config: Config, now: Date, issued: Pick<IssuedKeys, 'add'>, shopDomain = demoShopDomain(config)): Promise<DemoSeed> {
  // Two first seeds at once would both try to create the fixed ids: take turns. A first seed
  // writes its history for seconds: the lock is asked for again and again, so no waiting
  // statement runs into the statement timeout.
  await takeTurn(em, DEMO_SEED_LOCK_WAIT_MS);
  let tenant = await em.findOne(Tenant, { id: DEMO_TENANT_ID });
  if (!tenant) {
    tenant = em.create(Tenant, { id: DEMO_TENANT_ID, name: 'Demo Shop', status: 'active', features: [...PLAN_FEATURES], crmMode: 'internal', createdAt: now, updatedAt: now });
    em.create(Wallet, { tenantId: tenant.id, balanceRub: '0.00', blocked: false, lowThresholdRub: config.walletLowThresholdRub, updatedAt: now });
    await em.flush();
    await postToLedger(em, { tenantId: tenant.id, kind: 'topup', amountRub: DEMO_OPENING_BALANCE_RUB, description: 'demo opening balance' }, now);
  }
  let integration = await em.findOne(Integration, { id: DEMO_INTEGRATION_ID });
  if (!integration) {
    ({ integration } = await createIntegration(em, {
      id: DEMO_INTEGRATION_ID, tenantId: tenant.id, name: 'Demo integration', scopes: [...SCOPES],
      ipAllowlist: ['127.0.0.0/8', '::1'], hostingCountry: 'RU', transferBasis: 'Demo data processing agreement',
    }, now));
  }
  // An operator may have suspended or narrowed the demo since: the key printed must work.
  Object.assign(tenant, { status: 'active', features: [...PLAN_FEATURES], primaryDomain: shopDomain, updatedAt: now });
  Object.assign(integration, { status: 'active', ownerActive: true, scopes: [...SCOPES], ownerPermissions: [...SCOPES], updatedAt: now });
  await em.flush();
  const channel = await em.findOneOrFail(Channel, { integrationId: integration.id, type: 'api' });
  const website = await em.findOne(Channel, { id: DEMO_WEBSITE_CHANNEL_ID })
    ?? await createWebsiteChannel(em, { id: DEMO_WEBSITE_CHANNEL_ID, tenantId: tenant.id, name: 'Demo website chat', greeting: 'Hello! Ask me anything about our products.', consent: DEMO_CONSENT }, now);
  const cards = await seedDemoCards(em, config, tenant.id, now);
  await seedDemoArticles(em, tenant.id, now);
  const key = await issueApiKey(em, { integrationId: integration.id, mode: 'live', cell: config.cell, expiresInDays: 365, ipAllowlist: null }, config.secrets.apiKeyPepper, now, issued);
  // Last: it clears the entity manager once its thousands of rows are written.
  const history = await seedDemoHistory(em, config, { tenantId: tenant.id, integrationId: integration.id, shop: shopDomain }, now);
  return {
    tenant_id: tenant.id, integration_id: integration.id, channel_id: channel.id, website_channel_id: website.id,
    key_id: key.key_id, api_key: key.api_key, base_url: config.baseUrl, cell: config.cell, primary_domain: shopDomain, cards, history,
  };
}
