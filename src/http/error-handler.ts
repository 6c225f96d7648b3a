import type { Context, Next } from 'koa';
import type { Logger } from '../logger.js';
import { DomainError, domainError } from '../errors/domain-error.js';
import { problemHeaders, statusOf } from './problem.js';
import { errorTypeUrl } from './errors-page.js';
import { isSourceFailure } from './source-failure.js';

/** The visitor chat routes (public, on the cell origin). */
export const WIDGET_API_PREFIX = '/api/widget/';

/** Maps what was thrown to a catalogue error: ours as they are, a data source failing to service_unavailable (503), the rest to internal_error. */
export function toDomainError(err: unknown, log: Logger): DomainError {
  if (err instanceof DomainError) return err;
  const e = err as { status?: number; code?: string; message?: string; name?: string; expose?: boolean };
  if (e.status === 413) return domainError('payload_too_large', 'The body is larger than 256 KB.');
  if (e.status === 400 || e.status === 415) return domainError('bad_request', 'The request could not be read.');
  if (isSourceFailure(err)) {
    log.warn({ err: e.message, code: e.code }, 'dependency unavailable');
    return domainError('service_unavailable', 'A dependency is unavailable; retry shortly.', {}, { retryAfterSeconds: 5 });
  }
  log.error({ err }, 'internal error');
  return domainError('internal_error', 'An internal error occurred; nothing more is shown. Quote the request id to support.');
}

export interface RenderedProblem {
  status: number;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/**
 * The one place an error becomes an answer (application/problem+json): the status and
 * headers of its code, and the body of spec 01 with request_id. The visitor chat's templates
 * read `error` (spec 01, Visitor chat routes): the same code.
 */
export function renderProblem(err: DomainError, requestId: string, errorsOrigin: string, audience: 'api' | 'widget' = 'api'): RenderedProblem {
  const status = statusOf(err.code);
  const body: Record<string, unknown> = {
    type: errorTypeUrl(errorsOrigin, err.code),
    title: err.title,
    status,
    code: err.code,
    detail: err.detail,
    request_id: requestId,
    ...err.extras,
  };
  if (audience === 'widget') body.error = err.code;
  return { status, headers: problemHeaders(err), body };
}

/** Koa middleware: whatever a later middleware throws is answered as its Problem. */
export function errorHandler(log: Logger, errorsOrigin: string) {
  return async function renderProblems(ctx: Context, next: Next): Promise<void> {
    try {
      await next();
    } catch (err) {
      const audience = ctx.path.startsWith(WIDGET_API_PREFIX) ? 'widget' : 'api';
      const answer = renderProblem(toDomainError(err, ctx.state.log ?? log), ctx.state.requestId, errorsOrigin, audience);
      ctx.status = answer.status;
      for (const [name, value] of Object.entries(answer.headers)) ctx.set(name, value);
      ctx.type = 'application/problem+json';
      ctx.body = answer.body;
    }
  };
}
