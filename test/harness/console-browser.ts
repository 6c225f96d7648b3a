import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import type { Services } from '../../src/services.js';
import { serveSupportConsole, type SupportConsole } from '../../src/console/server.js';
import { supportConsoleSettings } from '../../src/console/settings.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface ConsoleInBrowser {
  sc: SupportConsole;
  browser: Browser;
  close(): Promise<void>;
}

/** The support console on a port of its own over `services`, and headless Chromium to walk it (the e2e tests of the console). */
export async function consoleInBrowser(services: Services): Promise<ConsoleInBrowser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM}: run bin/test (it installs Debian's chromium) or set CHROMIUM_PATH`);
  const sc = await serveSupportConsole(services, supportConsoleSettings({ SUPPORT_PORT: '0' })!);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true }).catch(async (err: unknown) => {
    await sc.close();
    throw err;
  });
  return { sc, browser, close: async () => { await browser.close(); await sc.close(); } };
}
