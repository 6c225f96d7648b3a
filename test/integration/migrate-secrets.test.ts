import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DIST } from '../support/in-process-worker.js';
import { dropDatabase, freshDatabase } from '../support/database.js';
import { REQUIRED_SECRETS } from '../../src/config.js';

/**
 * bin/up's migration step on a database another checkout's secrets wrote (issue 31, item 10):
 * it refuses, naming the checkout that wrote it, instead of serving data its secrets cannot read.
 */
let url: string;

beforeAll(async () => {
  url = await freshDatabase('migrate_secrets');
});

afterAll(async () => {
  if (url) await dropDatabase(url);
});

const secrets = (seed: string) => Object.fromEntries(REQUIRED_SECRETS.map((name) => [name, `${seed}-${name}-0123456789abcdef0123456789abcdef`]));

function migrate(env: Record<string, string>, cwd: string): Promise<{ code: number; stderr: string }> {
  // bin/test's development-only settings, which a production start refuses.
  const { WEBHOOK_ALLOW_PRIVATE_NETWORKS: _private, WEBHOOK_RESOLVE: _resolve, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(process.execPath, [join(DIST, 'src/cli/migrate.js')], { cwd, env: { ...inherited, DATABASE_URL: url, NODE_ENV: 'development', ...env }, timeout: 60_000 },
      (err, _stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stderr }));
  });
}

describe('the migration step of a local stack', () => {
  it('takes a database for the secrets that first migrate it, then refuses other secrets and names the checkout that wrote it', async () => {
    const name = new URL(url).pathname.slice(1);
    expect(await migrate(secrets('first'), '/tmp')).toMatchObject({ code: 0 });
    expect(await migrate(secrets('first'), '/')).toMatchObject({ code: 0 });

    const second = await migrate(secrets('second'), '/');
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`the database ${name} was written with other secrets (by the checkout at /tmp,`);
    expect(second.stderr).toContain(`DATABASE_URL=postgres://…/${name}_2`);
    expect(second.stderr).not.toContain('second-');
  });

  it('leaves a production database to its deploys: rotated secrets migrate it', async () => {
    // A deployment that serves the builtin models says so (docs/decisions.md, "No placeholder billed as AI in production").
    expect(await migrate({ ...secrets('rotated'), NODE_ENV: 'production', AI_ALLOW_BUILTIN_IN_PRODUCTION: 'true' }, '/')).toMatchObject({ code: 0 });
  });
});
