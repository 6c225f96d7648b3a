import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../harness/api-process.js';

/**
 * The balancer of `bin/up --cluster` (deploy/haproxy/haproxy.cfg, HAProxy as the cluster runs
 * it) in front of two local HTTP servers standing in for the apis: when no api passes its
 * /readyz check (a dependency down for all) requests still reach an api (fail open), and when
 * no api can be reached at all the balancer answers the api's 503 Problem, not its HTML page
 * (docs/decisions.md, "Health checks that do not take a busy api out, and fail open").
 */

const CONFIG = 'deploy/haproxy/haproxy.cfg';


/** An "api" whose /readyz answers 503 (its dependencies down) and every other path 200 with its name. */
function notReadyApi(name: string, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.url === '/readyz') res.writeHead(503, { 'content-type': 'application/json' }).end('{"status":"not_ready"}');
    else res.writeHead(200, { 'content-type': 'text/plain' }).end(name);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

let balancer: ChildProcess | undefined;
const apis: http.Server[] = [];
let origin = '';
let apiPorts: number[] = [];

beforeAll(async () => {
  // bin/test installs HAProxy when it is missing (ensure_haproxy).
  expect(spawnSync('haproxy', ['-v']).status).toBe(0);
  const port = await freePort();
  apiPorts = [await freePort(), await freePort()];
  origin = `http://127.0.0.1:${port}`;
  balancer = spawn('haproxy', ['-db', '-f', CONFIG], {
    env: { PATH: process.env.PATH!, BALANCER_HOST: '127.0.0.1', PORT: String(port), API_1_HOST: '127.0.0.1', API_2_HOST: '127.0.0.1', API_1_PORT: String(apiPorts[0]), API_2_PORT: String(apiPorts[1]), PUBLIC_ORIGIN: origin },
    stdio: 'ignore',
  });
  for (let i = 0; i < 50 && !(await fetch(`${origin}/`).then(() => true, () => false)); i++) await sleep(100);
}, 30_000);

afterAll(async () => {
  balancer?.kill();
  for (const s of apis) await new Promise((resolve) => s.close(resolve));
});

describe('the balancer (deploy/haproxy/haproxy.cfg)', () => {
  it('answers a 503 Problem of the catalogue, with Retry-After and a request id, when no api can be reached', async () => {
    const res = await fetch(`${origin}/api/public/v1/me`);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.headers.get('retry-after')).toBe('5');
    const body = await res.json() as Record<string, unknown>;
    expect(body).toMatchObject({ type: `${origin}/developers/errors#service_unavailable`, status: 503, code: 'service_unavailable', title: 'Service unavailable' });
    expect(body.request_id).toBe(res.headers.get('x-request-id'));
  });

  it('still sends requests to the apis when none passes its /readyz check (fails open)', async () => {
    apis.push(await notReadyApi('api-1', apiPorts[0]!), await notReadyApi('api-2', apiPorts[1]!));
    // Out after 2 failed checks a second apart: wait until both are surely out.
    await sleep(4000);
    const answers = await Promise.all([1, 2, 3, 4].map(() => fetch(`${origin}/api/public/v1/me`).then(async (r) => `${r.status} ${await r.text()}`)));
    expect(answers.every((a) => /^200 api-[12]$/.test(a))).toBe(true);
  }, 15_000);
});
