import type { Context, Next } from 'koa';
import { koaBody, HttpMethodEnum } from 'koa-body';
import { domainError } from '../errors/domain-error.js';

export const MAX_BODY_BYTES = 256 * 1024;

const parseJson = koaBody({
  json: true,
  jsonStrict: true,
  jsonLimit: MAX_BODY_BYTES,
  urlencoded: false,
  text: false,
  multipart: false,
  parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
  onError: (err: Error & { status?: number; type?: string }) => {
    if (err.status === 413 || err.type === 'entity.too.large') throw domainError('payload_too_large', `The body is larger than ${MAX_BODY_BYTES / 1024} KB.`);
    throw domainError('bad_request', 'The body is not valid JSON (an object or array, UTF-8).');
  },
});

function hasBody(ctx: Context): boolean {
  const length = ctx.get('content-length');
  return (length !== '' && length !== '0') || ctx.get('transfer-encoding') !== '';
}

/**
 * Bodies are JSON, UTF-8, at most 256 KB. A body with another Content-Type, or that does
 * not parse, is 400 bad_request; one over the limit is 413 (checked from Content-Length
 * before reading, and while reading for chunked bodies).
 */
export async function jsonBody(ctx: Context, next: Next): Promise<void> {
  if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(ctx.method) || !hasBody(ctx)) return next();
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > MAX_BODY_BYTES) throw domainError('payload_too_large', `The body is larger than ${MAX_BODY_BYTES / 1024} KB.`);
  const type = ctx.get('content-type');
  if (!/^application\/json\s*(;\s*charset=utf-8\s*)?$/i.test(type)) {
    throw domainError('bad_request', 'Send the body as Content-Type: application/json (UTF-8).');
  }
  return parseJson(ctx, next);
}
