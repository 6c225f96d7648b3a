import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DIST } from '../harness/in-process-worker.js';
import { dropDatabase, freshDatabase } from '../harness/database.js';
import { REQUIRED_SECRETS } from '../../src/config.js';
import { initORM } from '../../src/db/orm.js';
import { appliedMigrations } from '../../src/db/migrations.js';
import { claimForSecrets, secretsFingerprint } from '../../src/db/stack-secrets.js';

/**
 * bin/up's migration step on a database another checkout's secrets wrote (issue 31, item 10):
 * it refuses, naming the checkout that wrote it, instead of serving data its secrets cannot read;
 * and it refuses before it migrates (issue 42, item 11).
 */
let url: string;
/** A database the first checkout wrote at the migration that records the secrets: later ones are pending. */
let behind: string;
const RECORDS_SECRETS = 'Migration20261127000200StackSecrets';

beforeAll(async () => {
  url = await freshDatabase('migrate_secrets');
  behind = await freshDatabase('migrate_secrets_behind', RECORDS_SECRETS);
});

afterAll(async () => {
  if (url) await dropDatabase(url);
  if (behind) await dropDatabase(behind);
});

const secrets = (seed: string) => Object.fromEntries(REQUIRED_SECRETS.map((name) => [name, `${seed}-${name}-0123456789abcdef0123456789abcdef`]));

/** The migrations `database` has applied, read behind the step's back. */
async function migrationsOf(database: string): Promise<string[]> {
  const orm = await initORM({ databaseUrl: database, dbPoolMax: 1 });
  try {
    return [...await appliedMigrations(orm)].sort();
  } finally {
    await orm.close(true);
  }
}

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
    // The whole URL a newcomer puts in .env: user, host and port as this one's, another name.
    expect(second.stderr).toContain(`(DATABASE_URL=postgres://postgres@127.0.0.1:5432/${name}_2 in .env)`);
    expect(second.stderr).not.toContain('second-');
  });

  it('refuses other secrets before it migrates: the pending migrations stay pending, and a password in the URL is not printed', async () => {
    const name = new URL(behind).pathname.slice(1);
    const orm = await initORM({ databaseUrl: behind, dbPoolMax: 1 });
    try {
      await claimForSecrets(orm.em.fork(), secretsFingerprint(secrets('first')), '/tmp', behind);
    } finally {
      await orm.close(true);
    }
    const before = await migrationsOf(behind);
    expect(before.at(-1)).toBe(RECORDS_SECRETS);

    const withPassword = new URL(behind);
    withPassword.password = 'not-for-the-log';
    const second = await migrate({ ...secrets('second'), DATABASE_URL: withPassword.toString() }, '/');
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`the database ${name} was written with other secrets (by the checkout at /tmp,`);
    expect(second.stderr).not.toMatch(/applied|up to date/);
    expect(second.stderr).toContain(`(DATABASE_URL=postgres://postgres:<password>@127.0.0.1:5432/${name}_2 in .env)`);
    expect(second.stderr).not.toContain('not-for-the-log');
    expect(await migrationsOf(behind)).toEqual(before);

    const first = await migrate({ ...secrets('first'), DATABASE_URL: behind }, '/');
    expect(first).toMatchObject({ code: 0, stderr: expect.stringContaining('applied Migration20261127000700DeliveryOrder') });
    expect((await migrationsOf(behind)).length).toBeGreaterThan(before.length);
  });

  it('leaves a production database to its deploys: rotated secrets migrate it', async () => {
    // A deployment that serves the builtin models says so (docs/decisions.md, "No placeholder billed as AI in production").
    expect(await migrate({ ...secrets('rotated'), NODE_ENV: 'production', AI_ALLOW_BUILTIN_IN_PRODUCTION: 'true' }, '/')).toMatchObject({ code: 0 });
  });
});
