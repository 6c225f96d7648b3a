import { createBrotliDecompress, createUnzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import type { Context } from 'koa';
import getRawBody from 'raw-body';
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

/** The body's bytes as sent, inflated when compressed; 413 past MAX_BODY_BYTES (inflated), while reading. */
async function readText(ctx: Context): Promise<string> {
  const encoding = (ctx.get('content-encoding') || 'identity').toLowerCase();
  const decoders: Record<string, (() => NodeJS.ReadWriteStream) | undefined> = { gzip: createUnzip, deflate: createUnzip, br: createBrotliDecompress };
  if (encoding !== 'identity' && !decoders[encoding]) throw domainError('bad_request', `Content-Encoding ${encoding} is not supported: send gzip, deflate, br or none.`);
  const stream: Readable = encoding === 'identity' ? ctx.req : ctx.req.pipe(decoders[encoding]!()) as unknown as Readable;
  const declared = Number(ctx.get('content-length') || 0);
  try {
    return await getRawBody(stream, { limit: MAX_BODY_BYTES, encoding: 'utf-8', ...(encoding === 'identity' && declared ? { length: declared } : {}) });
  } catch (err) {
    if ((err as { type?: string }).type === 'entity.too.large') throw tooLarge();
    throw notJson();
  }
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
 * reading, chunked or compressed bodies alike).
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
    return parseJson(text, { protoAction: 'error' }) as unknown;
  } catch {
    throw notJson();
  }
}
