import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Client } from '@temporalio/client';
import { loadConfig } from '../../src/config.js';
import { createServices, type Services } from '../../src/services.js';
import { serveSupportConsole, type SupportConsole } from '../../src/console/server.js';
import { supportConsoleSettings } from '../../src/console/settings.js';
import { digestOf } from '../../src/console/codec-endpoint.js';
import { freePort } from '../harness/api-process.js';
import { eventually } from '../harness/eventually.js';
import { sealedWorkflow, type SealedWorkflow } from '../harness/codec-fixtures.js';
import { codeOf, newOperator } from '../harness/operators.js';

/**
 * The Temporal UI as bin/up runs it (the UI server of docker-compose.yml's version with
 * deploy/temporal/ui/production.yaml, on this run's dev server), its codec endpoint the support
 * console's: a workflow whose input is sealed by the project's codec shows the customer's words
 * to an operator signed in to the console, and only the sealed payload to anyone else.
 * Screenshots go to E2E_SCREENSHOT_DIR.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const UI_SERVER = process.env.TEMPORAL_UI_SERVER ?? '';
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? mkdtempSync(join(tmpdir(), 'codec-endpoint-e2e-'));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** How the UI shows a payload it could not decode: its metadata as base64, `encoding` first. */
const SEALED_AS_SHOWN = Buffer.from('binary/encrypted').toString('base64');
/** What the UI says when its codec endpoint did not decode. */
const CODEC_REFUSED = 'Codec Server could not connect';
const SECRET_TEXT = `Olga Smirnova wants the oak table delivered to Tverskaya 7 (${randomUUID().slice(0, 8)})`;

let services: Services;
let client: Client;
let sc: SupportConsole;
let ui: ChildProcess;
let uiUrl: string;
let browser: Browser;
let run: SealedWorkflow;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM}: run bin/test (it installs Debian's chromium) or set CHROMIUM_PATH`);
  if (!UI_SERVER || !existsSync(UI_SERVER)) throw new Error(`the Temporal UI server is missing ("${UI_SERVER}"): run bin/test (it builds it, as bin/up does) or set TEMPORAL_UI_SERVER`);
  mkdirSync(SHOTS, { recursive: true });
  const uiPort = await freePort();
  uiUrl = `http://127.0.0.1:${uiPort}`;
  services = await createServices(loadConfig({ ...process.env, TEMPORAL_UI_URL: uiUrl }));
  client = await services.temporal.client();
  sc = await serveSupportConsole(services, supportConsoleSettings({ SUPPORT_PORT: '0' })!);
  ui = spawn(UI_SERVER, ['--root', ROOT, '--config', 'deploy/temporal/ui', '--env', 'production', 'start'], {
    env: {
      ...process.env, TEMPORAL_ADDRESS: services.config.temporal.address, TEMPORAL_NAMESPACE: services.config.temporal.namespace,
      TEMPORAL_UI_PORT: String(uiPort), TEMPORAL_CODEC_ENDPOINT: `${sc.url}/codec`,
    },
    stdio: 'ignore',
  });
  await eventually('the Temporal UI answering', async () => ((await fetch(uiUrl).catch(() => null))?.ok ? true : undefined), 30_000, 200);
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
  run = await sealedWorkflow(client, { note: SECRET_TEXT });
}, 120_000);

afterAll(async () => {
  if (run) await client.workflow.getHandle(run.workflowId).terminate('test done').catch(() => undefined);
  await browser?.close();
  ui?.kill();
  await sc?.close();
  await services?.close();
}, 60_000);

/**
 * The workflow's page in the UI once its codec has answered: the customer's words (decoded) or
 * the UI's notice that the codec endpoint refused. The sealed payload alone is no answer: the UI
 * shows it before the codec's answer arrives.
 */
async function workflowPage(page: Page, shot: string): Promise<string> {
  await page.goto(`${uiUrl}/namespaces/${services.config.temporal.namespace}/workflows/${encodeURIComponent(run.workflowId)}/${run.runId}/history`);
  let text = '';
  try {
    await eventually('the input shown', async () => {
      text = await page.locator('body').innerText();
      return text.includes(SECRET_TEXT) || text.includes(CODEC_REFUSED) ? true : undefined;
    }, 60_000, 250);
  } finally {
    await page.screenshot({ path: join(SHOTS, shot), fullPage: true });
    writeFileSync(join(SHOTS, `${shot}.txt`), text);
  }
  return text;
}

const decodesOf = async (operator: string) =>
  (await services.orm.em.fork().execute<{ operator: string; target_id: string; detail: { namespace: string; digests: string[]; referer: string | null } }[]>(
    "select operator, target_id, detail from support_actions where action = 'codec.decode' and operator = ? order by created_at", [operator],
  ));

describe('the Temporal UI with the support console as its codec endpoint', () => {
  it('shows the sealed payload to a visitor without a console session', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    try {
      const page = await context.newPage();
      const text = await workflowPage(page, 'codec-endpoint-anonymous.png');
      expect(text).not.toContain(SECRET_TEXT);
      expect(text).toContain(SEALED_AS_SHOWN);
      expect(text).toContain(CODEC_REFUSED);
    } finally {
      await context.close();
    }
    const recorded = await services.orm.em.fork().execute("select id from support_actions where action = 'codec.decode' and detail->'digests' @> jsonb_build_array(?::text)", [digestOf(run.stored)]);
    expect(recorded).toEqual([]);
  }, 120_000);

  it('shows the customer\'s words to a signed-in operator, and records the decode with who and the digest of that workflow\'s payload', async () => {
    const op = await newOperator(services, 'viewer', 'Vera Viewer');
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    try {
      // Signed in to the console as a person does; its cookie (HttpOnly, SameSite=Strict) is the console host's, whatever the port.
      const page = await context.newPage();
      await page.goto(`${sc.url}/login`);
      await page.fill('#email', op.email);
      await page.fill('#password', op.password);
      await page.fill('#code', codeOf(op, services.clock.now()));
      await page.click('button[type=submit]');
      await page.waitForURL(`${sc.url}/`);
      const text = await workflowPage(page, 'codec-endpoint-operator.png');
      expect(text).toContain(SECRET_TEXT);
      expect(text).not.toContain(SEALED_AS_SHOWN);
      expect(text).not.toContain(CODEC_REFUSED);
    } finally {
      await context.close();
    }
    const rows = await decodesOf(op.email);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.detail.namespace === services.config.temporal.namespace)).toBe(true);
    expect(rows.flatMap((r) => r.detail.digests)).toContain(digestOf(run.stored));
    // What Chromium sends the endpoint of the UI's page: its origin only (strict-origin-when-cross-origin).
    expect([...new Set(rows.map((r) => r.detail.referer))]).toEqual([`${uiUrl}/`]);
  }, 120_000);
});
