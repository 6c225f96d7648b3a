import type { Context, Next } from 'koa';
import type { Logger } from '../logger.js';
import type { Metrics } from '../observability/metrics.js';
import { newRequestId } from '../ids.js';

const INCOMING_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * X-Request-Id on every answer (a well-formed incoming one is kept, else a new one), one
 * log line per request with tenant and integration, and the request metrics. The route
 * label is the matched pattern, never the raw path, so series stay bounded.
 */
export function observe(log: Logger, metrics: Metrics) {
  return async function observeRequest(ctx: Context, next: Next): Promise<void> {
    const started = process.hrtime.bigint();
    ctx.state.receivedAt = Date.now();
    const incoming = ctx.get('x-request-id');
    const requestId = INCOMING_ID.test(incoming) ? incoming : newRequestId();
    ctx.state.requestId = requestId;
    ctx.state.log = log.child({ request_id: requestId });
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = (ctx.state.routeLabel as string | undefined) ?? 'unmatched';
      const labels = { route, method: ctx.method, status: String(ctx.status) };
      metrics.requests.inc(labels);
      metrics.latency.observe(labels, seconds);
      metrics.recentRequests.record(ctx.status);
      const auth = ctx.state.auth as { tenant: { id: string }; integration: { id: string } } | undefined;
      (ctx.state.log as Logger).info({
        method: ctx.method, route, status: ctx.status, ms: Math.round(seconds * 1000),
        tenant_id: auth?.tenant.id, integration_id: auth?.integration.id,
      }, 'request');
    }
  };
}
