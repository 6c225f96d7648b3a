import type { Context, Next } from 'koa';
import type { Logger } from '../logger.js';
import { Problem, problem, problemBody } from './problem.js';

/** The visitor chat routes (public, on the cell origin). */
export const WIDGET_API_PREFIX = '/api/widget/';

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', '57P01', '57P03', '53300', '08000', '08003', '08006', '42P01', '42703']);

/** Maps what was thrown to a Problem: ours as they are, infrastructure failures to 503, the rest to 500. */
export function toProblem(err: unknown, log: Logger): Problem {
  if (err instanceof Problem) return err;
  const e = err as { status?: number; code?: string; message?: string; name?: string; expose?: boolean };
  if (e.status === 413) return problem('payload_too_large', 'The body is larger than 256 KB.');
  if (e.status === 400 || e.status === 415) return problem('bad_request', 'The request could not be read.');
  if ((e.code && UNAVAILABLE_CODES.has(e.code)) || e.name === 'ConnectionException' || /Connection terminated|timeout exceeded when trying to connect/i.test(e.message ?? '')) {
    log.warn({ err: e.message, code: e.code }, 'dependency unavailable');
    return problem('service_unavailable', 'A dependency is unavailable; retry shortly.', {}, { 'Retry-After': '5' });
  }
  log.error({ err }, 'internal error');
  return problem('internal_error', 'An internal error occurred; nothing more is shown. Quote the request id to support.');
}

/** The one place an error becomes an answer: application/problem+json with request_id. */
export function errorHandler(log: Logger, errorsOrigin: string) {
  return async function renderProblems(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
    } catch (err) {
      const p = toProblem(err, ctx.state.log ?? log);
      ctx.status = p.status;
      for (const [name, value] of Object.entries(p.headers)) ctx.set(name, value);
      ctx.type = 'application/problem+json';
      const body = problemBody(p, ctx.state.requestId, errorsOrigin);
      // The visitor chat's templates read `error` (spec 01, Visitor chat routes): the same code.
      if (ctx.path.startsWith(WIDGET_API_PREFIX)) body.error = p.code;
      ctx.body = body;
    }
  };
}
