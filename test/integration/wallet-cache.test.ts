import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem } from '../harness/http.js';
import { ctlProcess, onlyJson } from '../harness/ctl.js';
import { ownShare } from '../harness/isolation.js';
import { postToLedger } from '../../src/domain/wallet/ledger.js';
import { WALLET_CHANGED_CHANNEL } from '../../src/domain/wallet/wallet-cache.js';
import { channelName } from '../../src/redis.js';
import { dropDatabase, freshDatabase, sqlClient } from '../harness/database.js';

// The api's wallet view is cached (WALLET_CACHE_MS); a change announced on Redis, as bin/ctl
// does after its commit, must end a suspension at once on every api process.
let first: TestApi;
let second: TestApi;
let caller: Caller;

const me = (api: TestApi) => call(api.base, 'GET', '/me', { key: caller.apiKey });
const disclosures = (api: TestApi) => call(api.base, 'GET', '/disclosures', { key: caller.apiKey });

// The two apis and bin/ctl on a Redis prefix of their own: the wallet-change channel has this file's listeners only.
const share = ownShare('wallet-cache');

beforeAll(async () => {
  first = await startApi({ WALLET_CACHE_MS: '30000', ...share.env });
  second = await startApi({ WALLET_CACHE_MS: '30000', ...share.env });
  caller = await newCaller(first.services, { balanceRub: '10.00' });
});
afterAll(async () => {
  await first.close();
  await second.close();
});

/** Waits until both apis' wallet-change subscriptions are live (a PUBLISH reaches both, and only them). */
async function subscribed(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const listeners = await first.services.redis.pubsub('NUMSUB', channelName(first.services.redis, WALLET_CHANGED_CHANNEL)) as [string, number];
    if (Number(listeners[1]) === 2) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('wallet-change subscriptions did not come up');
}

describe('the cached wallet view', () => {
  it('is reused within WALLET_CACHE_MS: a change nobody announced is not seen yet', async () => {
    await subscribed();
    expect((await me(first)).body.wallet.balance).toEqual({ amount: '10.00', currency: 'RUB' });
    await first.services.orm.em.fork().transactional((em) =>
      postToLedger(em, { tenantId: caller.tenantId, kind: 'topup', amountRub: '5.00' }, new Date()));
    expect((await me(first)).body.wallet.balance).toEqual({ amount: '10.00', currency: 'RUB' });
  });

  it('a charge through bin/ctl suspends the exchange on both api processes at once, and a top-up resumes it at once', async () => {
    expect((await disclosures(first)).status).toBe(200);
    expect((await disclosures(second)).status).toBe(200);

    onlyJson(await ctlProcess(['wallet', 'charge', '--tenant', caller.tenantId, '--amount', '100', '--force', '--json'], share.env));
    for (const api of [first, second]) {
      expectProblem(await disclosures(api), 'wallet_suspended', {
        topup_url: expect.any(String),
        balance: { amount: '-85.00', currency: 'RUB' },
      });
    }

    onlyJson(await ctlProcess(['wallet', 'topup', '--tenant', caller.tenantId, '--amount', '200', '--json'], share.env));
    for (const api of [first, second]) {
      expect((await disclosures(api)).status).toBe(200);
      expect((await me(api)).body.wallet).toMatchObject({ balance: { amount: '115.00', currency: 'RUB' }, exchange: 'active' });
    }
  });
});

describe('a burst of one tenant with nothing cached', () => {
  it('makes one wallet read, not one per request', async () => {
    // A database of its own: the wallets table is locked for the length of the test.
    const url = await freshDatabase('wallet_burst');
    const api = await startApi({ DATABASE_URL: url, WALLET_CACHE_MS: '30000', WALLET_READ_TIMEOUT_MS: '5000', DB_STATEMENT_TIMEOUT_MS: '60000' });
    const locker = await sqlClient(url);
    try {
      const shop = await newCaller(api.services, { balanceRub: '10.00' });
      await locker.query('begin');
      await locker.query('lock table wallets in access exclusive mode');
      // Ten requests at once (they reach the wallet step well within the 5 s read deadline): each answers once the shared read is late (wallet unknown), while the read stays blocked on the lock.
      const answers = await Promise.all(Array.from({ length: 10 }, () => call(api.base, 'GET', '/me', { key: shop.apiKey })));
      expect(answers.map((a) => a.headers.get('svc-wallet-state'))).toEqual(Array(10).fill('unknown'));
      const { rows } = await locker.query(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%from wallets w join tenants t%'`);
      expect(rows[0].n).toBe(1);
    } finally {
      await locker.query('rollback');
      await locker.end();
      await api.close();
      await dropDatabase(url);
    }
  }, 60_000);
});
