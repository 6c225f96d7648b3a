import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { defaultPayloadConverter, type Payload } from '@temporalio/common';
import type { Client } from '@temporalio/client';
import { loadConfig } from '../../src/config.js';
import { createServices, type Services } from '../../src/services.js';
import { serveSupportConsole, type SupportConsole } from '../../src/console/server.js';
import { supportConsoleSettings } from '../../src/console/settings.js';
import { SESSION_COOKIE, endSessions } from '../../src/console/operators/sessions.js';
import { CODEC_BODY_LIMIT_BYTES, TOKEN_OPERATOR, digestOf } from '../../src/console/codec-endpoint.js';
import { temporalDataConverter } from '../../src/temporal/connect.js';
import { sealedWorkflow, type SealedWorkflow } from '../harness/codec-fixtures.js';
import { newOperator, sessionOf } from '../harness/operators.js';

/**
 * The codec endpoint of the support console (src/console/codec-endpoint.ts) over HTTP, as the
 * Temporal UI and the CLI call it: nothing decoded without an operator's session or the token,
 * CORS for the UI's origin only, and every decode in support_actions with who and which workflow.
 */

const UI_ORIGIN = 'http://127.0.0.1:18233';
const TOKEN = randomBytes(32).toString('hex');
const SECRET_TEXT = `Marta Ivanova asked about the blue sofa ${randomUUID()}`;

let services: Services;
let client: Client;
let sc: SupportConsole;

beforeAll(async () => {
  services = await createServices(loadConfig({ ...process.env, TEMPORAL_UI_URL: UI_ORIGIN, CODEC_OPERATOR_TOKEN: TOKEN }));
  client = await services.temporal.client();
  sc = await serveSupportConsole(services, supportConsoleSettings({ SUPPORT_PORT: '0' })!);
}, 60_000);

afterAll(async () => {
  await sc?.close();
  await services?.close();
});

/** An operator with a live session, and the cookie the console's sign-in sets. */
async function signedIn(role: 'viewer' | 'operator' = 'viewer') {
  const op = await newOperator(services, role);
  return { ...op, cookie: `${SESSION_COOKIE}=${await sessionOf(services, op)}` };
}
async function sealed(): Promise<SealedWorkflow> {
  const run = await sealedWorkflow(client, { note: SECRET_TEXT });
  await client.workflow.getHandle(run.workflowId).terminate('test done');
  return run;
}

const b64 = (bytes: Uint8Array | null | undefined) => Buffer.from(bytes ?? new Uint8Array()).toString('base64');
const asJson = (p: Payload) => ({ metadata: Object.fromEntries(Object.entries(p.metadata ?? {}).map(([k, v]) => [k, b64(v)])), data: b64(p.data) });
const textOf = (p: { data: string }) => Buffer.from(p.data, 'base64').toString('utf8');

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${sc.url}/codec/${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Namespace': 'default', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

const decodesOf = async (operator: string) =>
  (await services.orm.em.fork().execute<{ operator: string; action: string; target_id: string; detail: Record<string, unknown> }[]>(
    "select operator, action, target_id, detail from support_actions where action = 'codec.decode' and operator = ? order by created_at", [operator],
  ));

const decodesOfPayload = async (p: Payload) =>
  (await services.orm.em.fork().execute<{ operator: string }[]>("select operator from support_actions where action = 'codec.decode' and detail->'digests' @> jsonb_build_array(?::text)", [digestOf(p)]));

describe('the codec endpoint of the support console', () => {
  it('decodes nothing without an operator: 401, the payloads not in the answer, nothing recorded', async () => {
    const { stored } = await sealed();
    expect(Buffer.from(stored.metadata!.encoding!).toString()).toBe('binary/encrypted');
    const strangers: Record<string, string>[] = [{}, { Authorization: `Bearer ${'x'.repeat(64)}` }, { Cookie: `${SESSION_COOKIE}=${'A'.repeat(43)}` }];
    for (const headers of strangers) {
      const res = await post('decode', { payloads: [asJson(stored)] }, headers);
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(await res.json()).toEqual(expect.objectContaining({ status: 401, detail: expect.stringContaining('Sign in') }));
    }
    expect(await decodesOfPayload(stored)).toEqual([]);
    expect((await post('encode', { payloads: [asJson(defaultPayloadConverter.toPayload('x'))] })).status).toBe(401);
  });

  it('decodes for a signed-in operator, and records who, the namespace and the workflow the UI page names', async () => {
    const op = await signedIn();
    const { workflowId, runId, stored } = await sealed();
    const res = await post('decode', { payloads: [asJson(stored)] }, {
      Cookie: op.cookie, Origin: UI_ORIGIN, Referer: `${UI_ORIGIN}/namespaces/default/workflows/${encodeURIComponent(workflowId)}/${runId}/history`,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(UI_ORIGIN);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    const { payloads } = await res.json() as { payloads: { metadata: Record<string, string>; data: string }[] };
    expect(payloads).toHaveLength(1);
    expect(textOf({ data: payloads[0]!.metadata.encoding! })).toBe('json/plain');
    expect(JSON.parse(textOf(payloads[0]!))).toEqual({ note: SECRET_TEXT });

    expect(await decodesOf(op.email)).toEqual([{
      operator: op.email, action: 'codec.decode', target_id: workflowId,
      detail: {
        namespace: 'default', workflow_id: workflowId, run_id: runId, referer: `${UI_ORIGIN}/namespaces/default/workflows/${encodeURIComponent(workflowId)}/${runId}/history`,
        payloads: 1, digests: [digestOf(stored)],
      },
    }]);
  });

  it('without a page naming the workflow, the record keeps the namespace and the digests a history matches', async () => {
    const op = await signedIn('operator');
    const { stored } = await sealed();
    const res = await post('decode', { payloads: [asJson(stored)] }, { Cookie: op.cookie, Origin: UI_ORIGIN, Referer: `${UI_ORIGIN}/` });
    expect(res.status).toBe(200);
    const [row] = await decodesOf(op.email);
    expect(row).toMatchObject({ target_id: 'namespace:default', detail: { namespace: 'default', workflow_id: null, digests: [digestOf(stored)] } });
  });

  it('an ended session decodes nothing', async () => {
    const op = await signedIn();
    await endSessions(services.orm.em.fork(), { operatorId: op.id }, 'test', new Date());
    const { stored } = await sealed();
    expect((await post('decode', { payloads: [asJson(stored)] }, { Cookie: op.cookie })).status).toBe(401);
    expect(await decodesOf(op.email)).toEqual([]);
  });

  it('decodes for the CLI with the configured token (--codec-auth), recorded as the token', async () => {
    const { stored } = await sealed();
    const before = (await decodesOf(TOKEN_OPERATOR)).length;
    const res = await post('decode', { payloads: [asJson(stored)] }, { Authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    const { payloads } = await res.json() as { payloads: { data: string }[] };
    expect(JSON.parse(textOf(payloads[0]!))).toEqual({ note: SECRET_TEXT });
    const rows = await decodesOf(TOKEN_OPERATOR);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)!.detail).toMatchObject({ namespace: 'default', digests: [digestOf(stored)] });
  });

  it('decodes for the Temporal CLI: temporal workflow show --codec-endpoint … --codec-auth "Bearer <token>"', async () => {
    const cli = process.env.TEMPORAL_CLI;
    if (!cli) throw new Error('TEMPORAL_CLI is not set: run the tests through bin/test');
    const { workflowId, stored } = await sealed();
    const show = (auth: string[]) => promisify(execFile)(cli, [
      'workflow', 'show', '--address', services.config.temporal.address, '--namespace', services.config.temporal.namespace,
      '--workflow-id', workflowId, '--output', 'json', '--codec-endpoint', `${sc.url}/codec`, ...auth,
    ]);
    const { stdout } = await show(['--codec-auth', `Bearer ${TOKEN}`]);
    const { events } = JSON.parse(stdout) as { events: { workflowExecutionStartedEventAttributes?: { input: { payloads: { metadata: Record<string, string>; data: string }[] } } }[] };
    const [input] = events[0]!.workflowExecutionStartedEventAttributes!.input.payloads;
    expect(textOf({ data: input!.metadata.encoding! })).toBe('json/plain');
    expect(JSON.parse(textOf(input!))).toEqual({ note: SECRET_TEXT });
    expect((await decodesOfPayload(stored)).map((r) => r.operator)).toContain(TOKEN_OPERATOR);
    // Without the token the CLI gets 401 on every try and fails, showing nothing decoded.
    const refused = await show(['--command-timeout', '3s']).then(() => null, (err: { stdout: string }) => err);
    expect(refused).not.toBeNull();
    expect(refused!.stdout).not.toContain(Buffer.from(JSON.stringify({ note: SECRET_TEXT })).toString('base64'));
  });

  it('answers an empty list, which Go clients send as {} (the CLI, for a terminate\'s empty details), and records no decode of nothing', async () => {
    const before = (await decodesOf(TOKEN_OPERATOR)).length;
    const res = await post('decode', {}, { Authorization: `Bearer ${TOKEN}` });
    expect([res.status, await res.json()]).toEqual([200, { payloads: [] }]);
    expect(await decodesOf(TOKEN_OPERATOR)).toHaveLength(before);
  });

  it('encodes for an operator what the project decodes', async () => {
    const res = await post('encode', { payloads: [asJson(defaultPayloadConverter.toPayload({ note: SECRET_TEXT }))] }, { Authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    const { payloads } = await res.json() as { payloads: { metadata: Record<string, string>; data: string }[] };
    expect(textOf({ data: payloads[0]!.metadata.encoding! })).toBe('binary/encrypted');
    expect(textOf(payloads[0]!)).not.toContain(SECRET_TEXT);
    const [codec] = temporalDataConverter(services.config).payloadCodecs;
    const returned = { metadata: Object.fromEntries(Object.entries(payloads[0]!.metadata).map(([k, v]) => [k, Buffer.from(v, 'base64')])), data: Buffer.from(payloads[0]!.data, 'base64') };
    expect(defaultPayloadConverter.fromPayload((await codec!.decode([returned]))[0]!)).toEqual({ note: SECRET_TEXT });
  });

  it('answers the UI origin\'s preflight, and refuses other origins before reading anything', async () => {
    const preflight = await fetch(`${sc.url}/codec/decode`, {
      method: 'OPTIONS', headers: { Origin: UI_ORIGIN, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-namespace' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(UI_ORIGIN);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type, x-namespace, authorization');

    const other = await fetch(`${sc.url}/codec/decode`, { method: 'OPTIONS', headers: { Origin: 'http://127.0.0.1:3000', 'Access-Control-Request-Method': 'POST' } });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const op = await signedIn();
    const { stored } = await sealed();
    const cross = await post('decode', { payloads: [asJson(stored)] }, { Cookie: op.cookie, Origin: 'http://127.0.0.1:3000' });
    expect(cross.status).toBe(403);
    expect(await decodesOf(op.email)).toEqual([]);
  });

  it('bad bodies get a Problem, never a 500', async () => {
    const auth = { Authorization: `Bearer ${TOKEN}` };
    const cases: [unknown, number][] = [
      ['not json', 400], [{ payloads: {} }, 400], [{ payloads: [1] }, 400], [{ payloads: [{ data: '!!' }] }, 400], [{ payloads: [{ metadata: { encoding: 7 } }] }, 400],
      [{ payloads: [{ metadata: { encoding: b64(Buffer.from('binary/encrypted')), 'encryption-key-id': b64(Buffer.from('nobody')) }, data: b64(randomBytes(40)) }] }, 422],
      ['x'.repeat(CODEC_BODY_LIMIT_BYTES + 1), 413],
    ];
    for (const [body, status] of cases) {
      const res = await post('decode', body, auth);
      expect([JSON.stringify(body).slice(0, 80), res.status, res.headers.get('content-type')]).toEqual([JSON.stringify(body).slice(0, 80), status, 'application/problem+json']);
    }
    // Sent in chunks, without a length: refused once the limit is passed, not after.
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 2 * CODEC_BODY_LIMIT_BYTES) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const chunked = await fetch(`${sc.url}/codec/decode`, { method: 'POST', headers: auth, body: stream, duplex: 'half' } as RequestInit);
    expect(chunked.status).toBe(413);
    expect((await post('other', {}, auth)).status).toBe(404);
    expect((await fetch(`${sc.url}/codec/decode`, { headers: auth })).status).toBe(405);
  });
});
