import { loadConfig, CELLS, ConfigError, type Cell } from '../config.js';
import { createServices, type Services } from '../services.js';
import type { Em } from '../db/orm.js';
import { Flags, UsageError, parseArgs } from './args.js';
import { createTenant, parseFeatures, setTenantStatus, findTenant, ProvisioningError } from '../domain/provisioning/tenants.js';
import { createIntegration, findIntegration, parseAllowlist, parseScopes, setIntegrationScopes, setIntegrationStatus } from '../domain/provisioning/integrations.js';
import { issueApiKey, revokeApiKey, DEFAULT_KEY_DAYS } from '../domain/provisioning/api-keys.js';
import { seedDemo } from '../domain/provisioning/demo.js';
import { createWebsiteChannel, WEBSITE } from '../domain/channels/website-channels.js';
import { postToLedger, setWalletBlocked, WalletError, WalletFloorError } from '../domain/wallet/ledger.js';
import { announceWalletChange } from '../domain/wallet/wallet-cache.js';
import { announceAccessChange, type AccessChange } from '../domain/access/access-changes.js';
import { readWallet } from '../domain/wallet/wallet-reader.js';
import { isDecimalText } from '../domain/wallet/money.js';
import { presentWallet } from '../routes/account/presenters.js';
import { INTEGRATION_STATUSES, type IntegrationStatus } from '../entities/integration.js';
import { Decimal } from 'decimal.js';
import { createLogger } from '../logger.js';
import { recoverDeliveries, replayDelivery, ReplayRefused } from '../domain/webhooks/replay.js';
import { wakeRelay } from '../domain/events/outbox-wakeup.js';
import { ProgressBar } from './progress-bar.js';
import { ensureSandbox, isSandbox } from '../domain/sandbox/shadows.js';
import { resetSandbox, seedSandbox } from '../domain/sandbox/reset.js';
import { isoDateValue } from '../http/schemas/common.js';
import { isCalendarDay } from '../clock.js';
import { parseLimitSetting, setIntegrationDailyLimit, setTenantSpendLimits } from '../domain/wallet/spend-limits.js';
import { parsePrimaryDomain, setPrimaryDomain } from '../domain/provisioning/primary-domain.js';
import { recheckDeliveriesOf } from '../domain/webhooks/hold-release.js';
import { deleteSubscription, ownerContext, subscriptionsOf, updateSubscription } from '../domain/webhooks/subscriptions.js';
import { noticeDeliveries } from '../temporal/deliveries.js';
import { presentWebhook } from '../routes/webhooks/presenters.js';
import { DomainError } from '../errors/domain-error.js';
import { keyCellWarning, runningStack, stackDifferences } from './stack.js';
import { DEFAULT_LISTEN_HOST, startListener, type Listener, type ReceivedDelivery } from './webhooks-listen.js';
import { parseCrmMode, setCrmMode } from '../domain/provisioning/crm-mode.js';
import { leadForSupport } from '../domain/leads/queries.js';
import { presentLead } from '../routes/leads/presenters.js';
import { createArticle } from '../domain/articles/articles.js';
import { bindSite } from '../domain/articles/sites.js';
import { setEditorialProfile, type EditorialProfileInput } from '../domain/articles/editorial-profile.js';
import { EditorialProfileUpdateSchema, presentEditorialProfile } from '../routes/articles/editorial-profile-routes.js';
import { ARTICLE_LOCALES, ARTICLE_STATUSES, type ArticleStatus } from '../entities/article.js';
import { followSnapshot, startSnapshot } from '../temporal/analytics.js';
import { lastWholeDay, periodsOf } from '../domain/strategist/report-run.js';
import { runStrategistReport } from '../temporal/strategist.js';
import { setupTemporal } from '../temporal/search-attributes.js';
import { stampLivemode } from '../http/livemode.js';
import { addCompetitor, CompetitorRefused, listCompetitors, removeCompetitor, scanCompetitors } from '../domain/strategist/competitors.js';

/**
 * `afterCommit` runs once the command's transaction has committed (announcements, never data);
 * `args` are the words after the command's two (only commands listed in ARGUMENTS take any).
 */
type Command = (s: Services, em: Em, f: Flags, afterCommit: (fn: () => Promise<void>) => void, args: string[]) => Promise<Record<string, unknown>>;

/** Commands that take positional arguments, and how many. */
const ARGUMENTS: Record<string, number> = { 'deliveries replay': 1 };

const USAGE = `bin/ctl <command> [options] [--json]
  demo seed [--shop-domain HOST[:PORT]]
  tenant create --name N [--features f1,f2|none]
  tenant set-status --tenant ID --status active|inactive
  integration create --tenant ID --name N --scopes s1,s2|all [--ip-allowlist a,b] [--hosting-country CC] [--transfer-basis TEXT]
  integration set-status --integration ID --status active|suspended|revoked
  channel create --tenant ID --type website [--name N] [--greeting T] [--color '#rrggbb'] [--consent-text T --consent-url U --consent-version V] [--allowed-domains a,b]
  key issue --integration ID [--mode live|test] [--expires-in-days N] [--ip-allowlist a,b] [--cell ru|en|id]
      (a test key works in the tenant's sandbox: its own data, wallet of test money, webhooks and limits)
  key revoke --key KEY_ID
  wallet topup --tenant ID --amount D [--sandbox]
  wallet charge --tenant ID --amount D [--force] [--sandbox]   (refused below a balance of 0 without --force)
  wallet block|unblock --tenant ID [--sandbox]
      (--sandbox: the wallet of test money of the tenant's sandbox, where test keys work; a new one holds 10000 RUB)
  wallet set-balance --tenant ID --balance D --sandbox
      (the sandbox's test money to D, e.g. 0 to try 402 insufficient_funds, -1 to try 402 wallet_suspended; live money moves only by topup and charge)
  sandbox reset --tenant ID [--seed]
      (empties the tenant's sandbox but its keys and wallet; --seed adds the demo catalogue, articles and a few conversations)
  deliveries replay DELIVERY_ID
  deliveries recover --webhook ID --since ISO [--until ISO]
  tenant set-limits --tenant ID [--daily-spend-limit D|none] [--operation-cost-cap D|none|default] [--widget-daily-ai-cap D|none|default]
  integration set-limits --integration ID --daily-spend-limit D|none
  tenant set-domain --tenant ID --domain HOST|none
  integration set-scopes --integration ID --scopes s1,s2|all
  webhook list --integration ID | --tenant ID
  webhook pause|resume|delete --webhook ID
  webhooks listen --integration ID [--events a,b|family.*] [--forward-to URL] [--host NAME]
      (development: a receiver on https://localhost, subscribed until Ctrl-C; prints each delivery verified.
       --host (or WEBHOOK_LISTEN_HOST): another name for its URL; it listens on port 443 of the address
       WEBHOOK_RESOLVE pins the name to, e.g. listen.webhooks.test=127.0.0.2 when 127.0.0.1:443 is taken)
  tenant set-crm-mode --tenant ID --mode internal|CRM_NAME
  lead show --lead ID
  site bind --tenant ID --url https://HOST [--drafts-only]   (prints the site token once)
  editorial-profile set --tenant ID --niche N [--audience A] [--tone T] [--presentation P] [--topic-sources a,b] [--source-urls u1,u2] [--avoid A] [--example-text T] [--locale ru|en|id]
  article create --tenant ID --title T [--status S] [--slug S] [--locale ru|en|id] [--keyword K] [--content HTML]
  analytics snapshot --tenant ID [--from YYYY-MM-DD]
      (rebuilds the tenant's daily rollups: the days changed since the last run, or every day from --from)
  strategist run --tenant ID --type daily|weekly [--date YYYY-MM-DD]
      (runs the tenant's report workflow now, up to --date, default yesterday UTC; a worker must be running)
  competitors add --tenant ID --url https://HOST [--name N]
  competitors list --tenant ID
  competitors remove --tenant ID --url https://HOST|HOST
  competitors scan --tenant ID
      (fetches the competitors' pages now and queues their headings as strategist topics, names cut out)
  temporal setup
      (registers the namespace and the custom search attributes on TEMPORAL_ADDRESS when missing; bin/up runs it before the worker)`;

function positiveAmount(text: string): string {
  if (!isDecimalText(text) || new Decimal(text).lessThanOrEqualTo(0)) throw new UsageError('--amount is a positive decimal such as 100 or 99.50');
  return text;
}

/** An ISO 8601 instant with a zone, such as 2026-11-21T00:00:00Z. */
function instant(flag: string, text: string): Date {
  const { value, error } = isoDateValue().validate(text);
  if (error || !/(Z|[+-]\d{2}:?\d{2})$/i.test(text)) throw new UsageError(`--${flag} is an ISO 8601 time with a zone, such as 2026-11-21T00:00:00Z`);
  return value;
}

/**
 * The tenant's wallet as GET /wallet shows it, less what belongs to a calling integration:
 * `daily_spend.used` is everywhere one integration's charges today (what GET /me and GET /wallet
 * show its key), so the tenant-wide answer has only `daily_spend.account` (docs/decisions.md).
 */
async function walletOf(s: Services, em: Em, tenantId: string) {
  const now = s.clock.now();
  const wallet = await readWallet(em, tenantId, null, s.config.walletReadTimeoutMs, now);
  const { daily_spend: { limit: _limit, used: _used, ...daily }, ...shown } = presentWallet(wallet, null, s.config, now);
  return { ...shown, daily_spend: daily };
}

/** `wallet charge` refuses to take the balance below this (RUB) unless --force (docs/decisions.md). */
export const CHARGE_FLOOR_RUB = '0';

/**
 * A wallet command: applies `change` to the tenant's wallet (with --sandbox its sandbox's, in
 * test money), answers the wallet as GET /wallet shows it, and after commit announces the
 * change so every api process drops its cached view.
 */
function walletCommand(takes: { amount: boolean; force?: boolean }, change: (s: Services, em: Em, tenantId: string, amount: string, force: boolean) => Promise<unknown>): Command {
  return async (s, em, f, afterCommit) => {
    const named = (await findTenant(em, f.required('tenant'))).id;
    const amount = takes.amount ? positiveAmount(f.required('amount')) : '0';
    const force = takes.force ? f.switch('force') : false;
    const sandbox = f.switch('sandbox');
    f.done();
    const tenantId = sandbox ? await ensureSandbox(em, named, s.clock.now()) : named;
    await change(s, em, tenantId, amount, force);
    afterCommit(() => announceWalletChange(s.redis, tenantId));
    return walletOf(s, em, tenantId);
  };
}

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

function webhookSettings(s: Services) {
  return { cell: s.config.cell, webhooks: s.config.webhooks, now: s.clock.now() };
}

/** Pause or resume a subscription exactly as PATCH /webhooks/{id} with a status does. */
function webhookStatusCommand(status: 'active' | 'paused'): Command {
  return async (s, em, f, afterCommit) => {
    const id = f.required('webhook');
    f.done();
    const ctx = await ownerContext(em, id, webhookSettings(s));
    const { webhook, resumed } = await updateSubscription(em, ctx, id, { status });
    afterCommit(() => noticeDeliveries(s.temporal, resumed, 'recheck'));
    return { ...presentWebhook(webhook, ctx.now), integration_id: webhook.integrationId };
  };
}

const COMMANDS: Record<string, Command> = {
  'demo seed': async (s, em, f) => {
    const shopDomain = f.optional('shop-domain');
    f.done();
    return { ...(await seedDemo(em, s.config, s.clock.now(), shopDomain === undefined ? undefined : parsePrimaryDomain(shopDomain))) };
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
    const key = await issueApiKey(em, { ...input, mode, cell: cell as Cell, expiresInDays: Number(days) }, s.config.secrets.apiKeyPepper, s.clock.now());
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
  'wallet topup': walletCommand({ amount: true }, (s, em, tenantId, amount) =>
    postToLedger(em, { tenantId, kind: 'topup', amountRub: amount, description: 'top-up (operator)' }, s.clock.now())),
  'wallet charge': walletCommand({ amount: true, force: true }, async (s, em, tenantId, amount, force) => {
    const posting = { tenantId, kind: 'charge' as const, amountRub: new Decimal(amount).negated().toFixed(2), description: 'charge (operator)' };
    try {
      return await postToLedger(em, { ...posting, ...(force ? {} : { floorRub: CHARGE_FLOOR_RUB }) }, s.clock.now());
    } catch (err) {
      if (err instanceof WalletFloorError) throw new WalletFloorError(`${err.message}; nothing charged. --force charges it anyway (a negative balance suspends the exchange)`);
      throw err;
    }
  }),
  'wallet set-balance': async (s, em, f, afterCommit) => {
    const named = (await findTenant(em, f.required('tenant'))).id;
    const balance = f.required('balance');
    if (!isDecimalText(balance)) throw new UsageError('--balance is a decimal such as 0, 2.50 or -1');
    if (!f.switch('sandbox')) throw new UsageError('set-balance is for the sandbox\'s test money only (--sandbox); live money moves by wallet topup and wallet charge');
    f.done();
    const tenantId = await ensureSandbox(em, named, s.clock.now());
    const [wallet] = await em.execute<{ balance_rub: string }[]>('select balance_rub from wallets where tenant_id = ? for update', [tenantId]);
    const change = new Decimal(balance).minus(wallet!.balance_rub);
    if (!change.isZero()) await postToLedger(em, { tenantId, kind: 'adjustment', amountRub: change.toFixed(2), description: `test money set to ${new Decimal(balance).toFixed(2)} (operator)` }, s.clock.now());
    afterCommit(() => announceWalletChange(s.redis, tenantId));
    return walletOf(s, em, tenantId);
  },
  'wallet block': walletCommand({ amount: false }, (s, em, tenantId) => setWalletBlocked(em, tenantId, true, s.clock.now())),
  'wallet unblock': walletCommand({ amount: false }, (s, em, tenantId) => setWalletBlocked(em, tenantId, false, s.clock.now())),
  'sandbox reset': async (s, em, f, afterCommit) => {
    const live = (await findTenant(em, f.required('tenant'))).id;
    const seed = f.switch('seed');
    f.done();
    const now = s.clock.now();
    const sandboxId = await ensureSandbox(em, live, now);
    const bar = ProgressBar.on(process.stderr, 'emptying');
    const { deleted } = await resetSandbox(em, sandboxId, (done, total) => bar?.update(done, total));
    bar?.finish();
    const seeded = seed ? await seedSandbox(em, s.config, sandboxId, now) : null;
    if (seeded) afterCommit(() => wakeRelay(s.redis));
    return { tenant: live, sandbox_tenant: sandboxId, deleted, ...(seeded ? { seeded } : {}) };
  },
  'deliveries replay': async (s, em, f, afterCommit, [deliveryId]) => {
    f.done();
    const replay = await replayDelivery(em, deliveryId!, s.clock.now());
    afterCommit(() => wakeRelay(s.redis));
    return { id: replay.id, replay_of: replay.replayOf, webhook_id: replay.webhookId, event_id: replay.eventId, state: replay.state };
  },
  'deliveries recover': async (s, em, f, afterCommit) => {
    const webhookId = f.required('webhook');
    const since = instant('since', f.required('since'));
    const untilText = f.optional('until');
    f.done();
    const now = s.clock.now();
    const until = untilText === undefined ? now : instant('until', untilText);
    if (since.getTime() >= until.getTime()) throw new UsageError('--since must be before --until (default: now)');
    const bar = ProgressBar.on(process.stderr, 'replaying');
    const { replays, skipped } = await recoverDeliveries(em, { webhookId, since, until }, now, (done, total) => bar?.update(done, total));
    bar?.finish();
    if (replays.length) afterCommit(() => wakeRelay(s.redis));
    return { replayed: replays.length, deliveries: replays.map((r) => r.id), skipped: skipped.length, skipped_deliveries: skipped };
  },
  // Spend limits and the primary domain (issue 9 items 7, 17, 18). The wallet-change
  // announcement refreshes what api processes cached of the tenant's wallet and limits.
  'tenant set-limits': async (s, em, f, afterCommit) => {
    const tenantId = f.required('tenant');
    const given = {
      daily_spend_limit_rub: f.optional('daily-spend-limit'),
      operation_cost_cap_rub: f.optional('operation-cost-cap'),
      widget_daily_ai_cap_rub: f.optional('widget-daily-ai-cap'),
    };
    f.done();
    const settings = {
      ...(given.daily_spend_limit_rub === undefined ? {} : { daily_spend_limit_rub: parseLimitSetting('daily-spend-limit', given.daily_spend_limit_rub, false) }),
      ...(given.operation_cost_cap_rub === undefined ? {} : { operation_cost_cap_rub: parseLimitSetting('operation-cost-cap', given.operation_cost_cap_rub, true) }),
      ...(given.widget_daily_ai_cap_rub === undefined ? {} : { widget_daily_ai_cap_rub: parseLimitSetting('widget-daily-ai-cap', given.widget_daily_ai_cap_rub, true) }),
    };
    if (!Object.keys(settings).length) throw new UsageError('give at least one of --daily-spend-limit, --operation-cost-cap, --widget-daily-ai-cap');
    const limits = await setTenantSpendLimits(em, tenantId, settings, s.config, s.clock.now());
    afterCommit(() => announceWalletChange(s.redis, tenantId));
    return { id: tenantId, ...limits };
  },
  'integration set-limits': async (s, em, f, afterCommit) => {
    const id = f.required('integration');
    const setting = parseLimitSetting('daily-spend-limit', f.required('daily-spend-limit'), false);
    f.done();
    if (setting === 'default') throw new UsageError('--daily-spend-limit is an amount or none');
    const integration = await setIntegrationDailyLimit(em, id, setting, s.clock.now());
    afterCommit(() => announceWalletChange(s.redis, integration.tenantId));
    // GET /me shows the limit from the cached caller: drop it everywhere too.
    afterCommit(accessAnnouncement(s, { integrationId: integration.id }));
    return { id: integration.id, daily_spend_limit_rub: integration.dailySpendLimitRub ?? null };
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
  'webhook list': async (s, em, f) => {
    const integrationId = f.optional('integration');
    const tenantId = f.optional('tenant');
    f.done();
    if ((integrationId === undefined) === (tenantId === undefined)) throw new UsageError('give one of --integration ID or --tenant ID');
    const owner = integrationId !== undefined ? { integrationId: (await findIntegration(em, integrationId)).id } : { tenantId: (await findTenant(em, tenantId!)).id };
    const now = s.clock.now();
    const webhooks = await subscriptionsOf(em, owner);
    return { webhooks: webhooks.map((w) => ({ ...presentWebhook(w, now), integration_id: w.integrationId })) };
  },
  'webhook pause': webhookStatusCommand('paused'),
  'webhook resume': webhookStatusCommand('active'),
  'webhook delete': async (s, em, f, afterCommit) => {
    const id = f.required('webhook');
    f.done();
    const held = await deleteSubscription(em, await ownerContext(em, id, webhookSettings(s)), id);
    afterCommit(() => noticeDeliveries(s.temporal, held, 'cancel'));
    return { id, deleted: true };
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
  'site bind': async (s, em, f) => {
    const tenantId = (await findTenant(em, f.required('tenant'))).id;
    const url = f.required('url');
    const draftsOnly = f.switch('drafts-only');
    f.done();
    if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) throw new UsageError('--url is an http(s):// address');
    return { ...(await bindSite(em, { tenantId, url, draftsOnly }, s.config.secrets.apiKeyPepper, s.clock.now())) };
  },
  'editorial-profile set': async (s, em, f) => {
    const tenantId = (await findTenant(em, f.required('tenant'))).id;
    const list = (name: string) => f.optional(name)?.split(',').map((v) => v.trim()).filter(Boolean);
    const given = {
      niche: f.required('niche'), audience: f.optional('audience'), tone: f.optional('tone'), presentation: f.optional('presentation'),
      topic_sources: list('topic-sources'), source_urls: list('source-urls'), avoid: f.optional('avoid'), example_text: f.optional('example-text'),
      locale: f.optional('locale'),
    };
    f.done();
    const { value, error } = EditorialProfileUpdateSchema.validate(JSON.parse(JSON.stringify(given)) as unknown, { abortEarly: false });
    if (error) throw new UsageError(error.details.map((d) => d.message).join('; '));
    return presentEditorialProfile(await setEditorialProfile(em, tenantId, value as EditorialProfileInput, s.clock.now()), !await isSandbox(em, tenantId));
  },
  'article create': async (s, em, f) => {
    const tenantId = (await findTenant(em, f.required('tenant'))).id;
    const status = f.optional('status') ?? 'draft';
    const input = {
      title: f.required('title'), slug: f.optional('slug'), locale: f.optional('locale'), keyword: f.optional('keyword'), content: f.optional('content'),
    };
    f.done();
    if (!(ARTICLE_STATUSES as readonly string[]).includes(status)) throw new UsageError(`--status is one of ${ARTICLE_STATUSES.join(', ')}`);
    if (input.locale !== undefined && !(ARTICLE_LOCALES as readonly string[]).includes(input.locale)) throw new UsageError(`--locale is one of ${ARTICLE_LOCALES.join(', ')}`);
    const article = await createArticle(em, tenantId, { ...input, status: status as ArticleStatus }, s.clock.now());
    return { id: article.id, status: article.status, slug: article.slug, word_count: article.wordCount };
  },
  'analytics snapshot': async (s, em, f) => {
    const tenant = await findTenant(em, f.required('tenant'));
    const from = f.optional('from') ?? null;
    f.done();
    if (from !== null && (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !isCalendarDay(from))) throw new UsageError('--from is a date such as 2026-11-01');
    const { handle, joined } = await startSnapshot(s, tenant.id, from);
    const bar = ProgressBar.on(process.stderr, 'days');
    const result = await followSnapshot(handle, (p) => bar?.update(p.done, p.total));
    bar?.finish();
    return { tenant: tenant.id, workflow_id: handle.workflowId, joined_running: joined, ...result };
  },
  'strategist run': async (s, em, f) => {
    const tenantId = (await findTenant(em, f.required('tenant'))).id;
    const type = f.required('type');
    const reportDate = f.optional('date') ?? lastWholeDay(s.clock.now());
    f.done();
    if (type !== 'daily' && type !== 'weekly') throw new UsageError('--type is daily or weekly');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(reportDate) || !isCalendarDay(reportDate)) throw new UsageError('--date is a day YYYY-MM-DD');
    periodsOf(type, reportDate);
    const report = await runStrategistReport(await s.temporal.client(), s.config.temporal.taskQueue, tenantId, type, reportDate);
    return { report_id: report.id, created: report.created, tenant_id: tenantId, report_type: type, report_date: reportDate };
  },
  'competitors add': async (s, em, f) => {
    const tenantId = (await findTenant(em, f.required('tenant'))).id;
    const url = f.required('url');
    const name = f.optional('name') ?? null;
    f.done();
    try {
      return { tenant_id: tenantId, ...await addCompetitor(em, tenantId, url, name, s.clock.now()) };
    } catch (err) {
      if (err instanceof CompetitorRefused) throw new UsageError(err.message);
      throw err;
    }
  },
  'competitors list': async (_s, em, f) => {
    const tenantId = (await findTenant(em, f.required('tenant'))).id;
    f.done();
    return { tenant_id: tenantId, competitors: await listCompetitors(em, tenantId) };
  },
  'competitors remove': async (_s, em, f) => {
    const tenantId = (await findTenant(em, f.required('tenant'))).id;
    const url = f.required('url');
    f.done();
    if (!await removeCompetitor(em, tenantId, url)) throw new UsageError(`no competitor ${url} for the tenant`);
    return { tenant_id: tenantId, removed: url };
  },
  'competitors scan': async (s, em, f) => {
    const tenantId = (await findTenant(em, f.required('tenant'))).id;
    f.done();
    // Pages are fetched outside the command's transaction: the scan writes in its own.
    return { tenant_id: tenantId, ...await scanCompetitors(s.orm.em.fork(), tenantId, s.config.webhooks, s.clock.now()) };
  },
};

/** Logs go to stderr: stdout carries the command's answer and nothing else (`--json` is parsed by scripts). */
async function ownServices(): Promise<Services> {
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const log = createLogger(config.logLevel, { process: 'ctl', cell: config.cell }, 'stderr');
  return createServices(config, { log });
}

function printHuman(result: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(result)) console.log(`${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`);
}

/** Runs one command in one transaction: it happens whole or not at all. */
export async function runCtl(argv: string[], services?: Services): Promise<Record<string, unknown>> {
  const { positional, flags } = parseArgs(argv);
  const name = positional.slice(0, 2).join(' ');
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command "${positional.join(' ')}"\n${USAGE}`);
  const args = positional.slice(2);
  if (args.length !== (ARGUMENTS[name] ?? 0)) {
    throw new UsageError(ARGUMENTS[name] ? `${name} takes ${ARGUMENTS[name]} argument(s)\n${USAGE}` : `unknown command "${positional.join(' ')}"\n${USAGE}`);
  }
  const own = services === undefined;
  const s = services ?? await ownServices();
  const after: (() => Promise<void>)[] = [];
  try {
    const result = await s.orm.em.fork().transactional((em) => command(s, em, new Flags(flags), (fn) => after.push(fn), args));
    for (const fn of after) {
      // The change is committed; a missed announcement only delays it by the api's cache TTL.
      await fn().catch((err: Error) => s.log.warn({ err: err.message }, 'announcement after commit failed'));
    }
    return result;
  } finally {
    if (own) await s.close();
  }
}

/** Prints a received delivery: one JSON line with --json, else a line for a person and the body. */
function printDelivery(json: boolean) {
  return (d: ReceivedDelivery) => {
    if (json) return console.log(JSON.stringify(d));
    const check = d.verified ? 'signature verified' : `signature NOT verified (${d.reason}): answered 400`;
    const forwarded = d.forwarded ? `  -> ${d.forwarded.url} ${d.forwarded.status ?? d.forwarded.error}` : '';
    console.log(`${d.received_at}  ${d.type}  ${d.event_id}  ${check}${forwarded}`);
    console.log(`  ${JSON.stringify(d.body)}`);
  };
}

/** `webhooks listen`: runs until SIGINT or SIGTERM, then deletes its subscription. */
async function listen(argv: string[]): Promise<void> {
  const { flags } = parseArgs(argv);
  const f = new Flags(flags);
  const json = argv.includes('--json');
  const options = {
    integrationId: f.required('integration'),
    events: (f.optional('events') ?? '').split(',').map((e) => e.trim()).filter(Boolean),
    forwardTo: f.optional('forward-to') ?? null,
    tlsDir: process.env.WEBHOOK_LISTEN_TLS_DIR ?? '.state/tls',
    host: f.optional('host') ?? process.env.WEBHOOK_LISTEN_HOST ?? DEFAULT_LISTEN_HOST,
  };
  f.done();
  const s = await ownServices();
  let listener: Listener;
  try {
    listener = await startListener(s, options, printDelivery(json));
  } catch (err) {
    await s.close();
    throw err;
  }
  // The signal handlers are in place before "listening" is printed: whoever reads that line may stop it at once.
  const stopped = new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  const ready = { listening: listener.url, webhook_id: listener.webhookId, events: listener.events, secret: listener.secret, forward_to: options.forwardTo };
  if (json) console.log(JSON.stringify(ready));
  else {
    console.log(`Listening on ${listener.url} (subscription ${listener.webhookId}; events ${listener.events.join(',')})`);
    console.log(`Signing secret ${listener.secret}${options.forwardTo ? `; forwarding to ${options.forwardTo}` : ''}. Ctrl-C deletes the subscription.`);
  }
  await stopped;
  try {
    await listener.stop();
    console.error(`ctl: subscription ${listener.webhookId} deleted`);
  } finally {
    await s.close();
  }
}

/** `temporal setup`: Temporal only, no database (the cluster is set up before the project's migrate). */
async function temporalSetup(json: boolean): Promise<void> {
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env });
  const result = await setupTemporal(config.temporal.address, config.temporal.namespace);
  if (json) console.log(JSON.stringify(result));
  else printHuman({ ...result });
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const json = argv.includes('--json');
  // Warned before the command runs (on stderr: stdout carries only the answer).
  const stack = await runningStack();
  if (stack) for (const warning of stackDifferences(loadConfig({ LOG_LEVEL: 'warn', ...process.env }), stack)) console.error(`ctl: ${warning}`);
  if (parseArgs(argv).positional.join(' ') === 'webhooks listen') return listen(argv);
  if (parseArgs(argv).positional.join(' ') === 'temporal setup') return temporalSetup(json);
  const result = await runCtl(argv);
  if (json) console.log(JSON.stringify(result));
  else printHuman(result);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    const known = err instanceof UsageError || err instanceof ProvisioningError || err instanceof WalletError || err instanceof ReplayRefused
      || err instanceof ConfigError || err instanceof DomainError;
    console.error(`ctl: ${known ? (err as Error).message : err instanceof Error ? err.stack : String(err)}`);
    process.exit(known ? 2 : 1);
  });
}
