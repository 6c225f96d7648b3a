import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CtlHarness, ctlProcess, onlyJson, uniq } from '../harness/ctl.js';
import { databaseOf, type RunningStack } from '../../src/cli/stack.js';

/** A bin/ctl process loads the whole stack; under a busy full run that takes seconds. */
const PROCESS_TIMEOUT_MS = 60_000;
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const h = new CtlHarness();
let dir: string;

beforeAll(async () => {
  await h.start();
  dir = await mkdtemp(join(tmpdir(), 'ctl-stack-'));
});
afterAll(() => h.stop());

/** A stack record as bin/up writes it, for the test api (alive: this process; answering: the api). */
async function stackFile(o: Partial<RunningStack> = {}): Promise<string> {
  const file = join(dir, `stack-${uniq()}.json`);
  const stack: RunningStack = {
    pid: process.pid, cell: 'ru', port: h.api.port, public_origin: h.api.origin, database: databaseOf(process.env.DATABASE_URL!), ...o,
  };
  await writeFile(file, JSON.stringify(stack));
  return file;
}

/** bin/ctl with this process's environment, as configured as the stack record says unless `env` changes it. */
const ctlBeside = (file: string, args: string[], env: Record<string, string> = {}) =>
  ctlProcess([...args, '--json'], { STACK_FILE: file, PORT: String(h.api.port), ...env });

describe('bin/ctl and the stack bin/up runs on this machine', () => {
  it('configured as the stack: says nothing more than its answer', async () => {
    const run = await ctlBeside(await stackFile(), ['tenant', 'create', '--name', `Same ${uniq()}`]);
    expect(onlyJson(run)).toEqual({ id: expect.any(String) });
    expect(run.stderr).toBe('');
  }, PROCESS_TIMEOUT_MS);

  it('on another cell, port or database than the stack: says so on stderr, naming each, and still answers', async () => {
    const file = await stackFile({ cell: 'en', port: 3999, database: 'postgres://127.0.0.1:5432/elsewhere' });
    const run = await ctlBeside(file, ['tenant', 'create', '--name', `Other ${uniq()}`]);
    expect(onlyJson(run)).toEqual({ id: expect.any(String) });
    expect(run.stderr).toContain(`ctl: warning: the stack bin/up runs on this machine (pid ${process.pid}, ${h.api.origin}) is not configured as this bin/ctl`);
    expect(run.stderr).toContain('cell ru here, en in the stack');
    expect(run.stderr).toContain(`port ${h.api.port} here, 3999 in the stack`);
    expect(run.stderr).toContain(`database ${databaseOf(process.env.DATABASE_URL!)} here, postgres://127.0.0.1:5432/elsewhere in the stack`);
  }, PROCESS_TIMEOUT_MS);

  it('a stack that no longer answers, or a record of a process that has ended, is not compared', async () => {
    const silent = await stackFile({ cell: 'en', public_origin: 'http://127.0.0.1:1' });
    const ended = await stackFile({ cell: 'en', pid: 2 ** 22 + 12345 });
    for (const file of [silent, ended, join(dir, 'none.json')]) {
      const run = await ctlBeside(file, ['tenant', 'create', '--name', `Gone ${uniq()}`]);
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    }
  }, PROCESS_TIMEOUT_MS);

  it('key issue --cell other than the stack\'s warns that the stack refuses the key with wrong_cell; its own cell does not', async () => {
    const p = await h.provision();
    const file = await stackFile();
    const other = onlyJson(await ctlBeside(file, ['key', 'issue', '--integration', p.integrationId, '--cell', 'en']));
    expect(other.api_key).toMatch(/^sk_live_en_/);
    expect(other.warning).toBe(`a key of cell en: the stack running on this machine (${h.api.origin}) is cell ru, which refuses it with 401 wrong_cell; use it against the en cell's base URL`);
    expect((await h.get('/me', other.api_key)).body.code).toBe('wrong_cell');
    const own = onlyJson(await ctlBeside(file, ['key', 'issue', '--integration', p.integrationId, '--cell', 'ru']));
    expect(own.warning).toBeUndefined();
    // Without a running stack, the cell ctl is configured for decides.
    expect(onlyJson(await ctlBeside(join(dir, 'none.json'), ['key', 'issue', '--integration', p.integrationId, '--cell', 'id'])).warning)
      .toBe("a key of cell id: this configuration is cell ru, which refuses it with 401 wrong_cell; use it against the id cell's base URL");
  }, PROCESS_TIMEOUT_MS);
});

describe('bin/ctl reads the same .env, environment and defaults as bin/up (bin/lib/stack-env.sh)', () => {
  const stackEnv = (root: string, env: Record<string, string>, echo = '$CELL $PORT $PUBLIC_ORIGIN $DATABASE_URL $STACK_FILE') => new Promise<string>((resolve, reject) => {
    const script = `source ${ROOT}/bin/lib/dotenv.sh; source ${ROOT}/bin/lib/stack-env.sh; load_stack_env ${root}; echo "${echo}"`;
    execFile('bash', ['-c', script], { env: { PATH: process.env.PATH!, ...env } }, (err, stdout) => (err ? reject(err) : resolve(stdout.trim())));
  });

  it('the .env file gives what the environment does not, and the defaults the rest', async () => {
    const root = await mkdtemp(join(tmpdir(), 'stack-env-'));
    await writeFile(join(root, '.env'), 'CELL=en\nPORT=3100\n');
    expect(await stackEnv(root, {})).toBe(`en 3100 http://127.0.0.1:3100 postgres://postgres@127.0.0.1:5432/sales_api ${root}/.state/stack.json`);
    expect(await stackEnv(root, { CELL: 'id' })).toBe(`id 3100 http://127.0.0.1:3100 postgres://postgres@127.0.0.1:5432/sales_api ${root}/.state/stack.json`);
  });

  it('each checkout\'s stack keeps its Redis keys under its database\'s name (the database of its own the migration step asks for); a prefix set wins, production sets its own', async () => {
    const first = await mkdtemp(join(tmpdir(), 'stack-env-'));
    const second = await mkdtemp(join(tmpdir(), 'stack-env-'));
    await writeFile(join(second, '.env'), 'DATABASE_URL=postgres://postgres@127.0.0.1:5432/sales_api_2?application_name=up\n');
    const redis = '$REDIS_URL $REDIS_KEY_PREFIX';
    expect(await stackEnv(first, {}, redis)).toBe('redis://127.0.0.1:6379/0 sales_api:');
    expect(await stackEnv(second, {}, redis)).toBe('redis://127.0.0.1:6379/0 sales_api_2:');
    expect(await stackEnv(second, { REDIS_KEY_PREFIX: 'mine:' }, redis)).toBe('redis://127.0.0.1:6379/0 mine:');
    expect(await stackEnv(first, { NODE_ENV: 'production' }, '${REDIS_KEY_PREFIX-unset}')).toBe('unset');
  });
});
