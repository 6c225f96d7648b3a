import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { startApi, type TestApi } from '../harness/app.js';
import { ownShare } from '../harness/isolation.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { sqlClient } from '../harness/database.js';
import { eventually } from '../harness/eventually.js';
import { InProcessWorker } from '../harness/in-process-worker.js';
import { consoleRequest, newOperator, sessionOf, type TestOperator } from '../harness/operators.js';
import { HOOKS_ENV, newWebhook, seedDelivery } from './webhooks-fixtures.js';
import { serveSupportConsole, type SupportConsole } from '../../src/console/server.js';
import { supportConsoleSettings } from '../../src/console/settings.js';
import { SESSION_COOKIE, formToken } from '../../src/console/operators/sessions.js';
import { recoveryReplayId } from '../../src/domain/webhooks/replay.js';
import { createRecoveryActivities } from '../../activities/recovery.js';
import { recoveryProgressQuery, recoveryWorkflowId, type RecoveryInput, type RecoveryJob } from '../../workflows/recovery-contract.js';

/**
 * Issue 41 item 5, the support console's replays and recoveries: a replay that may send an event
 * twice (the original still retrying or held, or already replayed) asks first, and the replay's
 * page says who made it; a recovery by range is counted and confirmed first, refused above
 * SUPPORT_RECOVERY_MAX, and runs as a Temporal workflow (workflows/recovery.ts) whose progress
 * any console process reads, so it outlives the console that started it.
 */

const T0 = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 48 * 3600_000);
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
/** The datetime-local values of the console's range form (UTC). */
const RANGE = { since: at(0).toISOString().slice(0, 16), until: at(60).toISOString().slice(0, 16) };

let api: TestApi;
let worker: InProcessWorker;
let sql: pg.Client;
let caller: Caller;
let operator: TestOperator;
let cookie: string;
const consoles: SupportConsole[] = [];

const openConsole = async (env: Record<string, string> = {}) => {
  const sc = await serveSupportConsole(api.services, supportConsoleSettings({ SUPPORT_PORT: '0', SUPPORT_RECOVERY_PAGE: '2', ...env })!);
  consoles.push(sc);
  return sc;
};

beforeAll(async () => {
  api = await startApi({ ...HOOKS_ENV, ...ownShare('support-recovery').env });
  worker = new InProcessWorker(api.services);
  await worker.start();
  sql = await sqlClient();
  caller = await newCaller(api.services);
  operator = await newOperator(api.services, 'operator');
  cookie = await sessionOf(api.services, operator);
}, 60_000);

afterAll(async () => {
  for (const sc of consoles) await sc.close();
  await worker?.stop();
  await sql?.end();
  await api?.close();
});

const get = (sc: SupportConsole, path: string) => consoleRequest(sc.url, path, { headers: { Cookie: `${SESSION_COOKIE}=${cookie}` } });
const post = (sc: SupportConsole, path: string, fields: Record<string, string> = {}) =>
  consoleRequest(sc.url, path, { body: new URLSearchParams({ token: formToken(cookie), ...fields }).toString(), headers: { Cookie: `${SESSION_COOKIE}=${cookie}` } });
const replaysOf = async (id: string) => (await sql.query('select id from webhook_deliveries where replay_of = $1 order by created_at, id', [id])).rows.map((r) => r.id as string);
const textOf = (body: string) => body.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
/** What a delivery's page says under "Made by". */
const madeByOf = (body: string) => textOf(/<dd id="made-by">(.*?)<\/dd>/s.exec(body)?.[1] ?? '');

describe('a replay that may send the event twice', () => {
  it('asks first (the first POST makes nothing), makes it on the second, and the replay shows who made it', async () => {
    const sc = await openConsole();
    const hook = await newWebhook(api, caller);
    const retrying = await seedDelivery(api.services, hook, caller, { state: 'failed', createdAt: at(1) });

    const asked = await post(sc, `/deliveries/${retrying.id}/replay`);
    expect(asked.status).toBe(200);
    expect(textOf(asked.body)).toContain(`it is still retrying (next attempt ${new Date(at(1).getTime() + 300_000).toISOString()})`);
    expect(asked.body).toContain('<input type="hidden" name="confirm" value="yes">');
    expect(await replaysOf(retrying.id)).toEqual([]);

    const made = await post(sc, `/deliveries/${retrying.id}/replay`, { confirm: 'yes' });
    expect(made.status).toBe(303);
    const [replayId] = await replaysOf(retrying.id);
    expect(made.headers.location).toBe(`/deliveries/${replayId}?notice=replayed`);
    const page = await get(sc, `/deliveries/${replayId}`);
    expect(madeByOf(page.body)).toMatch(new RegExp(`^a replay by ${operator.email} at \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} UTC$`));

    // Already replayed (and still retrying): asked again, naming the replay.
    const again = await post(sc, `/deliveries/${retrying.id}/replay`);
    expect(again.status).toBe(200);
    expect(textOf(again.body)).toContain(`its event was already replayed (${replayId})`);
    expect(await replaysOf(retrying.id)).toEqual([replayId]);

    // A dead delivery never replayed goes at once.
    const dead = await seedDelivery(api.services, hook, caller, { state: 'dead', createdAt: at(2) });
    expect((await post(sc, `/deliveries/${dead.id}/replay`)).status).toBe(303);
    expect(await replaysOf(dead.id)).toHaveLength(1);
    const { rows } = await sql.query("select detail from support_actions where action = 'delivery.replay' and target_id = any($1::text[]) order by created_at", [[retrying.id, dead.id]]);
    expect(rows.map((r) => r.detail.confirmed ?? false)).toEqual([true, false]);
  });
});

describe('a recovery by range', () => {
  it('shows the count first, runs as a workflow, and a console started afterwards reads its progress to the end', async () => {
    const first = await openConsole();
    const hook = await newWebhook(api, caller);
    const dead = [];
    for (const minute of [1, 2, 3]) dead.push(await seedDelivery(api.services, hook, caller, { state: 'dead', createdAt: at(minute) }));
    await seedDelivery(api.services, hook, caller, { state: 'delivered', createdAt: at(4) });

    const counted = await post(first, `/webhooks/${hook.id}/recover`, RANGE);
    expect(counted.status).toBe(200);
    expect(textOf(counted.body)).toContain('3 failed or dead deliveries created from');
    for (const d of dead) expect(await replaysOf(d.id)).toEqual([]);

    const started = await post(first, `/webhooks/${hook.id}/recover`, { ...RANGE, since: `${RANGE.since}:00`, until: `${RANGE.until}:00`, confirm: 'yes' });
    expect(started.status).toBe(303);
    const jobId = /^\/recoveries\/([0-9a-f-]{36})$/.exec(started.headers.location as string)![1]!;
    // The console that started it goes; another (a restarted process) reads the job from its workflow.
    await first.close();
    consoles.splice(consoles.indexOf(first), 1);
    const second = await openConsole();
    await eventually('the recovery finished, as the new console shows it', async () => {
      const page = await get(second, `/recoveries/${jobId}`);
      return page.body.includes('id="recovery-done"') ? page : undefined;
    }, 60_000).then((page) => expect(textOf(page.body)).toContain('Replayed 3; skipped 0'));

    const client = await api.services.temporal.client();
    const job = await client.workflow.getHandle(recoveryWorkflowId(jobId)).result() as RecoveryJob;
    expect(job.progress).toMatchObject({ state: 'finished', replayed: 3, skipped: 0, pages: 2 });
    expect(job.input).toMatchObject({ jobId, operator: operator.email, webhookId: hook.id, total: 3, max: 10_000, pageSize: 2 });
    expect(await client.workflow.getHandle(recoveryWorkflowId(jobId)).query(recoveryProgressQuery)).toEqual(job);
    for (const d of dead) expect(await replaysOf(d.id)).toEqual([recoveryReplayId(jobId, d.id)]);
    const replayPage = await get(second, `/deliveries/${recoveryReplayId(jobId, dead[0]!.id)}`);
    expect(madeByOf(replayPage.body)).toMatch(new RegExp(`^a recovery \\(job\\) by ${operator.email} at `));
    expect(replayPage.body).toContain(`<a href="/recoveries/${jobId}">job</a>`);
  }, 90_000);

  it('is refused above SUPPORT_RECOVERY_MAX with the count, confirmed or not, and starts nothing', async () => {
    const sc = await openConsole({ SUPPORT_RECOVERY_MAX: '2' });
    const hook = await newWebhook(api, caller);
    const dead = [];
    for (const minute of [1, 2, 3]) dead.push(await seedDelivery(api.services, hook, caller, { state: 'dead', createdAt: at(minute) }));
    for (const fields of [RANGE, { ...RANGE, confirm: 'yes' }]) {
      const refused = await post(sc, `/webhooks/${hook.id}/recover`, fields);
      expect(refused.status).toBe(422);
      expect(textOf(refused.body)).toContain('The range holds 3 deliveries to replay; a recovery replays at most 2 (SUPPORT_RECOVERY_MAX).');
    }
    for (const d of dead) expect(await replaysOf(d.id)).toEqual([]);
    expect((await sql.query("select id from support_actions where target_id = $1 and action like 'webhook.recover%'", [hook.id])).rows).toEqual([]);
  });

  it('replays nothing twice when a page is tried again after a crash (the replays\' ids are the job\'s)', async () => {
    const hook = await newWebhook(api, caller);
    const dead = [];
    for (const minute of [1, 2, 3]) dead.push(await seedDelivery(api.services, hook, caller, { state: 'dead', createdAt: at(minute) }));
    const input: RecoveryInput = {
      jobId: '3f1c6a2e-8d4b-4c1e-9a7f-1b2c3d4e5f60', operator: operator.email, webhookId: hook.id as string, tenantId: caller.tenantId,
      since: at(0).toISOString(), until: at(60).toISOString(), total: 3, max: 10, pageSize: 2,
    };
    const { recoverDeliveryPage } = createRecoveryActivities(api.services);
    const once = await recoverDeliveryPage(input, null, 2);
    const again = await recoverDeliveryPage(input, null, 2);
    expect(once.made).toEqual(once.replays);
    expect(again).toEqual({ ...once, made: [] });
    expect(once.next).toEqual({ created_at: at(2).toISOString(), id: dead[1]!.id });
    const last = await recoverDeliveryPage(input, once.next, 2);
    expect([last.replays, last.next]).toEqual([[recoveryReplayId(input.jobId, dead[2]!.id)], null]);
    for (const d of dead) expect(await replaysOf(d.id)).toHaveLength(1);
    const { rows } = await sql.query("select operator, detail from support_actions where action = 'webhook.recover.page' and target_id = $1 order by created_at", [hook.id]);
    expect(rows).toEqual([
      { operator: operator.email, detail: { job_id: input.jobId, replay_ids: once.replays, skipped: 0 } },
      { operator: operator.email, detail: { job_id: input.jobId, replay_ids: last.replays, skipped: 0 } },
    ]);
  });
});
