import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dropDatabase, freshDatabase } from '../harness/database.js';
import { eventually } from '../harness/eventually.js';
import { DIST } from '../harness/in-process-worker.js';
import { WorkerProcesses, alive, exited } from '../harness/worker-processes.js';
import { ownShare } from '../harness/isolation.js';
import { TOUR_DOCUMENTS, announcedStatuses, tourBlocks } from '../harness/readme-tour.js';
import { freePort } from '../harness/api-process.js';

/**
 * The README and the guides (TOUR_DOCUMENTS) run as printed: each of their shell blocks that is
 * not marked as a synopsis, in order, the README's first, in one bash, against a stack started
 * the way bin/up starts it (a database of its own, migrated and seeded with the demo tenant; the
 * worker and the api as processes of the build on free ports), on a PATH where `uuidgen` and
 * `jq` are missing. Every curl answer must be 2xx unless its line announces the status in a
 * comment.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// About 220 commands, fifteen of them node processes (bin/ctl, bin/site-module): about a minute on a quiet
// machine, three when the two cores are shared with other suites.
const TOUR_TIMEOUT_MS = 240_000;

let databaseUrl: string;
let env: NodeJS.ProcessEnv;
let api: ChildProcess | undefined;
let apiPort: number;
let metricsPort: number;
let apiOutput = '';
const workers = new WorkerProcesses(() => env);


function run(file: string, args: string[], o: { env: NodeJS.ProcessEnv; cwd?: string; timeoutMs: number }): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(file, args, { env: o.env, cwd: o.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => { stdout += c; });
    child.stderr.setEncoding('utf8').on('data', (c: string) => { stderr += c; });
    const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs);
    child.once('exit', (code) => { clearTimeout(timer); resolve({ code, stdout, stderr }); });
  });
}

beforeAll(async () => {
  databaseUrl = await freshDatabase('readme_tour');
  [apiPort, metricsPort] = [await freePort(), await freePort()];
  env = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    PORT: String(apiPort),
    PUBLIC_ORIGIN: `http://127.0.0.1:${apiPort}`,
    METRICS_PORT: String(metricsPort),
    WORKER_METRICS_PORT: String(await freePort()),
    ...ownShare('readme-tour').env,
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    // The site-module block's module: docs/integrating.md's demo shop address, its blog in a directory of the test's own.
    DEMO_PORT: '3001',
    DEMO_BLOG_DIR: await mkdtemp(join(tmpdir(), 'readme-tour-blog-')),
  };
  // bin/up: the demo tenant first, then the worker and the api.
  const seeded = await run(process.execPath, [join(DIST, 'src', 'cli', 'ctl.js'), 'demo', 'seed', '--json'], { env, timeoutMs: 60_000 });
  expect({ code: seeded.code, stderr: seeded.stderr }).toEqual({ code: 0, stderr: '' });
  await workers.start();
  api = spawn(process.execPath, [join(DIST, 'src', 'server.js')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  api.stdout!.on('data', (c: Buffer) => { apiOutput += c.toString(); });
  api.stderr!.on('data', (c: Buffer) => { apiOutput += c.toString(); });
  await eventually('the api to be ready', async () => {
    if (!alive(api!)) throw new Error(`the api ended: ${apiOutput.slice(-2000)}`);
    return (await fetch(`http://127.0.0.1:${apiPort}/readyz`).then((r) => r.ok, () => false)) || undefined;
  });
}, 120_000);

afterAll(async () => {
  if (api && alive(api)) api.kill('SIGTERM');
  if (api) await exited(api);
  await workers.stopAll();
  if (databaseUrl) await dropDatabase(databaseUrl);
}, 60_000);

describe('README and guides: the tour runs as printed', () => {
  it('runs every shell block of the README and the guides (synopses left out) with bash and curl, without uuidgen or jq; every answer is 2xx or announced', async () => {
    const documents = await Promise.all(TOUR_DOCUMENTS.map(async (name) => {
      const text = await readFile(join(ROOT, name), 'utf8');
      return { name, lines: text.split('\n'), blocks: tourBlocks(text, name) };
    }));
    expect(documents[0]!.blocks.length).toBeGreaterThanOrEqual(3);

    // curl reports each answer's status on stderr with the script line that called it.
    const preamble = [
      'curl() { command curl -w "%{stderr}@@status %{http_code} ${BASH_LINENO[0]}\\n" "$@"; }',
    ];
    const scriptLines = [...preamble];
    // Each script line's document and line there (0 for the preamble).
    const sourceOf: { doc: number; line: number }[] = preamble.map(() => ({ doc: 0, line: 0 }));
    documents.forEach(({ blocks }, doc) => {
      for (const block of blocks) {
        block.lines.forEach((text, i) => {
          // As printed, except the addresses of this test's stack instead of bin/up's defaults.
          scriptLines.push(text.replaceAll('127.0.0.1:3000', `127.0.0.1:${apiPort}`).replaceAll('127.0.0.1:9465', `127.0.0.1:${metricsPort}`));
          sourceOf.push({ doc, line: block.line + i });
        });
      }
    });
    const dir = await mkdtemp(join(tmpdir(), 'readme-tour-'));
    const script = join(dir, 'tour.sh');
    await writeFile(script, `${scriptLines.join('\n')}\n`);
    // A machine without uuidgen and jq: both answer "command not found" first on the PATH.
    const missing = join(dir, 'missing');
    await mkdir(missing);
    for (const tool of ['uuidgen', 'jq']) {
      await writeFile(join(missing, tool), `#!/bin/sh\necho "${tool}: command not found" >&2\nexit 127\n`);
      await chmod(join(missing, tool), 0o755);
    }
    const tour = await run('bash', [script], { env: { ...env, PATH: `${missing}${delimiter}${process.env.PATH}` }, cwd: ROOT, timeoutMs: TOUR_TIMEOUT_MS });

    // Kept for a failing run: what the tour printed.
    await writeFile(join(dir, 'tour.out'), tour.stdout);
    await writeFile(join(dir, 'tour.err'), tour.stderr);
    const statuses = [...tour.stderr.matchAll(/^@@status (\d{3}) (\d+)$/gm)].map((m) => ({ status: m[1]!, ...sourceOf[Number(m[2]) - 1]! }));
    const otherStderr = tour.stderr.split('\n').filter((l) => l && !l.startsWith('@@status')).join('\n');
    expect({ code: tour.code, stderr: otherStderr }).toEqual({ code: 0, stderr: '' });
    expect(statuses.length).toBeGreaterThanOrEqual(20);
    const unannounced = statuses
      .filter(({ status, doc, line }) => !status.startsWith('2') && !announcedStatuses(documents[doc]!.lines, line).has(status))
      .map(({ status, doc, line }) => `${documents[doc]!.name}:${line} answered ${status}: ${documents[doc]!.lines[line - 1]}`);
    expect(unannounced).toEqual([]);

    // The client's first call (issue 43 item 1): installed from its tarball into a fresh npm project,
    // a complete .mjs run as printed: the key, the leads, a paid AI reply within its wait, a typed 422.
    expect(tour.stdout).toMatch(/^key key_\w+ \(live\): \d+ scopes, wallet [\d.]+ RUB$/m);
    expect(tour.stdout).toMatch(/^new leads: .+$/m);
    expect(tour.stdout).toMatch(/^AI reply: replied, operation succeeded$/m);
    expect(tour.stdout).toMatch(/^422 validation_failed at \S*limit, request \S+$/m);

    // The publication blocks (issue 31 item 8): the module's result answered once applied, and the
    // site module (token from SITE_TOKEN) printed its site id, published the article and stopped.
    expect(tour.stdout).toMatch(/"state":"applied","published_url":"https:\/\/shop\.example\.com\/blog\/oak-or-beech-legs","accepted":true/);
    const siteId = /site module: site ([0-9a-f-]{36}); pages go to /.exec(tour.stdout)?.[1];
    expect(siteId).toBeDefined();
    expect(tour.stdout).toMatch(/"status":"published"[^\n]*"published_url":"http:\/\/localhost:3001\/blog\/lamps"|"published_url":"http:\/\/localhost:3001\/blog\/lamps"[^\n]*"status":"published"/);
    expect(tour.stdout).toMatch(new RegExp(`"site_id":"${siteId}"[^\\n]*"working":true[^\\n]*"pending_jobs":0`));
    expect(tour.stdout).toMatch(/^site module: stopped$/m);
    expect(await readFile(join(env.DEMO_BLOG_DIR!, 'lamps.json'), 'utf8')).toContain('Warm light.');
  }, TOUR_TIMEOUT_MS + 30_000);
});
