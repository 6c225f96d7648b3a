import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperationsHarness } from '../harness/operations-harness.js';
import { call, type Answer } from '../harness/http.js';
import type { Caller } from '../harness/fixtures.js';
import { serveSupportConsole, type SupportConsole } from '../../src/console/server.js';
import { supportConsoleSettings } from '../../src/console/settings.js';
import { SESSION_COOKIE } from '../../src/console/operators/sessions.js';
import { postToLedger, setWalletBlocked } from '../../src/domain/wallet/ledger.js';
import { ensureSandbox } from '../../src/domain/sandbox/shadows.js';
import { LEDGER_PAGE_ROWS } from '../../src/domain/support/money.js';
import { consoleRequest, newOperator, sessionOf } from '../harness/operators.js';

/**
 * The support console's money pages (issue 41 item 5): a tenant's wallet and ledger with why a
 * caller gets 402 (by the api's own rules, checked against the api's answer), an operation by id
 * with its state, its one charge and its Temporal UI link, found by the search box, and the
 * sandbox tenant marked as such. Rows are made by the real domain: a paid AI reply through the
 * api and the worker, a wallet suspended by a charge beyond its balance or a block.
 */

let h: OperationsHarness;
let sc: SupportConsole;
let cookie: string;

beforeAll(async () => {
  h = await OperationsHarness.start();
  sc = await serveSupportConsole(h.api.services, supportConsoleSettings({ SUPPORT_PORT: '0' })!);
  cookie = `${SESSION_COOKIE}=${await sessionOf(h.api.services, await newOperator(h.api.services, 'viewer'))}`;
}, 120_000);

afterAll(async () => {
  await sc?.close();
  await h?.stop();
});

const get = (path: string) => consoleRequest(sc.url, path, { headers: { Cookie: cookie } });
const now = () => h.api.services.clock.now();
const post = (who: Caller, kind: 'charge' | 'topup' | 'adjustment', amountRub: string) => h.api.services.orm.em.fork().transactional((em) =>
  postToLedger(em, { tenantId: who.tenantId, kind, amountRub, integrationId: who.integrationId, description: `test ${kind}` }, now()));
/** The text of a page without its markup: inline tags go, block tags become spaces (entities left as they are). */
const text = (body: string) => body.replace(/<\/?(code|span|a)\b[^>]*>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
/** The api's answer as support reads it: its status and Problem code. */
const refusal = (res: Answer) => [res.status, res.body?.code];
const ledgerIds = (body: string) => [...body.matchAll(/data-ledger="([^"]+)"/g)].map((m) => m[1]!);

describe('a paid AI reply', () => {
  it('its operation: found by id, its state, its one charge and its workflow in the Temporal UI; the wallet lists the charge', async () => {
    const caller = await h.caller({ name: `Paid Shop ${randomUUID().slice(0, 6)}` });
    const conversationId = await h.conversation(caller);
    const res = await h.say(caller, conversationId, 'Hello!', { wait: 15 });
    expect(res.status).toBe(200);
    const opId: string = res.body.operation.id;
    expect((await h.settled(opId)).status).toBe('succeeded');
    const [charge] = (await h.db.query(`select id, amount_rub from wallet_ledger where operation_id = $1`, [opId])).rows;

    // The search box finds it by its id and goes straight to it.
    const found = await get(`/?q=${opId}`);
    expect(found.status).toBe(303);
    expect(found.headers.location).toBe(`/operations/${opId}`);

    const page = await get(`/operations/${opId}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<span class="state state-succeeded">succeeded</span>');
    expect(text(page.body)).toContain('Operation conversation.ai_reply');
    expect(page.body).toContain(conversationId);
    expect(ledgerIds(page.body)).toEqual([charge.id]);
    expect(text(page.body)).toContain(`charge ${charge.amount_rub} RUB`);
    const ui = h.api.services.config.temporal;
    expect(page.body).toContain(`href="${ui.uiUrl.replace(/\/+$/, '')}/namespaces/${encodeURIComponent(ui.namespace)}/workflows/${encodeURIComponent(`op:${opId}`)}"`);

    const wallet = await get(`/tenants/${caller.tenantId}/wallet`);
    expect(wallet.status).toBe(200);
    expect(wallet.body).toContain(`<dd id="wallet-balance">${await h.balance(caller.tenantId)} RUB</dd>`);
    expect(wallet.body).toContain(`<tr data-ledger="${charge.id}">`);
    expect(wallet.body).toContain(`href="/operations/${opId}"`);
    expect(text(wallet.body)).toContain('No 402 now.');
    expect((await get(`/tenants/${caller.tenantId}`)).body).toContain(`href="/tenants/${caller.tenantId}/wallet"`);

    // An id nobody made, or no id: 404, never a 500.
    expect((await get(`/operations/${randomUUID()}`)).status).toBe(404);
    expect((await get('/operations/not-an-id')).status).toBe(404);
  }, 60_000);
});

describe('why 402', () => {
  it('a charge beyond the balance: wallet_suspended, negative since that charge, as the api answers', async () => {
    const caller = await h.caller();
    await post(caller, 'topup', '5.00');
    const beyond = await post(caller, 'charge', '-1100.00');
    await post(caller, 'charge', '-1.00');
    expect(refusal(await call(h.api.base, 'GET', '/disclosures', { key: caller.apiKey }))).toEqual([402, 'wallet_suspended']);

    const wallet = await get(`/tenants/${caller.tenantId}/wallet`);
    expect(wallet.body).toContain('<dd id="wallet-state"><span class="state state-negative">negative</span></dd>');
    expect(text(wallet.body)).toContain('402 wallet_suspended: The balance is negative (-96.00 RUB)');
    const [row] = (await h.db.query('select created_at from wallet_ledger where id = $1', [beyond.id])).rows;
    expect(text(wallet.body)).toContain(`suspended since ${new Date(row.created_at).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, ' UTC')} (the charge that took the balance below zero)`);
  });

  it('a blocked wallet: wallet_suspended as the api answers, with its cost cap', async () => {
    const caller = await h.caller();
    await h.api.services.orm.em.fork().transactional((em) => setWalletBlocked(em, caller.tenantId, true, now()));
    expect(refusal(await call(h.api.base, 'GET', '/disclosures', { key: caller.apiKey }))).toEqual([402, 'wallet_suspended']);
    const wallet = text((await get(`/tenants/${caller.tenantId}/wallet`)).body);
    expect(wallet).toContain('402 wallet_suspended: The wallet is blocked');
    expect(wallet).toContain(`Cost cap per operation ${Number(h.api.services.config.operationCostCapRub).toFixed(2)} RUB`);
  });

  it('too little money for a paid reply: insufficient_funds, as the api answers', async () => {
    const caller = await h.caller({ balanceRub: '0.01' });
    const conversationId = await h.conversation(caller);
    expect(refusal(await h.say(caller, conversationId, 'Hello!'))).toEqual([402, 'insufficient_funds']);
    expect(text((await get(`/tenants/${caller.tenantId}/wallet`)).body)).toContain('402 insufficient_funds: 0.01 RUB is available');
  });

  it('the ledger is paged, newest first, every row once', async () => {
    const caller = await h.caller();
    for (let i = 0; i < LEDGER_PAGE_ROWS + 5; i += 1) await post(caller, 'topup', '1.00');
    const all = (await h.db.query('select id from wallet_ledger where tenant_id = $1 order by created_at desc, id desc', [caller.tenantId])).rows.map((r) => r.id);
    const first = await get(`/tenants/${caller.tenantId}/wallet`);
    expect(ledgerIds(first.body)).toEqual(all.slice(0, LEDGER_PAGE_ROWS));
    const older = /id="older" href="([^"]+)"/.exec(first.body)![1]!.replace(/&amp;/g, '&');
    const second = await get(older);
    expect(ledgerIds(second.body)).toEqual(all.slice(LEDGER_PAGE_ROWS));
    expect(second.body).not.toContain('id="older"');
  });
});

describe('the sandbox tenant', () => {
  it('shows a sandbox badge linked to its live tenant, in the search and on its pages', async () => {
    const name = `Twin Shop ${randomUUID().slice(0, 6)}`;
    const caller = await h.caller({ name });
    const sandboxId = await h.api.services.orm.em.fork().transactional((em) => ensureSandbox(em, caller.tenantId, now()));
    const badge = `<a class="state state-sandbox" href="/tenants/${caller.tenantId}"`;

    const search = await get(`/?q=${encodeURIComponent(name)}`);
    const rowOf = (id: string) => new RegExp(`<tr data-tenant="${id}">[\\s\\S]*?</tr>`).exec(search.body)?.[0] ?? '';
    expect(rowOf(sandboxId)).toContain(badge);
    expect(rowOf(caller.tenantId)).not.toContain('state-sandbox');

    expect((await get(`/tenants/${sandboxId}`)).body).toContain(badge);
    expect((await get(`/tenants/${sandboxId}/wallet`)).body).toContain(badge);
    const live = (await get(`/tenants/${caller.tenantId}`)).body;
    expect(live).not.toContain('state-sandbox');
    expect(live).toContain(`<a class="muted" id="sandbox-link" href="/tenants/${sandboxId}">`);
  });
});
