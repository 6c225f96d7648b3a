import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { freePort } from '../harness/api-process.js';

/**
 * The cluster smoke's own PostgreSQL (bin/cluster-faults, which bin/test runs; issue 42 item
 * 10) from a checkout in a folder no other user may enter, as a fresh clone in `mktemp -d` or
 * under /root: under root the server runs as postgres, and initdb into the checkout's .state/
 * answered "Permission denied". Its data now lives in a directory of the run's own under /tmp
 * (bin/lib/own-postgres.sh), started and stopped by the smoke's own code (test/bench/cluster-stack.ts).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function ownPostgres(script: string, cwd: string, env: Record<string, string> = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  const lib = `set -euo pipefail; source ${ROOT}/bin/lib/services.sh; source ${ROOT}/bin/lib/own-postgres.sh; `;
  return new Promise((resolve) => {
    execFile('bash', ['-c', lib + script], { cwd, env: { ...process.env, ...env }, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr }));
  });
}

describe('the cluster smoke\'s own PostgreSQL', () => {
  it('from a checkout only its owner may enter: initdb, start, answer and stop; the directory goes at the end and its log stays with the run\'s', async () => {
    // A private checkout (mkdtemp makes it mode 700), its run's logs inside it.
    const checkout = mkdtempSync(join(tmpdir(), 'private-checkout-'));
    expect(statSync(checkout).mode & 0o777).toBe(0o700);
    const logs = join(checkout, '.state/cluster-faults/logs');
    mkdirSync(logs, { recursive: true });

    const init = await ownPostgres(`own_postgres_init "${logs}/initdb.log"; echo "$OWN_PG_DIR $OWN_PG_BIN"`, checkout);
    expect(init).toMatchObject({ code: 0, stderr: expect.not.stringContaining('failed') });
    const [dir, bin] = init.stdout.trim().split(' ') as [string, string];
    expect(dir).toMatch(/^\/tmp\/sales-api-postgres\.\w+$/);
    expect(readFileSync(join(logs, 'initdb.log'), 'utf8')).toContain('Success');

    // The smoke's own start and stop (test/bench/cluster-stack.ts reads these at import).
    const port = await freePort();
    Object.assign(process.env, { FAULTS_PG_DIR: dir, FAULTS_PG_BIN: bin, FAULTS_PG_PORT: String(port), FAULTS_RUN_DIR: join(checkout, '.state/cluster-faults') });
    const { startPostgres, stopPostgres } = await import('../bench/cluster-stack.js');
    await startPostgres();
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await client.connect();
    try {
      expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
    stopPostgres('fast');

    const removed = await ownPostgres(`own_postgres_remove "${logs}/postgres.log"`, checkout, { OWN_PG_DIR: dir, OWN_PG_BIN: bin });
    expect(removed.code).toBe(0);
    expect(existsSync(dir)).toBe(false);
    expect(readFileSync(join(logs, 'postgres.log'), 'utf8')).toContain('database system is ready to accept connections');
  });

  it('a run that ends with its server still up stops it before removing the directory', async () => {
    const checkout = mkdtempSync(join(tmpdir(), 'private-checkout-'));
    const port = await freePort();
    const run = await ownPostgres(`own_postgres_init "${checkout}/initdb.log"
      own_postgres_run pg_ctl -D "$OWN_PG_DIR/data" -l "$OWN_PG_DIR/postgres.log" -o "-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=$OWN_PG_DIR" -w -t 60 start >/dev/null
      echo "$OWN_PG_DIR"
      own_postgres_remove "${checkout}/postgres.log"`, checkout);
    expect(run).toMatchObject({ code: 0, stderr: expect.not.stringContaining('failed') });
    expect(existsSync(run.stdout.trim())).toBe(false);
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`, connectionTimeoutMillis: 2000 });
    await expect(client.connect()).rejects.toThrow();
  });
});
