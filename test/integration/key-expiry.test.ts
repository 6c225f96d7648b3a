import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client, ScheduleHandle } from '@temporalio/client';
import { DefaultLogger, Runtime, type NativeConnection } from '@temporalio/worker';
import type pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { createServices, type Services } from '../../src/services.js';
import { createWorker, type WorkerGroup } from '../../src/temporal/worker.js';
import { taskQueueOf } from '../../src/temporal/task-queues.js';
import { WORKFLOW_BUNDLE } from '../support/in-process-worker.js';
import { recordClosedWorkflows } from '../support/recorded-histories.js';
import { ensureKeyExpirySchedule } from '../../src/temporal/schedules.js';
import { issueApiKey, revokeApiKey } from '../../src/domain/provisioning/api-keys.js';
import { EVENT_API_VERSION } from '../../src/domain/events/event-types.js';
import { newCaller } from '../support/fixtures.js';
import { sqlClient } from '../support/database.js';

const RUN = `${process.pid}-${Date.now().toString(36)}`;
const scheduleId = `test-key-expiry-scan-${RUN}`;
const taskQueue = `test-key-expiry-${RUN}`;

let services: Services;
let client: Client;
let schedule: ScheduleHandle;
let worker: WorkerGroup;
let connection: NativeConnection;
let running: Promise<void>;
let db: pg.Client;

/** Polls `probe` until it returns a value other than undefined, or fails at the deadline. */
async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Triggers the Schedule and waits for the scan it starts to complete; returns the scan's result. */
async function triggerScan(): Promise<{ tenants: number; events: number }> {
  const seen = new Set((await schedule.describe()).info.recentActions.map((a) => a.action.workflow.workflowId));
  // A Schedule names the workflow it starts after the trigger time in whole seconds: a second
  // trigger within the same second would collide with the first and start nothing.
  await new Promise((resolve) => setTimeout(resolve, 1010 - (Date.now() % 1000)));
  await schedule.trigger();
  const started = await eventually('the triggered scan to start', async () =>
    (await schedule.describe()).info.recentActions.find((a) => !seen.has(a.action.workflow.workflowId))?.action.workflow);
  return client.workflow.getHandle(started.workflowId, started.firstExecutionRunId).result();
}

async function issue(integrationId: string, days: number, mode: 'live' | 'test' = 'live') {
  return services.orm.em.fork().transactional((em) =>
    issueApiKey(em, { integrationId, mode, cell: 'ru', expiresInDays: days, ipAllowlist: null }, services.config.secrets.apiKeyPepper, services.clock.now()));
}

/** A test key lives in the tenant's sandbox: its notice is a sandbox event. */
const tenantOfKey = async (keyId: string): Promise<string> => (await db.query('select tenant_id from api_keys where key_id = $1', [keyId])).rows[0].tenant_id;
const events = async (tenantId: string) =>
  (await db.query("select * from outbox_events where tenant_id = $1 and type = 'api_key.expiring' order by created_at, id", [tenantId])).rows;
const notices = async (keyId: string) =>
  (await db.query('select threshold_days, event_id from key_expiry_notices where key_id = $1 order by threshold_days', [keyId])).rows;

beforeAll(async () => {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  services = await createServices(loadConfig({ ...process.env, KEY_EXPIRY_SCAN_EVERY: '6h' }));
  client = await services.temporal.client();
  ({ worker, connection } = await createWorker(services, { taskQueue, scheduleId, workflowBundlePath: WORKFLOW_BUNDLE }));
  running = worker.run();
  schedule = client.schedule.getHandle(scheduleId);
  db = await sqlClient();
}, 120_000);

afterAll(async () => {
  await schedule?.delete().catch(() => undefined);
  if (worker) await recordClosedWorkflows(client, worker.members.map((m) => m.taskQueue));
  if (worker) {
    worker.shutdown();
    await running;
  }
  await connection?.close();
  await db?.end();
  await services?.close();
}, 60_000);

describe('the api-key expiry Schedule', () => {
  it('exists with the configured interval and starts apiKeyExpiryScan on the worker\'s batch task queue', async () => {
    const d = await schedule.describe();
    expect(d.spec.intervals).toEqual([expect.objectContaining({ every: 6 * 3600_000 })]);
    expect(d.action).toMatchObject({ type: 'startWorkflow', workflowType: 'apiKeyExpiryScan', taskQueue: taskQueueOf(taskQueue, 'batch') });
    expect(d.policies.overlap).toBe('SKIP');
  });

  it('a worker started with another interval brings the existing Schedule to it', async () => {
    try {
      await ensureKeyExpirySchedule(client, taskQueue, '2h', scheduleId);
      expect((await schedule.describe()).spec.intervals).toEqual([expect.objectContaining({ every: 2 * 3600_000 })]);
    } finally {
      await ensureKeyExpirySchedule(client, taskQueue, '6h', scheduleId);
    }
    expect((await schedule.describe()).spec.intervals).toEqual([expect.objectContaining({ every: 6 * 3600_000 })]);
  });
});

describe('apiKeyExpiryScan, triggered through the Schedule', () => {
  let caller: Awaited<ReturnType<typeof newCaller>>;
  const keys: Record<string, Awaited<ReturnType<typeof issue>>> = {};

  beforeAll(async () => {
    caller = await newCaller(services, { name: 'Expiring keys' });
    keys.in20 = await issue(caller.integrationId, 20);
    keys.in5 = await issue(caller.integrationId, 5);
    keys.in60 = await issue(caller.integrationId, 60);
    keys.testIn20 = await issue(caller.integrationId, 20, 'test');
    keys.revoked = await issue(caller.integrationId, 20);
    await services.orm.em.fork().transactional((em) => revokeApiKey(em, keys.revoked!.key_id, services.clock.now()));
  });

  it('raises api_key.expiring 30 days ahead, and ONE 7-day event for a key found 5 days before expiry', async () => {
    const result = await triggerScan();
    expect(result.tenants).toBeGreaterThanOrEqual(1);
    expect(result.events).toBeGreaterThanOrEqual(3);
    const rows = await events(caller.tenantId);
    const byKey = Object.fromEntries(rows.map((r) => [r.data.key_id, r]));
    expect(Object.keys(byKey).sort()).toEqual([keys.in20!.key_id, keys.in5!.key_id].sort());
    expect(rows).toHaveLength(2);
    expect((await events(await tenantOfKey(keys.testIn20!.key_id))).map((r) => r.data.key_id)).toEqual([keys.testIn20!.key_id]);
    expect(byKey[keys.in20!.key_id].data).toMatchObject({ threshold_days: 30, expires_at: keys.in20!.expires_at });
    expect(byKey[keys.in5!.key_id].data).toMatchObject({ threshold_days: 7, expires_at: keys.in5!.expires_at });
    expect(await notices(keys.in5!.key_id)).toEqual([
      { threshold_days: 7, event_id: byKey[keys.in5!.key_id].id },
      { threshold_days: 30, event_id: null },
    ]);
    expect(await notices(keys.in20!.key_id)).toEqual([{ threshold_days: 30, event_id: byKey[keys.in20!.key_id].id }]);
    expect(await notices(keys.in60!.key_id)).toEqual([]);
    expect(await notices(keys.revoked!.key_id)).toEqual([]);
  });

  it('the stored events follow the envelope rules: api_version, livemode by key mode, data with the key', async () => {
    const rows = await events(caller.tenantId);
    const live = rows.find((r) => r.data.key_id === keys.in20!.key_id);
    expect(live).toMatchObject({
      id: expect.stringMatching(/^evt_/), type: 'api_key.expiring', api_version: EVENT_API_VERSION, livemode: true,
      tenant_id: caller.tenantId, integration_id: caller.integrationId, relayed_at: null,
    });
    expect(EVENT_API_VERSION).toBe('2026-10-01');
    expect(live.data).toEqual({ key_id: keys.in20!.key_id, integration_id: caller.integrationId, expires_at: keys.in20!.expires_at, threshold_days: 30, days_left: 20 });
    const sandboxRows = await events(await tenantOfKey(keys.testIn20!.key_id));
    expect(sandboxRows.find((r) => r.data.key_id === keys.testIn20!.key_id)).toMatchObject({ livemode: false, data: { threshold_days: 30 } });
  });

  it('runs one child workflow per tenant, found in Temporal by the TenantId search attribute', async () => {
    const found = await eventually('the child in visibility', async () => {
      const list = [];
      for await (const wf of client.workflow.list({ query: `TenantId = "${caller.tenantId}"` })) list.push(wf);
      return list.length ? list : undefined;
    });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ type: 'keyExpiryNotices', taskQueue: taskQueueOf(taskQueue, 'batch'), workflowId: expect.stringMatching(new RegExp(`^api-key-expiry:${caller.tenantId}:`)) });
    expect(found[0]!.typedSearchAttributes.getAll()).toEqual(expect.arrayContaining([expect.objectContaining({ value: caller.tenantId })]));
    expect(await client.workflow.getHandle(found[0]!.workflowId).result()).toHaveLength(2);
  });

  it('a second trigger raises nothing new', async () => {
    const before = await events(caller.tenantId);
    await triggerScan();
    expect(await events(caller.tenantId)).toEqual(before);
    expect(await notices(keys.in5!.key_id)).toHaveLength(2);
  });
});
