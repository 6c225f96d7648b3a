import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import { answers } from '../harness/receiver.js';
import { eventually } from '../harness/eventually.js';
import { call } from '../harness/http.js';
import type { TestApi } from '../harness/app.js';
import type { Caller } from '../harness/fixtures.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';
import { newId } from '../../src/ids.js';
import { taskQueueFor, taskQueueOf } from '../../src/temporal/task-queues.js';
import { reconcilerScheduleEntry } from '../../src/temporal/schedules.js';

/**
 * The reconciler (issue 40 item 1): rows that say their workflow runs while it closed or never
 * existed are started again or ended visibly, and a delivery whose database step fails past its
 * bound ends its row itself. The worker here polls deliveries and batch (the reconciler), not
 * interactive: an operation or publication the reconciler starts again stays running there, for
 * the test to see on the queue it was started on.
 */
let h: DeliveryHarness;
let api: TestApi;

beforeAll(async () => {
  h = await DeliveryHarness.start({
    file: import.meta.url,
    env: {
      WORKER_QUEUES: 'deliveries,batch',
      // The first retry waits 20 s: long enough to terminate the workflow during that pause.
      WEBHOOK_RETRY_SCHEDULE: ['20s', ...Array(7).fill('100ms')].join(','),
      // A delivery's database step gives up after 3 s (default 2 hours).
      DURABLE_STEP_BOUND: '3s',
    },
  });
  api = await h.startApi();
}, 120_000);

afterAll(async () => {
  await api?.close();
  await h?.stop();
}, 60_000);

const execFileP = promisify(execFile);

/** What an operator does in the Temporal UI, with the Temporal CLI. */
async function terminate(workflowId: string): Promise<void> {
  const cli = process.env.TEMPORAL_CLI;
  if (!cli) throw new Error('TEMPORAL_CLI is not set: run the tests through bin/test');
  await execFileP(cli, ['workflow', 'terminate', '--workflow-id', workflowId, '--reason', 'an operator in the Temporal UI', '--address', process.env.TEMPORAL_ADDRESS!]);
}

/** One reconciler run, as its Schedule starts it (its entry's workflow type, queue and arguments), to its end. */
async function reconcile(): Promise<unknown> {
  const entry = reconcilerScheduleEntry(h.services.config);
  return h.client.workflow.execute(entry.workflowType, {
    workflowId: `reconcile-${randomUUID()}`, taskQueue: taskQueueFor(h.taskQueue, entry.workflowType), args: entry.args, workflowExecutionTimeout: '90s',
  });
}

const leadCreated = () => ({ type: 'lead.created' as const, ...EVENTS['lead.created']({ lead_id: randomUUID(), contact_id: null, conversation_id: null, version: 1 }) });

async function subscription(name: string, script = answers.ok()) {
  const path = `/${name}-${randomUUID().slice(0, 8)}`;
  const caller = await h.caller({ name });
  const sub = await h.subscribe(caller, { url: h.receiver.route(path, script) });
  return { ...sub, caller, path };
}

const row = async (table: string, id: string) => (await h.db.query(`select * from ${table} where id = $1`, [id])).rows[0];

async function deliveryIs(id: string, state: string, timeoutMs = 60_000): Promise<any> {
  return eventually(`delivery ${id} to be ${state}`, async () => {
    const r = await row('webhook_deliveries', id);
    return r?.state === state ? r : undefined;
  }, timeoutMs);
}

describe('a delivery whose workflow was terminated', () => {
  it('is started again by a reconciler run and delivered, its attempts going on from the recorded count', async () => {
    const sub = await subscription('terminated', answers.failFirst(1));
    const eventId = await h.raise(sub.caller, leadCreated());
    const failed = await h.settled(sub.id, eventId, 'failed', 60_000);
    expect(failed).toMatchObject({ attempt: 1, status_code: 500 });
    // Terminated while it waits out the 20 s pause after its first attempt.
    await terminate(`delivery:${failed.id}`);
    const described = await h.client.workflow.getHandle(`delivery:${failed.id}`).describe();
    expect(described.status.name).toBe('TERMINATED');
    expect(await row('webhook_deliveries', failed.id)).toMatchObject({ state: 'failed', attempt: 1 });

    await reconcile();
    const done = await deliveryIs(failed.id, 'delivered');
    expect(done).toMatchObject({ attempt: 2, status_code: 200 });
    expect((await h.attempts(failed.id)).map((a) => [a.attempt, a.status_code])).toEqual([[1, 500], [2, 200]]);
    expect(h.receiver.received(sub.path)).toHaveLength(2);
  }, 120_000);

  it('held, then terminated, is started again once the hold has ended, and delivered with its first attempt', async () => {
    const sub = await subscription('held-terminated');
    await h.db.query(`update webhooks set status = 'paused' where id = $1`, [sub.id]);
    const eventId = await h.raise(sub.caller, leadCreated());
    const pending = await eventually('the delivery to be held', async () => {
      const r = await h.delivery(sub.id, eventId);
      return r?.held_at && r.workflow_started_at ? r : undefined;
    });
    await terminate(`delivery:${pending.id}`);
    // The subscriber is back; the workflow that would have looked again is gone.
    await h.db.query(`update webhooks set status = 'active' where id = $1`, [sub.id]);

    await reconcile();
    expect(await deliveryIs(pending.id, 'delivered')).toMatchObject({ attempt: 1, status_code: 200 });
  }, 120_000);

  it('whose workflow never existed (a start recorded an hour ago, no history) is found by the slow pass and delivered', async () => {
    const sub = await subscription('missing');
    const deliveryId = await h.existingDelivery(sub, leadCreated(), 'none');
    await h.db.query(`update webhook_deliveries set created_at = now() - interval '1 hour', workflow_started_at = now() - interval '1 hour' where id = $1`, [deliveryId]);

    await reconcile();
    expect(await deliveryIs(deliveryId, 'delivered')).toMatchObject({ attempt: 1 });
  }, 120_000);
});

describe('a delivery whose database step fails past its bound', () => {
  it('ends dead with the reason, in a last step of its workflow; redeliver then delivers the event', async () => {
    const sub = await subscription('step-bound');
    // Every attempt's record is refused: a constraint a faulty migration could have added.
    await h.db.query(`alter table webhook_delivery_attempts add constraint reconciler_test_refuses check (attempt < 0) not valid`);
    let dead: any;
    try {
      const eventId = await h.raise(sub.caller, leadCreated());
      const pending = await eventually('the delivery row', () => h.delivery(sub.id, eventId));
      dead = await deliveryIs(pending.id, 'dead', 60_000);
    } finally {
      await h.db.query(`alter table webhook_delivery_attempts drop constraint if exists reconciler_test_refuses`);
    }
    expect(dead.error).toMatch(/^A database step of the delivery failed \(CheckConstraintViolationException, retried to its bound\)/);
    expect(dead.next_attempt_at).toBeNull();
    await expect(h.client.workflow.getHandle(`delivery:${dead.id}`).result()).rejects.toThrow();

    const res = await call(api.base, 'POST', `/webhooks/${sub.id}/deliveries/${dead.id}/redeliver`, { key: sub.caller.apiKey, headers: { 'idempotency-key': randomUUID() } });
    expect(res.status).toBe(202);
    expect(await deliveryIs(res.body.id, 'delivered')).toMatchObject({ attempt: 1, status_code: 200 });
  }, 120_000);
});

/** The interactive queue of the harness: its workflows run nowhere here (the worker does not poll it), and stay as started. */
const interactive = () => taskQueueOf(h.taskQueue, 'interactive');

/** An operation row of `caller` with its workflow started (on a queue nobody polls here), as if a worker had begun it. */
async function operationOf(caller: Caller, status: 'queued' | 'running'): Promise<string> {
  const id = newId();
  await h.db.query(
    `insert into operations (id, tenant_id, integration_id, type, status, input, cost_ceiling_rub, workflow_started_at, created_at, started_at)
     values ($1, $2, $3, 'strategist.turn', $4, '{}', 10, now(), now(), case when $4 = 'running' then now() end)`,
    [id, caller.tenantId, caller.integrationId, status],
  );
  await h.client.workflow.start('strategistTurnWorkflow', { workflowId: `op:${id}`, taskQueue: interactive(), args: [id] });
  return id;
}

async function publicationOf(caller: Caller): Promise<string> {
  const articleId = newId();
  const id = newId();
  await h.db.query(`insert into articles (id, tenant_id, title, status, created_at, updated_at) values ($1, $2, 'Title', 'approved', now(), now())`, [articleId, caller.tenantId]);
  await h.db.query(
    `insert into publications (id, tenant_id, article_id, version, content_hash, target, state, created_at, updated_at)
     values ($1, $2, $3, 1, 'hash', 'connector', 'queued', now(), now())`,
    [id, caller.tenantId, articleId],
  );
  await h.client.workflow.start('publicationWorkflow', { workflowId: `publication:${id}`, taskQueue: interactive(), args: [id] });
  return id;
}

describe('operations and publications whose workflow was terminated', () => {
  it('a running operation ends failed with internal_error; a queued one and a queued publication are started again', async () => {
    const caller = await h.caller({ name: 'operations' });
    const running = await operationOf(caller, 'running');
    const queued = await operationOf(caller, 'queued');
    const publication = await publicationOf(caller);
    for (const id of [`op:${running}`, `op:${queued}`, `publication:${publication}`]) await terminate(id);

    await reconcile();
    expect(await row('operations', running)).toMatchObject({ status: 'failed', error_code: 'internal_error', error_message: expect.stringMatching(/workflow/) });
    expect((await row('operations', running)).completed_at).not.toBeNull();
    for (const id of [`op:${queued}`, `publication:${publication}`]) {
      const described = await h.client.workflow.getHandle(id).describe();
      expect({ id, status: described.status.name, taskQueue: described.taskQueue }).toEqual({ id, status: 'RUNNING', taskQueue: interactive() });
    }
    expect(await row('operations', queued)).toMatchObject({ status: 'queued' });
    expect(await row('publications', publication)).toMatchObject({ state: 'queued' });
    // The operation's end was told to its integration (operation.completed).
    const { rows } = await h.db.query(`select type from outbox_events where integration_id = $1 and type = 'operation.completed'`, [caller.integrationId]);
    expect(rows).toHaveLength(1);
  }, 120_000);
});

describe('the reconciler\'s Schedule', () => {
  it('is made with the configured interval, never two runs at once; triggered, it runs a sweep to its end', async () => {
    const handle = h.client.schedule.getHandle(h.worker!.scheduleIds.reconciler);
    const described = await handle.describe();
    expect({
      every: described.spec.intervals?.[0]?.every, action: described.action.type === 'startWorkflow' ? described.action.workflowType : null,
      taskQueue: described.action.type === 'startWorkflow' ? described.action.taskQueue : null, overlap: described.policies.overlap,
    }).toEqual({ every: 300_000, action: 'reconcilerSweep', taskQueue: taskQueueOf(h.taskQueue, 'batch'), overlap: 'SKIP' });
    const before = (await h.db.query(`select count(*)::int as n from reconciler_runs where finished_at is not null`)).rows[0].n;
    await handle.trigger();
    await eventually('a run the Schedule started to finish', async () => {
      const { rows } = await h.db.query(`select count(*)::int as n from reconciler_runs where finished_at is not null`);
      return rows[0].n > before ? true : undefined;
    });
  }, 60_000);
});

describe('what the reconciler reports', () => {
  it('counts what it found in reconciler_rows_total and on the status map', async () => {
    const metric = await h.services.metrics.registry.getSingleMetric('reconciler_rows_total')?.get();
    const value = (kind: string, outcome: string) => metric?.values.find((v) => v.labels.kind === kind && v.labels.outcome === outcome)?.value ?? 0;
    // The runs above: three deliveries and a queued operation and a publication started again, a running operation failed.
    expect({
      deliveryRestarted: value('delivery', 'restarted') >= 3, operationRestarted: value('operation', 'restarted'), operationEnded: value('operation', 'ended'),
      publicationRestarted: value('publication', 'restarted'),
    }).toEqual({ deliveryRestarted: true, operationRestarted: 1, operationEnded: 1, publicationRestarted: 1 });

    const status = await call(api.base.replace(/\/api\/public\/v1$/, ''), 'GET', '/status');
    expect(status.status).toBe(200);
    const temporal = status.body.components.find((c: any) => c.id === 'temporal');
    expect(temporal.figures).toMatchObject({
      reconciler_last_run_at: expect.any(String),
      stranded_deliveries_24h: expect.any(Number), stranded_operations_24h: 2, stranded_publications_24h: 1,
    });
    expect(temporal.figures.stranded_deliveries_24h).toBeGreaterThanOrEqual(3);
  }, 60_000);
});
