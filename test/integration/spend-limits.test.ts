import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperationsHarness } from '../harness/operations-harness.js';
import { call, expectProblem } from '../harness/http.js';
import { ctlProcess } from '../harness/ctl.js';
import type { Caller } from '../harness/fixtures.js';
import { runCtl } from '../../src/cli/ctl.js';
import { conversationOf, send, websiteChannel } from './widget-fixtures.js';

/**
 * The tenant's own spend limits and the integration's daily limit, set with bin/ctl (issue 9
 * items 7 and 17; spec 01 Errors and Limits), with a real worker and the builtin seller
 * (1.50 RUB a reply): 402 spend_limit_reached through the API, a hand-off to an operator in
 * the website chat, and the limits in GET /me and GET /wallet.
 */

const rub = (amount: string) => ({ amount, currency: 'RUB' });
let h: OperationsHarness;

beforeAll(async () => {
  h = await OperationsHarness.start({ env: { WIDGET_DAILY_AI_CAP_RUB: '3.00', WIDGET_REPLY_HOLD_MS: '15000' } });
}, 120_000);
afterAll(async () => {
  await h?.stop();
}, 60_000);

const ctl = (...args: string[]) => runCtl([...args, '--json'], h.api.services);
const get = async (caller: Caller, path: string) => {
  const res = await call(h.api.base, 'GET', path, { key: caller.apiKey });
  expect(res.status).toBe(200);
  return res.body;
};
const replied = async (caller: Caller, conversationId: string) => {
  const res = await h.say(caller, conversationId, 'Hello!', { wait: 15 });
  expect(res.status).toBe(200);
  expect(res.body.ai_reply).toEqual({ status: 'replied' });
};

describe('bin/ctl tenant set-limits --daily-spend-limit', () => {
  it("refuses paid work of any integration once today's charges of the whole tenant plus the ceiling would pass it; GET /wallet shows it", async () => {
    const caller = await h.caller();
    const sibling = await h.anotherIntegration(caller);
    expect(await ctl('tenant', 'set-limits', '--tenant', caller.tenantId, '--daily-spend-limit', '3')).toEqual({
      id: caller.tenantId, daily_spend_limit_rub: '3.00', operation_cost_cap_rub: '100.00', widget_daily_ai_cap_rub: '3.00',
    });
    await replied(caller, await h.conversation(caller));
    await replied(sibling, await h.conversation(sibling));

    const refused = await h.say(sibling, await h.conversation(sibling), 'Hello!', { wait: 5 });
    expectProblem(refused, 'spend_limit_reached');
    expect(refused.body.detail).toContain("account's daily spend limit of 3.00 RUB");
    expectProblem(await h.say(caller, await h.conversation(caller), 'Hello!', { wait: 5 }), 'spend_limit_reached');
    expect(await h.tenantCharges(caller.tenantId)).toHaveLength(2);

    const wallet = await get(caller, '/wallet');
    expect(wallet.daily_spend).toMatchObject({ used: rub('1.50'), account: { limit: rub('3.00'), used: rub('3.00') } });
    expect(wallet.operation_cost_cap).toEqual(rub('100.00'));

    // none lifts it at once.
    await ctl('tenant', 'set-limits', '--tenant', caller.tenantId, '--daily-spend-limit', 'none');
    await replied(caller, await h.conversation(caller));
    expect((await get(caller, '/wallet')).daily_spend.account).toEqual({ limit: null, used: rub('4.50') });
  });
});

describe('bin/ctl tenant set-limits --operation-cost-cap', () => {
  it("a tenant's cap below one reply's price refuses before any work; default gives back OPERATION_COST_CAP_RUB", async () => {
    const caller = await h.caller();
    await ctl('tenant', 'set-limits', '--tenant', caller.tenantId, '--operation-cost-cap', '1.00');
    expect((await get(caller, '/wallet')).operation_cost_cap).toEqual(rub('1.00'));
    const conversationId = await h.conversation(caller);
    const refused = await h.say(caller, conversationId, 'Hello!', { wait: 5 });
    expectProblem(refused, 'spend_limit_reached');
    expect(refused.body.detail).toContain('at most 1.00 RUB');
    expect(await h.messages(conversationId)).toEqual([]);

    // Another tenant keeps the cell's cap.
    const other = await h.caller();
    await replied(other, await h.conversation(other));

    expect(await ctl('tenant', 'set-limits', '--tenant', caller.tenantId, '--operation-cost-cap', 'default')).toMatchObject({ operation_cost_cap_rub: '100.00' });
    await replied(caller, conversationId);
  });
});

describe('bin/ctl integration set-limits --daily-spend-limit', () => {
  it('sets the limit GET /me shows and admission applies at once; none removes it', async () => {
    const caller = await h.caller();
    expect((await get(caller, '/me')).wallet.daily_spend.limit).toBeNull();
    expect(await ctl('integration', 'set-limits', '--integration', caller.integrationId, '--daily-spend-limit', '1.00')).toEqual({
      id: caller.integrationId, daily_spend_limit_rub: '1.00',
    });
    const refused = await h.say(caller, await h.conversation(caller), 'Hello!', { wait: 5 });
    expectProblem(refused, 'spend_limit_reached');
    expect(refused.body.detail).toContain("integration's daily spend limit of 1.00 RUB");

    await ctl('integration', 'set-limits', '--integration', caller.integrationId, '--daily-spend-limit', 'none');
    await replied(caller, await h.conversation(caller));
  });

  it('GET /me shows the limit set', async () => {
    const caller = await h.caller();
    await ctl('integration', 'set-limits', '--integration', caller.integrationId, '--daily-spend-limit', '250');
    // The caller was never cached before: the first read is the fresh one.
    expect((await get(caller, '/me')).wallet.daily_spend).toEqual({ limit: rub('250.00'), used: rub('0.00') });
  });
});

describe('bad values', () => {
  it('exit 2 with the rule, nothing changed', async () => {
    const caller = await h.caller();
    for (const args of [
      ['tenant', 'set-limits', '--tenant', caller.tenantId, '--daily-spend-limit', '-5'],
      ['tenant', 'set-limits', '--tenant', caller.tenantId, '--daily-spend-limit', 'default'],
      ['tenant', 'set-limits', '--tenant', caller.tenantId, '--widget-daily-ai-cap', 'lots'],
      ['tenant', 'set-limits', '--tenant', caller.tenantId],
      ['integration', 'set-limits', '--integration', caller.integrationId, '--daily-spend-limit', '1.005'],
      ['tenant', 'set-domain', '--tenant', caller.tenantId, '--domain', 'https://shop.example.com'],
    ]) {
      const run = await ctlProcess(args);
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
      expect(run.stderr).toMatch(/^ctl: /);
    }
    expect((await h.db.query('select spend_limits, primary_domain from tenants where id = $1', [caller.tenantId])).rows[0]).toEqual({ spend_limits: {}, primary_domain: null });
  });
});

describe("the tenant's daily cap of website chat AI spend (WIDGET_DAILY_AI_CAP_RUB=3.00 here)", () => {
  it("once today's widget charges plus the ceiling would pass it, the visitor's conversation goes to an operator; API work goes on", async () => {
    const caller = await h.caller();
    const channelId = await websiteChannel(h.api, caller.tenantId);
    for (const content of ['Hello', 'Hi']) {
      const res = await send(h.api, { channel_id: channelId, content });
      expect(res.status).toBe(200);
      expect(res.body.response).toMatchObject({ sender: 'ai' });
    }
    expect(await h.tenantCharges(caller.tenantId)).toHaveLength(2);

    const capped = await send(h.api, { channel_id: channelId, content: 'Hello there' });
    expect(capped.status).toBe(200);
    expect(capped.body).toMatchObject({ queued: true, state: 'queued', response: null });
    const conversation = await conversationOf(h.db, capped.body.session_token);
    expect(conversation.status).toBe('handoff_pending');
    expect(await h.messages(conversation.id)).toEqual([expect.objectContaining({ sender: 'customer', content: 'Hello there' })]);
    const handoffs = await h.events(caller.tenantId, 'conversation.handoff_requested');
    expect(handoffs.map((e) => e.data)).toEqual([expect.objectContaining({ conversation_id: conversation.id, reason: 'widget_daily_cap' })]);
    expect(await h.tenantCharges(caller.tenantId)).toHaveLength(2);

    // The cap is the website chat's: the API still pays.
    await replied(caller, await h.conversation(caller));

    // A tenant's own cap: none lifts it.
    expect(await ctl('tenant', 'set-limits', '--tenant', caller.tenantId, '--widget-daily-ai-cap', 'none')).toMatchObject({ widget_daily_ai_cap_rub: null });
    const open = await send(h.api, { channel_id: channelId, content: 'Hello' });
    expect(open.body).toMatchObject({ queued: false, response: expect.objectContaining({ sender: 'ai' }) });
  });
});
