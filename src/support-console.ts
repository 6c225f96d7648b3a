import { loadConfig } from './config.js';
import { createServices } from './services.js';
import { supportConsoleSettings } from './console/settings.js';
import { serveSupportConsole } from './console/server.js';

/**
 * The support console process (docs/decisions.md, "A support console"): SUPPORT_PORT on
 * SUPPORT_HOST (127.0.0.1 by default), operators sign in with their accounts (bin/ctl support operator). bin/up
 * runs it; it shares the database, Redis and Temporal with the api and the worker.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const settings = supportConsoleSettings(process.env);
  if (!settings) throw new Error('SUPPORT_PORT is not set: the support console needs a port of its own (bin/up sets one)');
  const services = await createServices(config);
  const supportConsole = await serveSupportConsole(services, settings);
  services.log.info({ url: supportConsole.url }, 'support console listening');
  const stop = (signal: string) => {
    services.log.info({ signal }, 'support console stopping');
    void supportConsole.close().then(() => services.close()).then(() => process.exit(0), () => process.exit(1));
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
