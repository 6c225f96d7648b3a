import type { Context } from 'koa';
import { koaBody, HttpMethodEnum } from 'koa-body';
import { parse as parseJson } from '@hapi/bourne';
import { domainError } from '../errors/domain-error.js';

export const MAX_BODY_BYTES = 256 * 1024;

/**
 * The deepest nesting of arrays and objects a body may have, the root counting as one. The
 * deepest body a route documents is five levels (events[].properties.value.amount); 32 leaves
 * room for any client while every walk of a body (the validator, joi, the request hash) stays
 * a few hundred stack frames deep, whatever was sent (issue 25: 3,000 levels overflowed it).
 */
export const MAX_BODY_DEPTH = 32;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** RFC 8259 whitespace, then an object or an array: a scalar is no body. */
const OBJECT_OR_ARRAY = /^[ \t\n\r]*[[{]/;

const tooLarge = () => domainError('payload_too_large', `The body is larger than ${MAX_BODY_BYTES / 1024} KB.`);
const notJson = () => domainError('bad_request', 'The body is not valid JSON (an object or array, UTF-8).');

function hasBody(ctx: Context): boolean {
  const length = ctx.get('content-length');
  return (length !== '' && length !== '0') || ctx.get('transfer-encoding') !== '';
}

/**
 * How deep arrays and objects nest in JSON text, outside strings, in one pass that stops
 * once past `limit`. Exact on valid JSON; on invalid JSON exact up to the first error, which
 * is as far as JSON.parse reads.
 */
export function nestingDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash: the next character is escaped (\" and \\ included)
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest && (deepest = depth) > limit) return deepest;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return deepest;
}

/**
 * koa-body reads the body as text (JSON content types only; gzip and deflate inflated, 413 past
 * MAX_BODY_BYTES while reading): the depth scan comes before anything is parsed.
 */
const readBodyText = koaBody({
  json: false,
  urlencoded: false,
  multipart: false,
  text: true,
  textTypes: ['application/json'],
  textLimit: MAX_BODY_BYTES,
  parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
  onError: (err: Error & { status?: number; type?: string }) => {
    if (err.status === 413 || err.type === 'entity.too.large') throw tooLarge();
    throw notJson();
  },
});

async function readText(ctx: Context): Promise<string> {
  await readBodyText(ctx, () => Promise.resolve());
  const body: unknown = ctx.request.body;
  return typeof body === 'string' ? body : '';
}

/**
 * The request's JSON body, read when its route asks, after the caller is known and counted
 * against its limits: so a body that is refused is counted too (issue 25), and nobody
 * unauthenticated makes the API read one. undefined when the request has none; an empty
 * body is {}.
 *
 * Bodies are JSON, UTF-8, at most 256 KB, nested at most MAX_BODY_DEPTH deep. Another
 * Content-Type, JSON that does not parse or is not an object or array, a `__proto__` key,
 * and nesting deeper than MAX_BODY_DEPTH (found by a linear scan before parsing) are 400
 * bad_request; over the size limit is 413 (from Content-Length before reading, else while
 * reading, chunked or gzip and deflate bodies alike).
 */
export async function readJsonBody(ctx: Context): Promise<unknown> {
  if (!BODY_METHODS.has(ctx.method) || !hasBody(ctx)) return undefined;
  if (Number(ctx.get('content-length') || 0) > MAX_BODY_BYTES) throw tooLarge();
  if (!/^application\/json\s*(;\s*charset=utf-8\s*)?$/i.test(ctx.get('content-type'))) {
    throw domainError('bad_request', 'Send the body as Content-Type: application/json (UTF-8).');
  }
  const text = await readText(ctx);
  if (!text) return {};
  if (!OBJECT_OR_ARRAY.test(text)) throw notJson();
  if (nestingDepth(text, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) {
    throw domainError('bad_request', `The body nests arrays and objects more than ${MAX_BODY_DEPTH} levels deep.`);
  }
  try {
    const body = parseJson(text, { protoAction: 'error' }) as unknown;
    ctx.request.body = body as typeof ctx.request.body;
    return body;
  } catch {
    throw notJson();
  }
}
