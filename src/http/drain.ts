import type { Server } from 'node:http';
import type { Context, Next } from 'koa';
import type { Logger } from '../logger.js';

/** What the drain ends besides HTTP requests: the widget's event streams (LiveHub). */
export interface Streams {
  close(): void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * The api's graceful drain (docs/decisions.md, "Graceful drain of an api"). On SIGTERM:
 * 1. /readyz answers 503 at once, and every answer closes its connection, while the process
 *    keeps serving: the balancer, checking /readyz, stops sending here within its fall time;
 * 2. after `readinessGraceMs` the listener closes (idle connections with it) and the event
 *    streams end, so their clients reconnect through the balancer to another api;
 * 3. requests in flight (a `wait` hold included) finish;
 * all within `timeoutMs`, after which the connections left are cut.
 */
export class ApiDrain {
  private started = false;

  get draining(): boolean {
    return this.started;
  }

  /** Koa middleware: an answer given while draining (a request begun before included) closes its connection. */
  middleware() {
    return async (ctx: Context, next: Next): Promise<void> => {
      try {
        await next();
      } finally {
        if (this.started && !ctx.headerSent) ctx.set('Connection', 'close');
      }
    };
  }

  /** Runs the drain once; answers true when every request finished inside the bound. */
  async run(server: Server, streams: Streams, o: { readinessGraceMs: number; timeoutMs: number; log: Logger }): Promise<boolean> {
    if (this.started) return false;
    this.started = true;
    const began = Date.now();
    o.log.info({ readiness_grace_ms: o.readinessGraceMs, timeout_ms: o.timeoutMs }, 'api draining: not ready');
    await sleep(o.readinessGraceMs);
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    streams.close();
    o.log.info({ in_flight: await connectionCount(server) }, 'api draining: listener closed, event streams ended');
    // A connection that turns idle later (its answer began before the drain) is closed too.
    const sweep = setInterval(() => server.closeIdleConnections(), 250);
    const left = Math.max(0, o.timeoutMs - (Date.now() - began));
    const finished = await Promise.race([closed.then(() => true), sleep(left).then(() => false)]);
    clearInterval(sweep);
    if (!finished) {
      o.log.warn({ timeout_ms: o.timeoutMs }, 'api drain bound reached: cutting the connections left');
      server.closeAllConnections();
    }
    return finished;
  }
}

function connectionCount(server: Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((err, n) => resolve(err ? -1 : n)));
}
