import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context } from 'koa';
import type { Payload } from '@temporalio/common';
import type { Services } from '../services.js';
import { recordSupportAction } from '../domain/support/audit.js';
import { operatorOfRequest } from './operators/sessions.js';
import { temporalDataConverter } from '../temporal/connect.js';
import { UnreadablePayload } from '../temporal/payload-codec.js';

/** A page of history the UI decodes at once stays well under this; a bigger body is refused unread. */
export const CODEC_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
/** Who a decode by CODEC_OPERATOR_TOKEN is recorded as (the token is shared, not a person). */
export const TOKEN_OPERATOR = 'codec token';
/** The payloads whose digests an audit row keeps: enough to tell which workflow's they were. */
const DIGESTS_RECORDED = 20;
const ALLOWED_HEADERS = 'content-type, x-namespace, authorization';

type JsonPayload = { metadata?: Record<string, string>; data?: string };

class CodecRefusal extends Error {
  constructor(readonly status: number, readonly title: string, message: string) {
    super(message);
  }
}

/**
 * Temporal's "codec server" protocol on the support console's listener (docs/decisions.md, "A
 * codec endpoint for the Temporal UI"): POST /codec/decode and /codec/encode take and answer
 * `{"payloads":[{"metadata":{k: base64},"data": base64}]}`. Only an operator signed in to the
 * console (its session cookie, sent by the UI with `includeCredentials`) or a caller with
 * `Authorization: Bearer <CODEC_OPERATOR_TOKEN>` (the CLI's --codec-auth) gets an answer; every
 * decode is recorded in support_actions before its answer leaves. CORS admits the UI's origin only.
 * A Koa middleware: server.ts mounts it on /codec/*, before the console's door (it answers in
 * JSON Problems, not pages, and has its own ways in).
 */
export function codecEndpoint(services: Services) {
  const { uiOrigin, operatorToken } = services.config.codecEndpoint;
  const codecs = temporalDataConverter(services.config).payloadCodecs;

  return async function serveCodec(ctx: Context): Promise<void> {
    const req = ctx.req;
    const origin = req.headers.origin;
    const cors: Record<string, string> = origin === uiOrigin
      ? { 'Access-Control-Allow-Origin': uiOrigin, 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' }
      : { Vary: 'Origin' };
    const answer = (status: number, body: unknown, type = 'application/json') => {
      ctx.status = status;
      ctx.set({ 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...cors });
      ctx.body = JSON.stringify(body);
    };
    try {
      // A page of another origin (the api's docs on the same host, say) gets nothing done, not even a decode it cannot read.
      if (origin !== undefined && origin !== uiOrigin) throw new CodecRefusal(403, 'Forbidden', `Only the Temporal UI (${uiOrigin}) calls this endpoint from a browser.`);
      const type = ctx.path.slice('/codec/'.length);
      if (type !== 'decode' && type !== 'encode') throw new CodecRefusal(404, 'Not Found', 'The codec endpoint has /codec/decode and /codec/encode.');
      if (req.method === 'OPTIONS') {
        ctx.set({ ...cors, 'Access-Control-Allow-Methods': 'POST, OPTIONS', 'Access-Control-Allow-Headers': ALLOWED_HEADERS, 'Access-Control-Max-Age': '600' });
        ctx.status = 204;
        return;
      }
      if (req.method !== 'POST') throw new CodecRefusal(405, 'Method Not Allowed', 'POST the payloads.');
      const operator = await operatorOf(req);
      if (!operator) throw new CodecRefusal(401, 'Unauthorized', 'Sign in to the support console first, or send Authorization: Bearer <CODEC_OPERATOR_TOKEN>.');
      const payloads = parsePayloads(await readBody(req));
      let out = payloads;
      if (type === 'decode') {
        for (const codec of [...codecs].reverse()) out = await codec.decode(out);
        if (payloads.length) await recordDecode(req, operator, payloads);
      } else {
        for (const codec of codecs) out = await codec.encode(out);
      }
      answer(200, { payloads: out.map(toJson) });
    } catch (err) {
      const refusal = err instanceof CodecRefusal ? err
        : err instanceof UnreadablePayload ? new CodecRefusal(422, 'Unprocessable Content', err.message)
          : new CodecRefusal(500, 'Internal Server Error', 'The payloads could not be coded; the console log has the details.');
      if (refusal.status === 500) services.log.error({ err, path: req.url }, 'support console: codec endpoint failed');
      answer(refusal.status, { type: 'about:blank', title: refusal.title, status: refusal.status, detail: refusal.message }, 'application/problem+json');
    }
  };

  /** Who asks: the operator of the console session (any role: decoding is reading), or the token's holder. */
  async function operatorOf(req: IncomingMessage): Promise<string | null> {
    const bearer = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (bearer !== undefined) return operatorToken !== null && sameToken(bearer, operatorToken) ? TOKEN_OPERATOR : null;
    return (await operatorOfRequest(services, req))?.email ?? null;
  }

  /**
   * Who decoded what: the UI says the namespace (X-Namespace) but not the workflow, and its
   * page's address reaches us only as its origin (the browser's default referrer policy); so
   * the row keeps the workflow when the Referer names it, and always the digests of the
   * encoded payloads, which `temporal workflow show --output json` of a workflow matches.
   */
  async function recordDecode(req: IncomingMessage, operator: string, payloads: Payload[]): Promise<void> {
    const namespace = headerText(req.headers['x-namespace']) ?? services.config.temporal.namespace;
    const referer = headerText(req.headers.referer);
    const page = referer ? /\/namespaces\/([^/]+)\/workflows\/([^/]+)(?:\/([^/?#]+))?/.exec(new URL(referer, 'http://referer.invalid').pathname) : null;
    const workflowId = page ? decodeURIComponent(page[2]!) : null;
    const detail = {
      namespace, workflow_id: workflowId, run_id: page?.[3] ? decodeURIComponent(page[3]) : null, referer: referer ?? null,
      payloads: payloads.length, digests: payloads.slice(0, DIGESTS_RECORDED).map(digestOf),
    };
    const target = workflowId ?? `namespace:${namespace}`;
    await services.orm.em.fork().transactional((em) => recordSupportAction(em, { operator, action: 'codec.decode', targetId: target, tenantId: null, detail }, services.clock.now()));
  }
}

/** A payload's digest as the audit keeps it: SHA-256 of its data as stored (encoded), hex. */
export function digestOf(p: Payload): string {
  return createHash('sha256').update(p.data ?? new Uint8Array()).digest('hex');
}

function sameToken(given: string, expected: string): boolean {
  const digest = (t: string) => createHash('sha256').update(t).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function headerText(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text ? text.slice(0, 512) : undefined;
}

async function readBody(req: IncomingMessage): Promise<string> {
  // The rest of a refused body is read and dropped, so the client gets its 413 rather than a
  // reset: closing the connection while a chunked body still comes made the client's write fail
  // (EPIPE) before it read the answer. Only a signed-in operator or the token's holder gets here.
  const tooLarge = () => {
    req.resume();
    return new CodecRefusal(413, 'Content Too Large', `The payloads are limited to ${CODEC_BODY_LIMIT_BYTES} bytes a request.`);
  };
  if (Number(req.headers['content-length'] ?? 0) > CODEC_BODY_LIMIT_BYTES) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > CODEC_BODY_LIMIT_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The body as Temporal's JSON of temporal.api.common.v1.Payloads, each value base64. */
function parsePayloads(text: string): Payload[] {
  const bad = (why: string) => new CodecRefusal(400, 'Bad Request', `The body is {"payloads":[{"metadata":{"key":"<base64>"},"data":"<base64>"}]}: ${why}.`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw bad('it is not JSON');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw bad('it is not an object');
  // Go's clients (the CLI) leave an empty list out: {}.
  const list = (body as { payloads?: unknown }).payloads ?? [];
  if (!Array.isArray(list)) throw bad('"payloads" is not a list');
  return list.map((item: unknown, i) => {
    if (typeof item !== 'object' || item === null) throw bad(`payloads[${i}] is not an object`);
    const { metadata = {}, data = '' } = item as JsonPayload;
    if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) throw bad(`payloads[${i}].metadata is not an object`);
    const bytes = (value: unknown, where: string) => {
      if (typeof value !== 'string' || !BASE64.test(value)) throw bad(`${where} is not base64`);
      return new Uint8Array(Buffer.from(value, 'base64'));
    };
    return {
      metadata: Object.fromEntries(Object.entries(metadata).map(([k, v]) => [k, bytes(v, `payloads[${i}].metadata.${k}`)])),
      data: bytes(data, `payloads[${i}].data`),
    };
  });
}

function toJson(p: Payload): JsonPayload {
  const b64 = (bytes: Uint8Array | null | undefined) => Buffer.from(bytes ?? new Uint8Array()).toString('base64');
  return { metadata: Object.fromEntries(Object.entries(p.metadata ?? {}).map(([k, v]) => [k, b64(v)])), data: b64(p.data) };
}
