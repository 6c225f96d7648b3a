import { CELLS, type Cell } from '../../config.js';
import type { Services } from '../../services.js';
import { UsageError } from '../args.js';
import { createTenant, parseFeatures, setTenantStatus } from '../../domain/provisioning/tenants.js';
import { createIntegration, parseAllowlist, parseScopes, setIntegrationScopes, setIntegrationStatus } from '../../domain/provisioning/integrations.js';
import { issueApiKey, revokeApiKey, DEFAULT_KEY_DAYS } from '../../domain/provisioning/api-keys.js';
import { seedDemo } from '../../domain/provisioning/demo.js';
import { createWebsiteChannel, WEBSITE } from '../../domain/channels/website-channels.js';
import { announceAccessChange, type AccessChange } from '../../domain/access/access-changes.js';
import { INTEGRATION_STATUSES, type IntegrationStatus } from '../../entities/integration.js';
import { wakeRelay } from '../../domain/events/outbox-wakeup.js';
import { isSandbox } from '../../domain/sandbox/shadows.js';
import { parsePrimaryDomain, setPrimaryDomain } from '../../domain/provisioning/primary-domain.js';
import { recheckDeliveriesOf } from '../../domain/webhooks/hold-release.js';
import { keyCellWarning, runningStack } from '../stack.js';
import { parseCrmMode, setCrmMode } from '../../domain/provisioning/crm-mode.js';
import { leadForSupport } from '../../domain/leads/queries.js';
import { presentLead } from '../../presenters/leads.js';
import { stampLivemode } from '../../http/livemode.js';
import type { CommandGroup } from './command.js';

/** Tenants, integrations, channels, keys and the demo tenant; support's read of a lead. */

/**
 * For afterCommit: every api process drops its cached callers of `change` (a key, an
 * integration, a tenant) before the command returns, so its next request sees the change.
 */
export function accessAnnouncement(s: Services, change: AccessChange): () => Promise<void> {
  return async () => {
    await announceAccessChange(s.redis, s.config.redisKeyPrefix, change, { log: s.log });
  };
}

/**
 * For afterCommit, after a change of a tenant's or an integration's access (status, scopes):
 * the api processes forget their cached callers, then the held and pending deliveries of that
 * owner look again at once (they hold or resume by the new access).
 */
function accessChanged(s: Services, owner: { tenantId: string } | { integrationId: string }): () => Promise<void> {
  const announce = accessAnnouncement(s, owner);
  return async () => {
    await announce();
    await recheckDeliveriesOf(s, owner);
  };
}

export const accounts: CommandGroup = {
  usage: `  demo seed [--shop-domain HOST[:PORT]]
  tenant create --name N [--features f1,f2|none]
  tenant set-status --tenant ID --status active|inactive
  integration create --tenant ID --name N --scopes s1,s2|all [--ip-allowlist a,b] [--hosting-country CC] [--transfer-basis TEXT]
  integration set-status --integration ID --status active|suspended|revoked
  channel create --tenant ID --type website [--name N] [--greeting T] [--color '#rrggbb'] [--consent-text T --consent-url U --consent-version V] [--allowed-domains a,b]
  key issue --integration ID [--mode live|test] [--expires-in-days N] [--ip-allowlist a,b] [--cell ru|en|id]
      (a test key works in the tenant's sandbox: its own data, wallet of test money, webhooks and limits)
  key revoke --key KEY_ID
  tenant set-domain --tenant ID --domain HOST|none
  integration set-scopes --integration ID --scopes s1,s2|all
  tenant set-crm-mode --tenant ID --mode internal|CRM_NAME
  lead show --lead ID`,
  commands: {
    'demo seed': async (s, em, f, afterCommit) => {
      const shopDomain = f.optional('shop-domain');
      f.done();
      const seeded = await seedDemo(em, s.config, s.clock.now(), s.issuedKeys, shopDomain === undefined ? undefined : parsePrimaryDomain(shopDomain));
      // The seed sets the demo tenant and integration active with every scope again: a hold of their access ends.
      afterCommit(accessAnnouncement(s, { integrationId: seeded.integration_id }));
      afterCommit(accessChanged(s, { tenantId: seeded.tenant_id }));
      return { ...seeded };
    },
    'tenant create': async (s, em, f) => {
      const name = f.required('name');
      const features = parseFeatures(f.optional('features'));
      f.done();
      const tenant = await createTenant(em, { name, features, lowThresholdRub: s.config.walletLowThresholdRub }, s.clock.now());
      return { id: tenant.id };
    },
    'tenant set-status': async (s, em, f, afterCommit) => {
      const id = f.required('tenant');
      const status = f.required('status');
      f.done();
      if (status !== 'active' && status !== 'inactive') throw new UsageError('--status is active or inactive');
      const tenant = await setTenantStatus(em, id, status, s.clock.now());
      afterCommit(accessChanged(s, { tenantId: tenant.id }));
      return { id: tenant.id, status: tenant.status };
    },
    'integration create': async (s, em, f) => {
      const input = {
        tenantId: f.required('tenant'),
        name: f.required('name'),
        scopes: parseScopes(f.required('scopes')),
        ipAllowlist: parseAllowlist(f.optional('ip-allowlist')),
        hostingCountry: f.optional('hosting-country')?.toUpperCase() ?? null,
        transferBasis: f.optional('transfer-basis') ?? null,
      };
      f.done();
      const { integration, channel } = await createIntegration(em, input, s.clock.now());
      return { id: integration.id, channel_id: channel.id };
    },
    'integration set-status': async (s, em, f, afterCommit) => {
      const id = f.required('integration');
      const status = f.required('status');
      f.done();
      if (!(INTEGRATION_STATUSES as readonly string[]).includes(status)) throw new UsageError(`--status is one of ${INTEGRATION_STATUSES.join(', ')}`);
      const integration = await setIntegrationStatus(em, id, status as IntegrationStatus, s.clock.now());
      afterCommit(accessChanged(s, { integrationId: integration.id }));
      return { id: integration.id, status: integration.status };
    },
    'channel create': async (s, em, f) => {
      const tenantId = f.required('tenant');
      const type = f.required('type');
      const input = {
        tenantId,
        name: f.optional('name'),
        greeting: f.optional('greeting'),
        color: f.optional('color'),
        consent: { text: f.optional('consent-text'), url: f.optional('consent-url'), version: f.optional('consent-version') },
        allowedDomains: f.optional('allowed-domains')?.split(',').filter((d) => d.trim()),
      };
      f.done();
      if (type !== WEBSITE) throw new UsageError('--type is website (an api channel comes with its integration)');
      const channel = await createWebsiteChannel(em, input, s.clock.now());
      return { id: channel.id };
    },
    'key issue': async (s, em, f) => {
      const mode = f.optional('mode') ?? 'live';
      const cell = f.optional('cell') ?? s.config.cell;
      const days = f.optional('expires-in-days') ?? String(DEFAULT_KEY_DAYS);
      const input = { integrationId: f.required('integration'), ipAllowlist: parseAllowlist(f.optional('ip-allowlist')) };
      f.done();
      if (mode !== 'live' && mode !== 'test') throw new UsageError('--mode is live or test');
      if (!(CELLS as readonly string[]).includes(cell)) throw new UsageError(`--cell is one of ${CELLS.join(', ')}`);
      if (!/^\d+$/.test(days)) throw new UsageError('--expires-in-days is a whole number of days');
      const key = await issueApiKey(em, { ...input, mode, cell: cell as Cell, expiresInDays: Number(days) }, s.config.secrets.apiKeyPepper, s.clock.now(), s.issuedKeys);
      const warning = keyCellWarning(cell, s.config, await runningStack());
      return { ...key, ...(warning ? { warning } : {}) };
    },
    'key revoke': async (s, em, f, afterCommit) => {
      const keyId = f.required('key');
      f.done();
      const revoked = await revokeApiKey(em, keyId, s.clock.now());
      afterCommit(accessAnnouncement(s, { keyId: revoked.key_id }));
      return revoked;
    },
    'tenant set-domain': async (s, em, f) => {
      const tenantId = f.required('tenant');
      const text = f.required('domain');
      f.done();
      const tenant = await setPrimaryDomain(em, tenantId, text === 'none' ? null : parsePrimaryDomain(text), s.clock.now());
      return { id: tenant.id, primary_domain: tenant.primaryDomain ?? null };
    },
    'integration set-scopes': async (s, em, f, afterCommit) => {
      const id = f.required('integration');
      const scopes = parseScopes(f.required('scopes'));
      f.done();
      const integration = await setIntegrationScopes(em, id, scopes, s.clock.now());
      afterCommit(accessChanged(s, { integrationId: integration.id }));
      return { id: integration.id, scopes: integration.scopes };
    },
    'tenant set-crm-mode': async (s, em, f, afterCommit) => {
      const tenantId = f.required('tenant');
      const mode = parseCrmMode(f.required('mode'));
      f.done();
      const { changed, ...result } = await setCrmMode(em, tenantId, mode, s.clock.now());
      if (changed) {
        // GET /me shows crm_mode from the cached caller: drop it everywhere; crm.mode_changed goes out now.
        afterCommit(accessAnnouncement(s, { tenantId: result.id }));
        afterCommit(() => wakeRelay(s.redis));
      }
      return result;
    },
    // Support reads a lead whole (personal data included) by its id, whatever the tenant.
    'lead show': async (s, em, f) => {
      const id = f.required('lead');
      f.done();
      const { lead, contact } = await leadForSupport(em, id);
      // As the API shows it to a key of the lead's tenant (a sandbox's lead says livemode false).
      return stampLivemode({ tenant_id: lead.tenantId, ...presentLead(lead, contact) }, !await isSandbox(em, lead.tenantId)) as Record<string, unknown>;
    },
  },
};
