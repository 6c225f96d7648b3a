import { createServer, type Server } from 'node:http';
import Koa from 'koa';
import Router from '@koa/router';
import type { Services } from '../services.js';
import type { SupportConsoleSettings } from './settings.js';
import { Refusal, SECURITY_HEADERS, send, type ConsoleContext, type ConsoleState } from './answers.js';
import { formsOnly, sessions, signInRouter, signedInOnly } from './door.js';
import { pageRouter } from './page-routes.js';
import { actionRouter } from './action-routes.js';
import { codecEndpoint } from './codec-endpoint.js';
import { CONSOLE_CSS } from './html.js';

export interface SupportConsole {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/**
 * The support console (docs/supporting.md; docs/adr/0059, 0070, 0103): server-rendered pages
 * on a listener of its own (SUPPORT_PORT on SUPPORT_HOST, 127.0.0.1 by default), never on the
 * public API, behind an operator login. Its actions call the domain code bin/ctl calls and
 * record who did what in support_actions.
 */
export async function serveSupportConsole(services: Services, settings: SupportConsoleSettings): Promise<SupportConsole> {
  const server = createServer(consoleApp(services, settings).callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => resolve());
  });
  const address = server.address() as { port: number };
  return {
    server,
    url: `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${address.port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * The console as a Koa application, in the order a request passes: the codec endpoint (its own
 * protocol and authentication), the door (door.ts: GET and POST only, same-origin posts, the
 * session, the sign-in page, the signed-in gate), the stylesheet, then the pages and the actions.
 */
export function consoleApp(services: Services, settings: SupportConsoleSettings): Koa<ConsoleState> {
  const koa = new Koa<ConsoleState>({ proxy: false });
  const open = new Router<ConsoleState>({ strict: true, sensitive: true });
  open.all('/codec/{*rest}', codecEndpoint(services));
  const stylesheet = new Router<ConsoleState>({ strict: true, sensitive: true });
  stylesheet.get('/console.css', (ctx) => {
    ctx.set({ 'Content-Type': 'text/css; charset=utf-8', ...SECURITY_HEADERS, 'Cache-Control': 'max-age=300' });
    ctx.body = CONSOLE_CSS;
  });

  koa.use(lastResort(services));
  koa.use(open.routes());
  koa.use(formsOnly(settings));
  koa.use(stylesheet.routes());
  koa.use(sessions(services, settings));
  koa.use(signInRouter(services, settings).routes());
  koa.use(signedInOnly(services));
  koa.use(pageRouter(services).routes());
  koa.use(actionRouter(services, settings).routes());
  return koa;
}

/** What nothing else answered: a refusal before the sign-in gate with its status, anything else 500, each logged. */
function lastResort(services: Services) {
  return async (ctx: ConsoleContext, next: () => Promise<unknown>): Promise<void> => {
    try {
      await next();
    } catch (err) {
      if (ctx.headerSent) return void services.log.error({ err, path: ctx.path }, 'support console: request failed after its answer began');
      for (const name of ctx.res.getHeaderNames()) ctx.res.removeHeader(name);
      if (err instanceof Refusal) return send(ctx, err.status, err.message);
      services.log.error({ err, path: ctx.path }, 'support console: request failed');
      send(ctx, 500, 'Internal error');
    }
  };
}
