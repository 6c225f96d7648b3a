import type { Services } from '../../src/services.js';
import type { Cell } from '../../src/config.js';
import { createTenant } from '../../src/domain/provisioning/tenants.js';
import { createIntegration, type IntegrationInput } from '../../src/domain/provisioning/integrations.js';
import { issueApiKey } from '../../src/domain/provisioning/api-keys.js';
import { PLAN_FEATURES, SCOPES } from '../../src/domain/access/scopes.js';
import { postToLedger } from '../../src/domain/wallet/ledger.js';

export interface Caller {
  tenantId: string;
  integrationId: string;
  channelId: string;
  keyId: string;
  apiKey: string;
  expiresAt: string;
}

export interface CallerOptions {
  name?: string;
  features?: string[];
  scopes?: string[];
  ownerPermissions?: string[];
  integrationAllowlist?: string[] | null;
  hostingCountry?: string | null;
  transferBasis?: string | null;
  dailySpendLimitRub?: string | null;
  keyAllowlist?: string[] | null;
  keyCell?: Cell;
  keyMode?: 'live' | 'test';
  expiresInDays?: number;
  balanceRub?: string;
}

/**
 * A tenant with a wallet, an integration with its api channel, and a key, made through the
 * same provisioning functions bin/ctl uses. By default: every feature and scope, and the
 * ru personal-data conditions (loopback allowlist, RU, a basis), with 1000 RUB.
 */
export async function newCaller(services: Services, o: CallerOptions = {}): Promise<Caller> {
  const now = services.clock.now();
  return services.orm.em.fork().transactional(async (em) => {
    const tenant = await createTenant(em, { name: o.name ?? 'Test tenant', features: o.features ?? [...PLAN_FEATURES], lowThresholdRub: '100' }, now);
    const input: IntegrationInput = {
      tenantId: tenant.id,
      name: 'Test integration',
      scopes: o.scopes ?? [...SCOPES],
      ownerPermissions: o.ownerPermissions,
      ipAllowlist: o.integrationAllowlist === undefined ? ['127.0.0.0/8', '::1'] : o.integrationAllowlist,
      hostingCountry: o.hostingCountry === undefined ? 'RU' : o.hostingCountry,
      transferBasis: o.transferBasis === undefined ? 'Test data processing agreement' : o.transferBasis,
      dailySpendLimitRub: o.dailySpendLimitRub ?? null,
    };
    const { integration, channel } = await createIntegration(em, input, now);
    const key = await issueApiKey(em, {
      integrationId: integration.id, mode: o.keyMode ?? 'live', cell: o.keyCell ?? services.config.cell,
      expiresInDays: o.expiresInDays ?? 30 * 12, ipAllowlist: o.keyAllowlist ?? null,
    }, services.config.secrets.apiKeyPepper, now, services.issuedKeys);
    const balance = o.balanceRub ?? '1000.00';
    if (balance !== '0') await postToLedger(em, { tenantId: tenant.id, kind: 'topup', amountRub: balance }, now);
    return { tenantId: tenant.id, integrationId: integration.id, channelId: channel.id, keyId: key.key_id, apiKey: key.api_key, expiresAt: key.expires_at };
  });
}

export interface AnotherIntegrationOptions {
  scopes?: string[];
  dailySpendLimitRub?: string | null;
}

/** Another integration (with its own live key) of the same tenant as `caller`, with the ru personal-data conditions. */
export async function anotherIntegration(services: Services, caller: Caller, o: AnotherIntegrationOptions = {}): Promise<Caller> {
  const now = services.clock.now();
  return services.orm.em.fork().transactional(async (em) => {
    const { integration, channel } = await createIntegration(em, {
      tenantId: caller.tenantId, name: 'Second integration', scopes: o.scopes ?? [...SCOPES], ipAllowlist: ['127.0.0.0/8', '::1'],
      hostingCountry: 'RU', transferBasis: 'Test data processing agreement', dailySpendLimitRub: o.dailySpendLimitRub ?? null,
    }, now);
    const key = await issueApiKey(em, { integrationId: integration.id, mode: 'live', cell: services.config.cell, expiresInDays: 30, ipAllowlist: null }, services.config.secrets.apiKeyPepper, now, services.issuedKeys);
    return { tenantId: caller.tenantId, integrationId: integration.id, channelId: channel.id, keyId: key.key_id, apiKey: key.api_key, expiresAt: key.expires_at };
  });
}

/**
 * A test key of the live caller's integration, through the same provisioning function: the
 * caller it makes works in the tenant's sandbox (its shadow tenant and integration).
 */
export async function sandboxCaller(services: Services, live: Caller): Promise<Caller> {
  return services.orm.em.fork().transactional(async (em) => {
    const key = await issueApiKey(em, {
      integrationId: live.integrationId, mode: 'test', cell: services.config.cell, expiresInDays: 30, ipAllowlist: null,
    }, services.config.secrets.apiKeyPepper, services.clock.now(), services.issuedKeys);
    const [row] = await em.execute<{ tenant_id: string; integration_id: string; channel_id: string }[]>(
      `select k.tenant_id, k.integration_id, c.id as channel_id from api_keys k join channels c on c.integration_id = k.integration_id and c.type = 'api' where k.key_id = ?`,
      [key.key_id]);
    return { tenantId: row!.tenant_id, integrationId: row!.integration_id, channelId: row!.channel_id, keyId: key.key_id, apiKey: key.api_key, expiresAt: key.expires_at };
  });
}
