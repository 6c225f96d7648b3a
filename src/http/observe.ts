import type { Context, Next } from 'koa';
import type { Logger } from '../logger.js';
import type { Metrics } from '../observability/metrics.js';
import { newRequestId } from '../ids.js';
import { API_BASE_PATH } from '../config.js';
import { REQUEST_ID, type RequestLog } from '../domain/support/request-log.js';
import type { PresentedKey } from './authenticate.js';

/**
 * X-Request-Id on every answer (a well-formed incoming one is kept, else a new one), one
 * log line per request with tenant and integration, and the request metrics. The route
 * label is the matched pattern, never the raw path, so series stay bounded. Each api request
 * goes to the request log (written in batches; no query string, no body).
 */
export function observe(log: Logger, metrics: Metrics, requestLog: RequestLog) {
  return async function observeRequest(ctx: Context, next: Next): Promise<void> {
    const started = process.hrtime.bigint();
    ctx.state.receivedAt = Date.now();
    const incoming = ctx.get('x-request-id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : newRequestId();
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
      const ms = Math.round(seconds * 1000);
      (ctx.state.log as Logger).info({
        method: ctx.method, route, status: ctx.status, ms,
        tenant_id: auth?.tenant.id, integration_id: auth?.integration.id,
      }, 'request');
      if (ctx.path.startsWith(API_BASE_PATH)) {
        const key = ctx.state.presentedKey as PresentedKey | undefined;
        const problem = ctx.status >= 400 ? (ctx.body as { code?: unknown } | null)?.code : undefined;
        requestLog.record({
          request_id: requestId, at: new Date(ctx.state.receivedAt as number).toISOString(), method: ctx.method, route, path: ctx.path,
          status: ctx.status, code: typeof problem === 'string' ? problem : null, duration_ms: ms,
          key_id: key?.keyId ?? null, key_refusal: key?.refusal ?? null,
          integration_id: auth?.integration.id ?? key?.integrationId ?? null, tenant_id: auth?.tenant.id ?? key?.tenantId ?? null,
        });
      }
    }
  };
}
