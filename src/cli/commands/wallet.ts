import { Decimal } from 'decimal.js';
import type { Services } from '../../services.js';
import type { Em } from '../../db/em.js';
import { UsageError } from '../args.js';
import { findTenant } from '../../domain/provisioning/tenants.js';
import { postToLedger, setWalletBlocked, WalletFloorError } from '../../domain/wallet/ledger.js';
import { announceWalletChange } from '../../domain/wallet/wallet-cache.js';
import { readWallet } from '../../domain/wallet/wallet-reader.js';
import { isDecimalText } from '../../domain/wallet/money.js';
import { presentWallet } from '../../presenters/wallet.js';
import { wakeRelay } from '../../domain/events/outbox-wakeup.js';
import { ensureSandbox } from '../../domain/sandbox/shadows.js';
import { resetSandbox, seedSandbox } from '../../domain/sandbox/reset.js';
import { parseLimitSetting, setIntegrationDailyLimit, setTenantSpendLimits } from '../../domain/wallet/spend-limits.js';
import { accessAnnouncement } from './accounts.js';
import { ProgressBar } from '../progress-bar.js';
import type { Command, CommandGroup } from './command.js';

/** Wallets (live money and the sandbox's test money), the sandbox, spend limits. */

function positiveAmount(text: string): string {
  if (!isDecimalText(text) || new Decimal(text).lessThanOrEqualTo(0)) throw new UsageError('--amount is a positive decimal such as 100 or 99.50');
  return text;
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

export const wallet: CommandGroup = {
  usage: `  wallet topup --tenant ID --amount D [--sandbox]
  wallet charge --tenant ID --amount D [--force] [--sandbox]   (refused below a balance of 0 without --force)
  wallet block|unblock --tenant ID [--sandbox]
      (--sandbox: the wallet of test money of the tenant's sandbox, where test keys work; a new one holds 10000 RUB)
  wallet set-balance --tenant ID --balance D --sandbox
      (the sandbox's test money to D, e.g. 0 to try 402 insufficient_funds, -1 to try 402 wallet_suspended; live money moves only by topup and charge)
  sandbox reset --tenant ID [--seed]
      (empties the tenant's sandbox but its keys and wallet; --seed adds the demo catalogue, articles and a few conversations)
  tenant set-limits --tenant ID [--daily-spend-limit D|none] [--operation-cost-cap D|none|default] [--widget-daily-ai-cap D|none|default]
  integration set-limits --integration ID --daily-spend-limit D|none`,
  commands: {
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
  },
};
