import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CtlHarness, ctlProcess } from '../harness/ctl.js';
import { WalletFloorError } from '../../src/domain/wallet/ledger.js';
import { WalletSchema } from '../../src/routes/account/schemas.js';

const h = new CtlHarness();
const { ctl, count } = h;

beforeAll(() => h.start());
afterAll(() => h.stop());

/** A fresh tenant (low threshold 1000 RUB by default config) and a key to read its wallet with. */
async function tenant() {
  const p = await h.provision();
  const wallet = async () => (await h.get('/wallet', p.key.api_key)).body;
  const ledger = () => count('wallet_ledger where tenant_id = $1', p.tenantId);
  return { ...p, wallet, ledger };
}

/**
 * The answer of a wallet command is the wallet as GET /wallet shows it, less the calling
 * integration's own daily spend (a tenant's wallet has no calling integration).
 */
async function expectAsGetWallet(out: Record<string, any>, wallet: () => Promise<any>) {
  const shown = await wallet();
  expect(WalletSchema.validate({ ...out, daily_spend: { ...out.daily_spend, limit: null, used: shown.daily_spend.used } }).error).toBeUndefined();
  expect(Object.keys(out.daily_spend).sort()).toEqual(['account', 'resets_at']);
  expect({ balance: out.balance, state: out.state, exchange: out.exchange, topup_url: out.topup_url, account: out.daily_spend.account })
    .toEqual({ balance: shown.balance, state: shown.state, exchange: shown.exchange, topup_url: shown.topup_url, account: shown.daily_spend.account });
}

describe('wallet topup and charge', () => {
  it('a top-up answers the balance as decimal text in RUB; below the low threshold the state is low', async () => {
    const t = await tenant();
    const out = await ctl('wallet', 'topup', '--tenant', t.tenantId, '--amount', '100.5');
    expect(out).toMatchObject({ balance: { amount: '100.50', currency: 'RUB' }, state: 'low', exchange: 'active' });
    await expectAsGetWallet(out, t.wallet);
  });

  it('reaching the threshold makes it ok; sums are exact decimals', async () => {
    const t = await tenant();
    await ctl('wallet', 'topup', '--tenant', t.tenantId, '--amount', '0.10');
    await ctl('wallet', 'topup', '--tenant', t.tenantId, '--amount', '0.20');
    expect((await t.wallet()).balance).toEqual({ amount: '0.30', currency: 'RUB' });
    const out = await ctl('wallet', 'topup', '--tenant', t.tenantId, '--amount', '999.70');
    expect(out).toMatchObject({ balance: { amount: '1000.00', currency: 'RUB' }, state: 'ok', exchange: 'active' });
    await expectAsGetWallet(out, t.wallet);
    expect(await t.ledger()).toBe(3);
  });

  it('a charge that would take the balance below zero is refused without --force, and nothing is charged', async () => {
    const t = await tenant();
    await ctl('wallet', 'topup', '--tenant', t.tenantId, '--amount', '50');
    const refused = ctl('wallet', 'charge', '--tenant', t.tenantId, '--amount', '50.01');
    await expect(refused).rejects.toThrow(WalletFloorError);
    await expect(refused).rejects.toThrow('the balance would become -0.01 RUB, below the floor of 0.00 RUB; nothing charged. --force charges it anyway');
    expect(await t.ledger()).toBe(1);
    expect((await t.wallet()).balance).toEqual({ amount: '50.00', currency: 'RUB' });
    const toZero = await ctl('wallet', 'charge', '--tenant', t.tenantId, '--amount', '50');
    expect(toZero).toMatchObject({ balance: { amount: '0.00', currency: 'RUB' }, exchange: 'active' });
    await expect(ctl('wallet', 'charge', '--tenant', t.tenantId, '--amount', '1', '--force=yes')).rejects.toThrow('--force takes no value');
  });

  it('as a process, a refused charge exits 2 with the reason on stderr and nothing on stdout', async () => {
    const t = await tenant();
    const run = await ctlProcess(['wallet', 'charge', '--tenant', t.tenantId, '--amount', '930', '--json']);
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: '' });
    expect(run.stderr).toContain('ctl: the balance would become -930.00 RUB, below the floor of 0.00 RUB; nothing charged. --force');
    expect(await t.ledger()).toBe(0);
  }, 60_000);

  it('with --force a charge below zero makes the wallet negative and suspends the exchange; a top-up resumes it', async () => {
    const t = await tenant();
    await ctl('wallet', 'topup', '--tenant', t.tenantId, '--amount', '50');
    const out = await ctl('wallet', 'charge', '--tenant', t.tenantId, '--amount', '50.01', '--force');
    expect(out).toMatchObject({ balance: { amount: '-0.01', currency: 'RUB' }, state: 'negative', exchange: 'suspended' });
    await expectAsGetWallet(out, t.wallet);
    const { rows } = await h.db.query("select amount_rub, balance_after_rub from wallet_ledger where tenant_id = $1 and kind = 'charge'", [t.tenantId]);
    expect(rows).toEqual([{ amount_rub: '-50.01', balance_after_rub: '-0.01' }]);
    expect(await ctl('wallet', 'topup', '--tenant', t.tenantId, '--amount', '2000')).toMatchObject({ state: 'ok', exchange: 'active' });
  });
});

describe('daily_spend: one definition in bin/ctl, GET /wallet and GET /me', () => {
  it("used is the calling integration's charges today; the account's (an operator's charges too) is daily_spend.account.used, the same number everywhere", async () => {
    const t = await tenant();
    await ctl('wallet', 'topup', '--tenant', t.tenantId, '--amount', '2000');
    const out = await ctl('wallet', 'charge', '--tenant', t.tenantId, '--amount', '1030');
    expect(out.daily_spend).toEqual({ resets_at: expect.any(String), account: { limit: null, used: { amount: '1030.00', currency: 'RUB' } } });
    const wallet = await t.wallet();
    expect(wallet.daily_spend).toMatchObject({ used: { amount: '0.00', currency: 'RUB' }, account: { used: { amount: '1030.00', currency: 'RUB' } } });
    const me = (await h.get('/me', t.key.api_key)).body;
    expect(me.wallet.daily_spend.used).toEqual(wallet.daily_spend.used);
  });
});

describe('wallet block and unblock', () => {
  it('block suspends the exchange whatever the balance; unblock restores the state the balance gives', async () => {
    const t = await tenant();
    await ctl('wallet', 'topup', '--tenant', t.tenantId, '--amount', '5000');
    const blocked = await ctl('wallet', 'block', '--tenant', t.tenantId);
    expect(blocked).toMatchObject({ balance: { amount: '5000.00', currency: 'RUB' }, state: 'blocked', exchange: 'suspended' });
    await expectAsGetWallet(blocked, t.wallet);
    const unblocked = await ctl('wallet', 'unblock', '--tenant', t.tenantId);
    expect(unblocked).toMatchObject({ balance: { amount: '5000.00', currency: 'RUB' }, state: 'ok', exchange: 'active' });
    await expectAsGetWallet(unblocked, t.wallet);
    expect(await t.ledger()).toBe(1);
  });
});

describe('wallet errors write nothing', () => {
  it.each([
    ['zero', '0'], ['a negative amount', '-5'], ['three decimal places', '1.234'], ['a word', 'ten'], ['an exponent', '1e3'],
  ])('an amount of %s is an error', async (_why, amount) => {
    const t = await tenant();
    for (const command of ['topup', 'charge']) {
      await expect(ctl('wallet', command, '--tenant', t.tenantId, '--amount', amount)).rejects.toThrow('--amount is a positive decimal');
    }
    expect(await t.ledger()).toBe(0);
    expect((await t.wallet()).balance).toEqual({ amount: '0.00', currency: 'RUB' });
  });

  it('a top-up the balance cannot hold fails whole: no ledger entry, balance unchanged', async () => {
    const t = await tenant();
    await ctl('wallet', 'topup', '--tenant', t.tenantId, '--amount', '9999999999999999.99');
    await expect(ctl('wallet', 'topup', '--tenant', t.tenantId, '--amount', '1')).rejects.toThrow();
    expect(await t.ledger()).toBe(1);
    expect((await t.wallet()).balance).toEqual({ amount: '9999999999999999.99', currency: 'RUB' });
  });

  it('an unknown tenant, a missing amount or an unknown option is an error', async () => {
    const t = await tenant();
    await expect(ctl('wallet', 'block', '--tenant', '7c9e6679-7425-40de-944b-e07fc1f90ae7')).rejects.toThrow(/no tenant/);
    await expect(ctl('wallet', 'topup', '--tenant', t.tenantId)).rejects.toThrow('--amount is required');
    await expect(ctl('wallet', 'unblock', '--tenant', t.tenantId, '--force')).rejects.toThrow('unknown option(s): --force');
    await expect(ctl('wallet', 'refund', '--tenant', t.tenantId)).rejects.toThrow('unknown command "wallet refund"');
    expect(await t.ledger()).toBe(0);
  });
});
