import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as workflows from '../../workflows/index.js';
import { buildIdOf } from '../../src/temporal/worker-versioning.js';
import { loadConfig } from '../../src/config.js';
import { ConfigError } from '../../src/config/config-error.js';

const SECRET = 'x'.repeat(32);
const load = (env: Record<string, string> = {}) =>
  loadConfig({ API_KEY_PEPPER: SECRET, CURSOR_SECRET: `${SECRET}c`, WEBHOOK_SECRET_KEY: `${SECRET}w`, WIDGET_SECRET: `${SECRET}v`, TEMPORAL_PAYLOAD_KEYS: 'placeholder:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=', ...env });

/** The long holds move to the current build at their next task; everything bounded stays on the one it started on. */
const AUTO_UPGRADE = ['deliveryWorkflow', 'leadScoringWorkflow', 'publicationWorkflow'];

describe('the versioning behavior of each workflow type (workflows/versioning.ts)', () => {
  it('is AUTO_UPGRADE for the long holds and PINNED for every other type the worker runs', () => {
    const behaviors = Object.fromEntries(Object.entries(workflows).map(([type, fn]) =>
      [type, (fn as { workflowDefinitionOptions?: { versioningBehavior?: string } }).workflowDefinitionOptions?.versioningBehavior]));
    expect(behaviors).toEqual(Object.fromEntries(Object.keys(workflows).map((type) => [type, AUTO_UPGRADE.includes(type) ? 'AUTO_UPGRADE' : 'PINNED'])));
  });
});

describe('the version a worker polls as', () => {
  it('has the build id of its workflow bundle: the same file the same id, a changed one another', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
    const [a, b, c] = ['a.js', 'b.js', 'c.js'].map((f) => join(dir, f));
    writeFileSync(a!, 'workflow code');
    writeFileSync(b!, 'workflow code');
    writeFileSync(c!, 'workflow code, changed');
    expect(buildIdOf(a)).toMatch(/^wf-[0-9a-f]{16}$/);
    expect(buildIdOf(b)).toBe(buildIdOf(a));
    expect(buildIdOf(c)).not.toBe(buildIdOf(a));
  });

  it('is of the deployment TEMPORAL_DEPLOYMENT, by default the task queues\' base; a name the server refuses is refused', () => {
    expect(load({ TEMPORAL_TASK_QUEUE: 'shop-api' }).temporal.deployment).toBe('shop-api');
    expect(load({ TEMPORAL_TASK_QUEUE: 'shop-api', TEMPORAL_DEPLOYMENT: 'shop' }).temporal.deployment).toBe('shop');
    for (const bad of ['shop.v2', 'shop:1', '__shop']) expect(() => load({ TEMPORAL_DEPLOYMENT: bad })).toThrow(ConfigError);
  });
});
