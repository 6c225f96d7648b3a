import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client, ScheduleHandle } from '@temporalio/client';
import type pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { createServices, type Services } from '../../src/services.js';
import { taskQueueOf } from '../../src/temporal/task-queues.js';
import { InProcessWorker } from '../harness/in-process-worker.js';
import { ownShare } from '../harness/isolation.js';
import { issueApiKey, revokeApiKey } from '../../src/domain/provisioning/api-keys.js';
import { EVENT_API_VERSION } from '../../src/domain/events/event-types.js';
import type { SweepTotals } from '../../workflows/tenant-sweep-contract.js';
import { newCaller } from '../harness/fixtures.js';
import { dropDatabase, freshDatabase, sqlClient } from '../harness/database.js';
import { eventually } from '../harness/eventually.js';
import { runsOf, triggerSchedule } from '../harness/workflow-runs.js';

const share = ownShare('key-expiry');
const taskQueue = share.taskQueue;
let scheduleId: string;
/** Tenants per page of the scan: two, so a handful of tenants takes several pages. */
const PAGE = 2;

// A database of its own: the scan walks every tenant with a key due, so the counts are exact.
let databaseUrl: string;
let services: Services;
let client: Client;
let schedule: ScheduleHandle;
let worker: InProcessWorker;
let db: pg.Client;

/** Triggers the Schedule and waits for the scan it starts to end (every run of it); answers its id and totals. */
async function triggerScan(): Promise<{ workflowId: string; totals: SweepTotals }> {
  const seen = new Set((await schedule.describe()).info.recentActions.map((a) => a.action.workflow.workflowId));
  await triggerSchedule(schedule);
  const started = await eventually('the triggered scan to start', async () =>
    (await schedule.describe()).info.recentActions.find((a) => !seen.has(a.action.workflow.workflowId))?.action.workflow, 20_000);
  const totals = await client.workflow.getHandle(started.workflowId, started.firstExecutionRunId).result() as SweepTotals;
  return { workflowId: started.workflowId, totals };
}

/** A tenant's notices workflow of a scan, and what it raised (the scan starts it and does not wait). */
const childId = (scanId: string, tenantId: string) => `api-key-expiry:${tenantId}:${scanId}`;
/** The first scan of the file (two tenants): the later one at five compares its runs with it. */
let first: Awaited<ReturnType<typeof triggerScan>>;

const raisedBy = (scanId: string, tenantId: string): Promise<string[]> => client.workflow.getHandle(childId(scanId, tenantId)).result();

async function issue(integrationId: string, days: number, mode: 'live' | 'test' = 'live') {
  return services.orm.em.fork().transactional((em) =>
    issueApiKey(em, { integrationId, mode, cell: 'ru', expiresInDays: days, ipAllowlist: null }, services.config.secrets.apiKeyPepper, services.clock.now(), services.issuedKeys));
}

/** A test key lives in the tenant's sandbox: its notice is a sandbox event. */
const tenantOfKey = async (keyId: string): Promise<string> => (await db.query('select tenant_id from api_keys where key_id = $1', [keyId])).rows[0].tenant_id;
const events = async (tenantId: string) =>
  (await db.query("select * from outbox_events where tenant_id = $1 and type = 'api_key.expiring' order by created_at, id", [tenantId])).rows;
const notices = async (keyId: string) =>
  (await db.query('select threshold_days, event_id from key_expiry_notices where key_id = $1 order by threshold_days', [keyId])).rows;

beforeAll(async () => {
  databaseUrl = await freshDatabase('key_expiry');
  services = await createServices(loadConfig({ ...process.env, ...share.env, DATABASE_URL: databaseUrl, KEY_EXPIRY_SCAN_EVERY: '6h', TENANT_SWEEP_PAGE: String(PAGE) }));
  client = await services.temporal.client();
  worker = new InProcessWorker(services);
  await worker.start();
  scheduleId = worker.scheduleIds.keyExpiry;
  schedule = client.schedule.getHandle(scheduleId);
  db = await sqlClient(databaseUrl);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await db?.end();
  await services?.close();
  if (databaseUrl) await dropDatabase(databaseUrl);
}, 60_000);

describe('the api-key expiry Schedule', () => {
  it('exists with the configured interval and starts the key-expiry tenant sweep, paged, not spread, on the worker\'s batch task queue', async () => {
    const d = await schedule.describe();
    expect(d.spec.intervals).toEqual([expect.objectContaining({ every: 6 * 3600_000 })]);
    expect(d.action).toMatchObject({ type: 'startWorkflow', workflowType: 'tenantSweep', taskQueue: taskQueueOf(taskQueue, 'batch') });
    expect(d.action.type === 'startWorkflow' && d.action.args).toEqual([{ kind: 'key-expiry', pageSize: PAGE, spreadMs: 0 }]);
    expect(d.policies.overlap).toBe('SKIP');
  });
});

describe('the key-expiry scan, triggered through the Schedule', () => {
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
    first = await triggerScan();
    // The tenant and its sandbox (the test key's): one page of two, then an empty one.
    expect(first.totals).toEqual({ tenants: 2, started: 2, skipped: 0, pages: 2 });
    const sandbox = await tenantOfKey(keys.testIn20!.key_id);
    expect(await raisedBy(first.workflowId, caller.tenantId)).toHaveLength(2);
    expect(await raisedBy(first.workflowId, sandbox)).toHaveLength(1);
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
    expect(found[0]).toMatchObject({ type: 'keyExpiryNotices', taskQueue: taskQueueOf(taskQueue, 'batch'), workflowId: childId(first.workflowId, caller.tenantId) });
    expect(found[0]!.typedSearchAttributes.getAll()).toEqual(expect.arrayContaining([expect.objectContaining({ value: caller.tenantId })]));
    expect(await client.workflow.getHandle(found[0]!.workflowId).result()).toHaveLength(2);
  });

  it('a second trigger raises nothing new', async () => {
    const before = await events(caller.tenantId);
    const second = await triggerScan();
    expect(second.totals).toEqual({ tenants: 0, started: 0, skipped: 0, pages: 1 });
    expect(await events(caller.tenantId)).toEqual(before);
    expect(await notices(keys.in5!.key_id)).toHaveLength(2);
  });
});

describe('the key-expiry scan at more tenants than a page', () => {
  it('pages two tenants at a time, continuing as new; no payload grows; a failing tenant stops none of the rest', async () => {
    const callers = [];
    for (let i = 0; i < 5; i += 1) {
      const caller = await newCaller(services, { name: `Expiring ${i}` });
      callers.push({ caller, key: await issue(caller.integrationId, 20) });
    }
    // The tenant first in the walk cannot record its notice: the database refuses it.
    callers.sort((a, b) => a.caller.tenantId.localeCompare(b.caller.tenantId));
    const [broken, ...healthy] = callers;
    await db.query(`create function refuse_broken_key() returns trigger language plpgsql as $$
      begin if new.key_id = '${broken!.key.key_id}' then raise exception 'key % is broken', new.key_id; end if; return new; end $$`);
    await db.query('create trigger refuse_broken_key before insert on key_expiry_notices for each row execute function refuse_broken_key()');
    try {
      const scan = await triggerScan();
      // Five tenants in pages of two: three runs, the first two continued as new; every tenant's notices started.
      expect(scan.totals).toEqual({ tenants: 5, started: 5, skipped: 0, pages: 3 });
      for (const { caller, key } of healthy) {
        expect(await raisedBy(scan.workflowId, caller.tenantId)).toHaveLength(1);
        expect((await events(caller.tenantId)).map((r) => r.data)).toEqual([expect.objectContaining({ key_id: key.key_id, threshold_days: 30 })]);
      }
      // The scan ended while the broken tenant still retries (Running under its TenantId), its notice not raised.
      const brokenChild = client.workflow.getHandle(childId(scan.workflowId, broken!.caller.tenantId));
      expect((await brokenChild.describe()).status.name).toBe('RUNNING');
      expect(await events(broken!.caller.tenantId)).toEqual([]);
      await brokenChild.terminate('broken tenant (test)');

      const runs = await eventually('every run of the scan in visibility', async () => {
        const r = await runsOf(client, scan.workflowId);
        return r.length === 3 ? r : undefined;
      }, 30_000);
      expect(runs.map((r) => r.status).sort()).toEqual(['COMPLETED', 'CONTINUED_AS_NEW', 'CONTINUED_AS_NEW']);
      for (const run of runs) expect(run.events).toBeLessThan(60);
      // The first scan walked two tenants: at five, the largest event gains no tenant ids (36 bytes each).
      const largest = (rs: typeof runs) => Math.max(...rs.map((r) => r.largestEvent));
      expect(largest(runs)).toBeLessThan(largest(await runsOf(client, first.workflowId)) + 24);
    } finally {
      await db.query('drop trigger refuse_broken_key on key_expiry_notices');
      await db.query('drop function refuse_broken_key');
    }
  }, 180_000);
});
