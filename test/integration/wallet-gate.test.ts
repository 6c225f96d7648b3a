import Joi from 'joi';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { dropDatabase, freshDatabase, sqlClient } from '../harness/database.js';
import { call, expectProblem } from '../harness/http.js';
import { defineRoute } from '../../src/http/route.js';
import { recordEvent } from '../../src/domain/events/outbox.js';
import { postToLedger, setWalletBlocked } from '../../src/domain/wallet/ledger.js';
import { withinWalletDeadline } from '../../src/domain/wallet/wallet-reader.js';

// Incoming data: a write that stores an outbox event when it runs.
const postOrder = defineRoute({
  release: 'available', method: 'POST', path: '/test/orders', family: 'test', migration: 'Migration20261121000100Foundation',
  summary: 'Stores an event', rateClass: 'write',
  responses: { 201: { description: 'stored', schema: Joi.object() } },
  handler: async ({ auth, em, services }) => {
    recordEvent(em, { tenantId: auth.tenant.id, integrationId: auth.integration.id, type: 'webhook.test', data: { order: true } }, services.clock.now());
    return { status: 201, body: { stored: true } };
  },
});

// A paid operation (AI reply, article generation): refused while the wallet state is unknown.
const postPaidWork = defineRoute({
  release: 'available', method: 'POST', path: '/test/paid-work', family: 'test', migration: 'Migration20261121000100Foundation',
  summary: 'Paid work', rateClass: 'paid',
  responses: { 202: { description: 'queued', schema: Joi.object() } },
  handler: async () => ({ status: 202, body: { queued: true } }),
});

const extraRoutes = [postOrder, postPaidWork];

describe('wallet states and the exchange', () => {
  let api: TestApi;
  let sql: pg.Client;

  beforeAll(async () => {
    api = await startApi({}, { extraRoutes });
    sql = await sqlClient();
  });
  afterAll(async () => {
    await sql.end();
    await api.close();
  });

  const post = (who: Caller, kind: 'charge' | 'topup', amountRub: string) => api.services.orm.em.fork().transactional((em) =>
    postToLedger(em, { tenantId: who.tenantId, kind, amountRub, integrationId: who.integrationId }, api.services.clock.now()));
  const block = (who: Caller, blocked: boolean) => api.services.orm.em.fork().transactional((em) =>
    setWalletBlocked(em, who.tenantId, blocked, api.services.clock.now()));
  const get = (who: Caller, path: string) => call(api.base, 'GET', path, { key: who.apiKey });
  const suspended = (amount: string) => ({ topup_url: api.services.config.topupUrl, balance: { amount, currency: 'RUB' } });
  const ordersOf = async (who: Caller) =>
    (await sql.query(`select count(*)::int as n from outbox_events where integration_id = $1 and data ? 'order'`, [who.integrationId])).rows[0].n as number;

  async function expectWallet(who: Caller, wallet: { amount: string | null; state: string; exchange: string }) {
    const balance = wallet.amount === null ? null : { amount: wallet.amount, currency: 'RUB' };
    const me = await get(who, '/me');
    expect(me.status).toBe(200);
    expect(me.body.wallet).toMatchObject({ balance, state: wallet.state, exchange: wallet.exchange, topup_url: api.services.config.topupUrl });
    const w = await get(who, '/wallet');
    expect(w.status).toBe(200);
    expect(w.body).toMatchObject({ balance, state: wallet.state, exchange: wallet.exchange });
  }

  it('a charge beyond the balance makes the wallet negative: every route but GET /me and GET /wallet answers 402 wallet_suspended', async () => {
    const caller = await newCaller(api.services);
    await post(caller, 'charge', '-1250.50');
    expectProblem(await get(caller, '/disclosures'), 'wallet_suspended', suspended('-250.50'));
    expectProblem(await call(api.base, 'POST', '/test/orders', { key: caller.apiKey }), 'wallet_suspended', suspended('-250.50'));
    expect(await ordersOf(caller)).toBe(0);
    await expectWallet(caller, { amount: '-250.50', state: 'negative', exchange: 'suspended' });
  });

  it('a top-up resumes the exchange at once', async () => {
    const caller = await newCaller(api.services);
    await post(caller, 'charge', '-1000.01');
    expectProblem(await get(caller, '/disclosures'), 'wallet_suspended', suspended('-0.01'));
    await post(caller, 'topup', '500.01');
    expect((await get(caller, '/disclosures')).status).toBe(200);
    expect((await call(api.base, 'POST', '/test/orders', { key: caller.apiKey })).status).toBe(201);
    expect(await ordersOf(caller)).toBe(1);
    await expectWallet(caller, { amount: '500.00', state: 'ok', exchange: 'active' });
  });

  it('a blocked wallet suspends the exchange whatever its balance; unblocking resumes it', async () => {
    const caller = await newCaller(api.services);
    await block(caller, true);
    expectProblem(await get(caller, '/disclosures'), 'wallet_suspended', suspended('1000.00'));
    await expectWallet(caller, { amount: '1000.00', state: 'blocked', exchange: 'suspended' });
    await block(caller, false);
    expect((await get(caller, '/disclosures')).status).toBe(200);
    await expectWallet(caller, { amount: '1000.00', state: 'ok', exchange: 'active' });
  });

  it('a blocked wallet with a negative balance stays blocked after a top-up', async () => {
    const caller = await newCaller(api.services);
    await post(caller, 'charge', '-1100.00');
    await block(caller, true);
    await post(caller, 'topup', '2000.00');
    expectProblem(await get(caller, '/disclosures'), 'wallet_suspended', suspended('1900.00'));
    await expectWallet(caller, { amount: '1900.00', state: 'blocked', exchange: 'suspended' });
  });

  it('low state (balance under low_threshold_rub) keeps the exchange active', async () => {
    const caller = await newCaller(api.services);
    await post(caller, 'charge', '-950.00');
    expect((await get(caller, '/disclosures')).status).toBe(200);
    await expectWallet(caller, { amount: '50.00', state: 'low', exchange: 'active' });
  });

  it('a balance of exactly zero is not negative: the exchange stays active', async () => {
    const caller = await newCaller(api.services);
    await post(caller, 'charge', '-1000.00');
    expect((await get(caller, '/disclosures')).status).toBe(200);
    await expectWallet(caller, { amount: '0.00', state: 'low', exchange: 'active' });
  });

  it('one tenant\'s suspension does not touch another tenant', async () => {
    const broke = await newCaller(api.services);
    const solvent = await newCaller(api.services);
    await post(broke, 'charge', '-2000.00');
    expectProblem(await get(broke, '/disclosures'), 'wallet_suspended', suspended('-1000.00'));
    expect((await get(solvent, '/disclosures')).status).toBe(200);
  });
});

describe('wallet state unknown', () => {
  let url: string;
  let api: TestApi;
  let caller: Caller;
  let locker: pg.Client;

  beforeAll(async () => {
    url = await freshDatabase('mech_wallet_unknown');
    api = await startApi({ DATABASE_URL: url, WALLET_READ_TIMEOUT_MS: '200', WALLET_PAID_READ_TIMEOUT_MS: '400' }, { extraRoutes });
    locker = await sqlClient(url);
  });
  // Every test its own caller, and the wallets table locked from its start to its end.
  beforeEach(async () => {
    caller = await newCaller(api.services);
    await locker.query('begin');
    await locker.query('lock table wallets in access exclusive mode');
  });
  afterEach(async () => {
    await locker.query('rollback');
  });
  afterAll(async () => {
    await locker.end();
    await api.close();
    await dropDatabase(url);
  });

  it('GET /me answers 200 with wallet state unknown, balance null, exchange active and Svc-Wallet-State: unknown', async () => {
    const me = await call(api.base, 'GET', '/me', { key: caller.apiKey });
    expect(me.status).toBe(200);
    expect(me.headers.get('svc-wallet-state')).toBe('unknown');
    expect(me.body.wallet).toMatchObject({ balance: null, state: 'unknown', exchange: 'active' });
    const wallet = await call(api.base, 'GET', '/wallet', { key: caller.apiKey });
    expect(wallet.status).toBe(200);
    expect(wallet.body).toMatchObject({ balance: null, state: 'unknown', exchange: 'active' });
  });

  it('free reads and writes go on, carrying Svc-Wallet-State: unknown', async () => {
    const read = await call(api.base, 'GET', '/disclosures', { key: caller.apiKey });
    expect(read.status).toBe(200);
    expect(read.headers.get('svc-wallet-state')).toBe('unknown');
    const write = await call(api.base, 'POST', '/test/orders', { key: caller.apiKey });
    expect(write.status).toBe(201);
  });

  it('a paid operation answers 503 service_unavailable with Retry-After', async () => {
    const res = await call(api.base, 'POST', '/test/paid-work', { key: caller.apiKey });
    expectProblem(res, 'service_unavailable');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('svc-wallet-state')).toBe('unknown');
  });

  it('once the wallet can be read again the state is known and paid work is accepted', async () => {
    await locker.query('rollback');
    const me = await call(api.base, 'GET', '/me', { key: caller.apiKey });
    expect(me.headers.get('svc-wallet-state')).toBeNull();
    expect(me.body.wallet).toMatchObject({ balance: { amount: '1000.00', currency: 'RUB' }, state: 'ok' });
    expect((await call(api.base, 'POST', '/test/paid-work', { key: caller.apiKey })).status).toBe(202);
  });
});

describe('a wallet read late under load', () => {
  let url: string;
  let api: TestApi;
  let caller: Caller;
  let locker: pg.Client;

  beforeAll(async () => {
    url = await freshDatabase('mech_wallet_late');
    api = await startApi({ DATABASE_URL: url, WALLET_READ_TIMEOUT_MS: '200', WALLET_PAID_READ_TIMEOUT_MS: '5000', WALLET_CACHE_MS: '0' }, { extraRoutes });
    locker = await sqlClient(url);
    caller = await newCaller(api.services);
  });
  afterAll(async () => {
    await locker.query('rollback').catch(() => undefined);
    await locker.end();
    await api.close();
    await dropDatabase(url);
  });

  it('a paid request whose wallet misses the free deadline but comes within WALLET_PAID_READ_TIMEOUT_MS is taken; free reads meanwhile answer unknown at once', async () => {
    await locker.query('begin');
    await locker.query('lock table wallets in access exclusive mode');
    const paid = call(api.base, 'POST', '/test/paid-work', { key: caller.apiKey });
    const started = Date.now();
    const me = await call(api.base, 'GET', '/me', { key: caller.apiKey });
    expect(me.status).toBe(200);
    expect(me.headers.get('svc-wallet-state')).toBe('unknown');
    // Held 1 s: past the 200 ms of free requests, well within the paid 5 s.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (Date.now() - started))));
    await locker.query('rollback');
    const res = await paid;
    expect(res.status).toBe(202);
    expect(res.headers.get('svc-wallet-state')).toBeNull();
  });

  it('an answer that arrived before the deadline is not lost when the event loop was held up past it', async () => {
    const sql = await sqlClient(url);
    try {
      const query = sql.query('select 1 as one').then((r) => r.rows[0] as { one: number });
      const read = withinWalletDeadline(query, 50);
      // The loop busy for 300 ms: the answer arrives on the socket, the 50 ms timer is due too.
      const until = Date.now() + 300;
      while (Date.now() < until) { /* busy: a CPU-bound moment of the api */ }
      expect(await read).toEqual({ one: 1 });
    } finally {
      await sql.end();
    }
  });
});
