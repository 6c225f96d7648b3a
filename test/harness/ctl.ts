import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from '@jest/globals';
import type pg from 'pg';
import { startApi, type TestApi } from './app.js';
import { sqlClient } from './database.js';
import { call } from './http.js';
import { runCtl } from '../../src/cli/ctl.js';
import { PinnedClock } from '../../src/clock.js';

const CTL = fileURLToPath(new URL('../../bin/ctl', import.meta.url));

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** bin/ctl as an operator runs it: a child process with the test environment bin/test exported. */
export function ctlProcess(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(CTL, args, { env: { ...process.env, ...env }, timeout: 60_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

/** Exit 0 and exactly one JSON object on stdout. */
export function onlyJson(run: Run): Record<string, any> {
  expect({ code: run.code, stderr: run.code ? run.stderr : '' }).toEqual({ code: 0, stderr: '' });
  const lines = run.stdout.split('\n').filter(Boolean);
  expect(lines).toHaveLength(1);
  const value = JSON.parse(lines[0]!);
  expect(value !== null && typeof value === 'object' && !Array.isArray(value)).toBe(true);
  return value;
}

export const uniq = (): string => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/**
 * runCtl on the services of a real api (clock pinned at the start), so a command's effect is
 * checked over HTTP, and a plain SQL connection to count rows behind the api's back.
 */
export class CtlHarness {
  readonly clock = new PinnedClock(new Date(Math.floor(Date.now() / 1000) * 1000));
  api!: TestApi;
  db!: pg.Client;

  async start(): Promise<void> {
    this.api = await startApi({}, { clock: this.clock });
    this.db = await sqlClient();
  }

  async stop(): Promise<void> {
    await this.db?.end();
    await this.api?.close();
  }

  ctl = (...argv: string[]): Promise<Record<string, any>> => runCtl([...argv, '--json'], this.api.services);

  count = async (from: string, ...params: unknown[]): Promise<number> =>
    Number((await this.db.query(`select count(*)::int as n from ${from}`, params)).rows[0].n);

  get = (path: string, key: string) => call(this.api.base, 'GET', path, { key });

  /** A tenant, an integration and a key, all made through bin/ctl commands. */
  async provision(o: { features?: string; scopes?: string } = {}) {
    const tenant = await this.ctl('tenant', 'create', '--name', `Tenant ${uniq()}`, ...(o.features ? ['--features', o.features] : []));
    const integration = await this.ctl('integration', 'create', '--tenant', tenant.id, '--name', 'Shop', '--scopes', o.scopes ?? 'all');
    const key = await this.ctl('key', 'issue', '--integration', integration.id);
    return { tenantId: tenant.id as string, integrationId: integration.id as string, channelId: integration.channel_id as string, key };
  }
}
