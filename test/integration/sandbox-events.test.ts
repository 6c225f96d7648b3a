import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { TestApi } from '../harness/app.js';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import { sandboxCaller, type Caller } from '../harness/fixtures.js';
import { call, type Answer } from '../harness/http.js';
import type { ReceivedRequest } from '../harness/receiver.js';
import { runCtl } from '../../src/cli/ctl.js';

/**
 * The sandbox's events and paid work, end to end: subscriptions made with a test key get the
 * sandbox's events (livemode false), signed like live ones, at a real HTTPS receiver; an AI
 * reply asked with a test key charges the sandbox's wallet of test money, never the live
 * ledger. A database, a worker and a task queue of this file's own (DeliveryHarness).
 */
let h: DeliveryHarness;
let api: TestApi;
let live: Caller;
let test: Caller;

async function post(who: Caller, path: string, body: unknown): Promise<Answer> {
  const res = await call(api.base, 'POST', path, { key: who.apiKey, body, headers: { 'idempotency-key': randomUUID() } });
  if (res.status >= 300) throw new Error(`POST ${path} answered ${res.status}: ${res.text}`);
  return res;
}

async function subscribe(who: Caller, path: string): Promise<string> {
  const hook = await post(who, '/webhooks', { url: h.receiver.url(path), events: ['conversation.*', 'webhook.test'] });
  h.receiver.route(path, undefined, [hook.body.secret]);
  return hook.body.id;
}

const bodyOf = (r: ReceivedRequest) => JSON.parse(r.rawBody.toString('utf8'));
const mentions = (requests: ReceivedRequest[], id: string) => requests.filter((r) => r.rawBody.toString('utf8').includes(id));

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url, env: { WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' } });
  api = await h.startApi({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
  live = await h.caller({ name: 'Sandbox Shop' });
  test = await sandboxCaller(h.services, live);
});
afterAll(async () => {
  await api?.close();
  await h?.stop();
});

describe('sandbox webhooks', () => {
  it('a subscription made with a test key gets the sandbox\'s events, signed, with livemode false; the live one gets only live events', async () => {
    const sandboxHook = await subscribe(test, '/sandbox');
    await subscribe(live, '/live');
    const sandboxConversation = (await post(test, '/conversations', { external_customer_id: 'tester' })).body.id as string;
    const liveConversation = (await post(live, '/conversations', { external_customer_id: 'customer' })).body.id as string;

    const [sandboxEvent] = await h.receiver.waitFor('/sandbox', 1, 60_000);
    const [liveEvent] = await h.receiver.waitFor('/live', 1, 60_000);
    expect(sandboxEvent!.signature).toMatchObject({ ok: true });
    expect(sandboxEvent!.status).toBe(200);
    expect(bodyOf(sandboxEvent!)).toMatchObject({ type: 'conversation.created', livemode: false, data: { conversation_id: sandboxConversation } });
    expect(liveEvent!.signature).toMatchObject({ ok: true });
    expect(bodyOf(liveEvent!)).toMatchObject({ type: 'conversation.created', livemode: true, data: { conversation_id: liveConversation } });

    // webhook.test of the sandbox subscription, then its delivery log as the test key reads it.
    const sent = await post(test, `/webhooks/${sandboxHook}/test`, {});
    expect(sent.status).toBe(202);
    const requests = await h.receiver.waitFor('/sandbox', 2, 60_000);
    expect(bodyOf(requests[1]!)).toMatchObject({ type: 'webhook.test', livemode: false });
    expect(requests[1]!.signature).toMatchObject({ ok: true });
    const log = await call(api.base, 'GET', `/webhooks/${sandboxHook}/deliveries`, { key: test.apiKey });
    expect(log.body.data.length).toBeGreaterThanOrEqual(1);
    expect(log.body.data.every((d: { livemode: boolean }) => d.livemode === false)).toBe(true);

    expect(mentions(h.receiver.received('/live'), sandboxConversation)).toEqual([]);
    expect(mentions(h.receiver.received('/sandbox'), liveConversation)).toEqual([]);
    const { rows } = await h.db.query('select tenant_id, livemode from outbox_events where data->>\'conversation_id\' = any($1) order by livemode', [[sandboxConversation, liveConversation]]);
    expect(rows).toEqual([{ tenant_id: test.tenantId, livemode: false }, { tenant_id: live.tenantId, livemode: true }]);
  });
});

describe('the sandbox wallet of test money', () => {
  const balance = async (tenantId: string) => (await h.db.query('select balance_rub from wallets where tenant_id = $1', [tenantId])).rows[0].balance_rub as string;
  const ledger = async (tenantId: string) => (await h.db.query('select kind, amount_rub from wallet_ledger where tenant_id = $1 order by created_at, id', [tenantId])).rows;

  const reply = (who: Caller, conversation: string) => call(api.base, 'POST', `/conversations/${conversation}/messages?wait=15`, {
    key: who.apiKey, body: { content: 'Hello!' }, headers: { 'idempotency-key': randomUUID() },
  });

  it("a new sandbox starts with test money: a test key's first paid call answers without a top-up", async () => {
    const shop = await h.caller({ name: 'First Call Shop' });
    const fresh = await sandboxCaller(h.services, shop);
    expect((await call(api.base, 'GET', '/wallet', { key: fresh.apiKey })).body).toMatchObject({ balance: { amount: '10000.00', currency: 'RUB' }, state: 'ok' });
    expect(await ledger(fresh.tenantId)).toEqual([{ kind: 'topup', amount_rub: '10000.00' }]);
    const conversation = (await post(fresh, '/conversations', { external_customer_id: 'first' })).body.id as string;
    const turn = await reply(fresh, conversation);
    expect(turn.status).toBe(200);
    expect(turn.body.operation).toMatchObject({ status: 'succeeded' });
  });

  it('wallet set-balance --sandbox sets the test money low to try 402 on purpose; live money is refused', async () => {
    const shop = await h.caller({ name: 'Broke Test Shop' });
    const fresh = await sandboxCaller(h.services, shop);
    const conversation = (await post(fresh, '/conversations', { external_customer_id: 'broke' })).body.id as string;
    const set = await runCtl(['wallet', 'set-balance', '--sandbox', '--tenant', shop.tenantId, '--balance', '0', '--json'], api.services);
    expect(set.balance).toMatchObject({ amount: '0.00' });
    expect(await ledger(fresh.tenantId)).toEqual([{ kind: 'topup', amount_rub: '10000.00' }, { kind: 'adjustment', amount_rub: '-10000.00' }]);
    const refused = await reply(fresh, conversation);
    expect([refused.status, refused.body.code]).toEqual([402, 'insufficient_funds']);
    await expect(runCtl(['wallet', 'set-balance', '--tenant', shop.tenantId, '--balance', '0', '--json'], api.services)).rejects.toThrow(/--sandbox/);
  });

  it('a sandbox AI reply charges the test wallet only: the live ledger is unchanged', async () => {
    const topped = await runCtl(['wallet', 'topup', '--sandbox', '--tenant', live.tenantId, '--amount', '20', '--json'], api.services);
    expect(topped.balance).toMatchObject({ amount: '10020.00' });
    const liveLedger = await ledger(live.tenantId);
    const liveBalance = await balance(live.tenantId);

    const conversation = (await post(test, '/conversations', { external_customer_id: 'buyer' })).body.id as string;
    const turn = await reply(test, conversation);
    expect(turn.status).toBe(200);
    expect(turn.body.operation).toMatchObject({ status: 'succeeded', usage: { cost: { currency: 'RUB' } } });
    const cost = turn.body.operation.usage.cost.amount as string;

    expect(await ledger(test.tenantId)).toEqual([{ kind: 'topup', amount_rub: '10000.00' }, { kind: 'topup', amount_rub: '20.00' }, { kind: 'charge', amount_rub: `-${cost}` }]);
    expect(await balance(test.tenantId)).toBe((10020 - Number(cost)).toFixed(2));
    expect(await ledger(live.tenantId)).toEqual(liveLedger);
    expect(await balance(live.tenantId)).toBe(liveBalance);
    const wallet = await call(api.base, 'GET', '/wallet', { key: test.apiKey });
    expect(wallet.body.balance).toMatchObject({ amount: (10020 - Number(cost)).toFixed(2) });
  });
});
