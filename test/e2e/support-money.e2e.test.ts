import { mkdirSync, mkdtempSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OperationsHarness } from '../harness/operations-harness.js';
import { consoleInBrowser, type ConsoleInBrowser } from '../harness/console-browser.js';
import { codeOf, newOperator } from '../harness/operators.js';
import { operationWorkflowId } from '../../workflows/operation-contract.js';

/**
 * The support console's money pages in headless Chromium (issue 41 item 5): a tenant with a
 * real paid AI reply (the api and a worker in process, the builtin seller), a viewer signs in
 * with e-mail, password and TOTP code, finds the tenant, opens its wallet, and from the charge's
 * ledger row the operation, with its state, its charge and its workflow in the Temporal UI.
 * Screenshots go to E2E_SCREENSHOT_DIR (bin/test: .state/test-<db>/screenshots/).
 */

const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? mkdtempSync(join(tmpdir(), 'support-money-e2e-'));

let h: OperationsHarness;
let ui: ConsoleInBrowser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  h = await OperationsHarness.start();
  ui = await consoleInBrowser(h.api.services);
}, 120_000);

afterAll(async () => {
  await ui?.close();
  await h?.stop();
}, 60_000);

describe("a tenant's wallet and an operation from its ledger", () => {
  it('walks from the tenant to its wallet and from the charge to the operation', async () => {
    const name = `Paying Shop ${randomUUID().slice(0, 6)}`;
    const caller = await h.caller({ name });
    const said = await h.say(caller, await h.conversation(caller), 'Hello!', { wait: 15 });
    expect(said.status).toBe(200);
    const opId: string = said.body.operation.id;
    await h.settled(opId);
    const [charge] = (await h.db.query(`select id, amount_rub from wallet_ledger where operation_id = $1`, [opId])).rows;

    const context = await ui.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
    page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });

    const viewer = await newOperator(h.api.services, 'viewer', 'Vera Viewer');
    await page.goto(ui.sc.url);
    await page.fill('#email', viewer.email);
    await page.fill('#password', viewer.password);
    await page.fill('#code', codeOf(viewer, h.api.services.clock.now()));
    await page.click('button[type=submit]');
    await page.waitForURL(`${ui.sc.url}/`);

    await page.fill('main input[name=q]', name);
    await page.click('main button[type=submit]');
    await page.getByRole('link', { name }).click();
    await page.click('#wallet-link');
    expect(await page.locator('h1').textContent()).toBe(`Wallet of ${name}`);
    expect(await page.locator('#wallet-balance').textContent()).toBe(`${await h.balance(caller.tenantId)} RUB`);
    expect(await page.locator('#payment-verdict').textContent()).toContain('No 402 now.');
    const row = page.locator(`tr[data-ledger="${charge.id}"]`);
    expect(await row.textContent()).toContain(`${charge.amount_rub} RUB`);
    await page.screenshot({ path: join(SHOTS, 'support-console-wallet.png'), fullPage: true });

    await row.getByRole('link', { name: opId }).click();
    await page.waitForURL(`${ui.sc.url}/operations/${opId}`);
    expect(await page.locator('#operation-state').textContent()).toBe('succeeded');
    expect(await page.locator('table.ledger tr[data-ledger]').count()).toBe(1);
    expect(await page.locator(`tr[data-ledger="${charge.id}"]`).count()).toBe(1);
    const temporal = new URL((await page.locator('#temporal-link').getAttribute('href'))!);
    expect(decodeURIComponent(temporal.pathname)).toBe(`/namespaces/${h.api.services.config.temporal.namespace}/workflows/${operationWorkflowId(opId)}`);
    await page.screenshot({ path: join(SHOTS, 'support-console-operation.png'), fullPage: true });

    await context.close();
    expect(problems).toEqual([]);
  }, 180_000);
});
