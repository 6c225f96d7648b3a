import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '../harness/eventually.js';
import { startApi, type TestApi } from '../harness/app.js';
import { ownShare } from '../harness/isolation.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { sqlClient } from '../harness/database.js';
import { ctlProcess, onlyJson } from '../harness/ctl.js';
import { PinnedClock } from '../../src/clock.js';
import { runCtl } from '../../src/cli/ctl.js';
import { UsageError } from '../../src/cli/args.js';
import { ReplayRefused, replayDelivery } from '../../src/domain/webhooks/replay.js';
import { OUTBOX_CHANNEL } from '../../src/domain/events/outbox-wakeup.js';
import { channelName } from '../../src/redis.js';
import { HOOKS_ENV, newWebhook, seedDelivery } from './webhooks-fixtures.js';

const PROCESS_TIMEOUT_MS = 60_000;
const T0 = new Date(Math.floor(Date.now() / 1000) * 1000 - 24 * 3600_000);
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const clock = new PinnedClock(at(24 * 60));
let api: TestApi;
let sql: pg.Client;
let caller: Caller;

beforeAll(async () => {
  // A Redis prefix of its own: the relay wake-ups it listens for are this file's only.
  api = await startApi({ ...HOOKS_ENV, ...ownShare('webhooks-ctl-replay').env }, { clock });
  sql = await sqlClient();
  caller = await newCaller(api.services);
});
afterAll(async () => {
  await sql.end();
  await api.close();
});

const ctl = (...argv: string[]) => runCtl([...argv, '--json'], api.services);
const replaysOf = async (id: string) => (await sql.query('select id from webhook_deliveries where replay_of = $1', [id])).rows.map((r) => r.id);

describe('replayDelivery', () => {
  it('inserts a new pending delivery of the same event, attempt 0, whose workflow the relay has yet to start', async () => {
    const hook = await newWebhook(api, caller);
    const original = await seedDelivery(api.services, hook, caller, { state: 'dead', attempt: 9 });
    const replay = await api.services.orm.em.fork().transactional((em) => replayDelivery(em, original.id, clock.now()));
    expect(replay).toMatchObject({
      tenantId: caller.tenantId, integrationId: caller.integrationId, webhookId: hook.id, eventId: original.eventId, eventType: original.eventType,
      state: 'pending', attempt: 0, statusCode: null, durationMs: null, error: null, nextAttemptAt: null, deliveredAt: null,
      replayOf: original.id, workflowStartedAt: null, createdAt: clock.now(),
    });
    expect(replay.id).not.toBe(original.id);
    expect(await replaysOf(original.id)).toEqual([replay.id]);
  });

  it.each([
    ['a pending delivery', 'pending', /still pending/],
    ['a missing delivery', 'missing', /^no delivery /],
    ['a malformed id', 'malformed', /^no delivery nope$/],
  ] as const)('refuses %s', async (_, kind, message) => {
    const hook = await newWebhook(api, caller);
    const id = kind === 'pending' ? (await seedDelivery(api.services, hook, caller, { state: 'pending' })).id
      : kind === 'missing' ? '7c9e6679-7425-40de-944b-e07fc1f90ae7' : 'nope';
    const attempt = api.services.orm.em.fork().transactional((em) => replayDelivery(em, id, clock.now()));
    await expect(attempt).rejects.toThrow(ReplayRefused);
    await expect(attempt).rejects.toThrow(message);
  });
});

describe('bin/ctl deliveries replay DELIVERY_ID', () => {
  it('answers the new delivery and wakes the relay after the commit', async () => {
    const hook = await newWebhook(api, caller);
    const original = await seedDelivery(api.services, hook, caller, { state: 'dead' });
    const listener: Redis = api.services.redis.duplicate({ enableOfflineQueue: true });
    let wakeUps = 0;
    listener.on('message', () => { wakeUps += 1; });
    await listener.subscribe(channelName(listener, OUTBOX_CHANNEL));
    try {
      const out = await ctl('deliveries', 'replay', original.id);
      expect(out).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), replay_of: original.id, webhook_id: hook.id, event_id: original.eventId, state: 'pending' });
      expect(await replaysOf(original.id)).toEqual([out.id]);
      await eventually('the relay\'s wake-up', async () => (wakeUps > 0 ? true : undefined), 30_000, 10);
    } finally {
      listener.disconnect();
    }
  });

  it('without the id, or with two, is a usage error', async () => {
    await expect(ctl('deliveries', 'replay')).rejects.toThrow(UsageError);
    await expect(ctl('deliveries', 'replay', 'a', 'b')).rejects.toThrow(/takes 1 argument/);
  });

  it('as a process: one JSON object on stdout; a pending delivery exits 2 with the reason on stderr, and --force replays it', async () => {
    const hook = await newWebhook(api, caller);
    const dead = await seedDelivery(api.services, hook, caller, { state: 'dead' });
    const out = onlyJson(await ctlProcess(['deliveries', 'replay', dead.id, '--json']));
    expect(out).toMatchObject({ replay_of: dead.id, event_id: dead.eventId, state: 'pending' });
    const pending = await seedDelivery(api.services, hook, caller, { state: 'pending' });
    const refused = await ctlProcess(['deliveries', 'replay', pending.id, '--json']);
    expect({ code: refused.code, stdout: refused.stdout }).toEqual({ code: 2, stdout: '' });
    expect(refused.stderr).toMatch(`ctl: delivery ${pending.id}: it is still pending: its own attempts are running; replay it anyway on purpose (bin/ctl: --force)`);
    expect(await replaysOf(pending.id)).toEqual([]);
    const forced = onlyJson(await ctlProcess(['deliveries', 'replay', pending.id, '--force', '--json']));
    expect(await replaysOf(pending.id)).toEqual([forced.id]);
  }, PROCESS_TIMEOUT_MS);

  it('asks again (exits 2 with the reason) for one still retrying or already replayed; --force replays it, recorded as bin/ctl', async () => {
    const hook = await newWebhook(api, caller);
    const retrying = await seedDelivery(api.services, hook, caller, { state: 'failed' });
    await expect(ctl('deliveries', 'replay', retrying.id)).rejects.toThrow(/still retrying \(next attempt /);
    expect(await replaysOf(retrying.id)).toEqual([]);
    const first = await ctl('deliveries', 'replay', retrying.id, '--force');
    await expect(ctl('deliveries', 'replay', retrying.id)).rejects.toThrow(`its event was already replayed (${first.id as string})`);
    const dead = await seedDelivery(api.services, hook, caller, { state: 'dead' });
    const once = await ctl('deliveries', 'replay', dead.id);
    await expect(ctl('deliveries', 'replay', dead.id)).rejects.toThrow(ReplayRefused);
    expect(await replaysOf(dead.id)).toEqual([once.id]);
    const { rows } = await sql.query("select operator, target_id, detail from support_actions where action = 'delivery.replay' and target_id = any($1::text[]) order by created_at", [[retrying.id, dead.id]]);
    expect(rows).toEqual([
      { operator: expect.stringMatching(/^bin\/ctl \(.+\)$/), target_id: retrying.id, detail: { replay_id: first.id, event_id: retrying.eventId, confirmed: true } },
      { operator: expect.stringMatching(/^bin\/ctl \(.+\)$/), target_id: dead.id, detail: { replay_id: once.id, event_id: dead.eventId } },
    ]);
  });
});

describe('bin/ctl deliveries recover --webhook ID --since ISO [--until ISO]', () => {
  /** A subscription with one delivery in each situation around the range [at(10), at(20)). */
  async function logWithGaps() {
    const owner = await newCaller(api.services);
    const hook = await newWebhook(api, owner);
    const seed = (state: 'pending' | 'failed' | 'dead' | 'delivered', minute: number) => seedDelivery(api.services, hook, owner, { state, createdAt: at(minute) });
    const before = await seed('dead', 9);
    const failed = await seed('failed', 10);
    const delivered = await seed('delivered', 11);
    const dead = await seed('dead', 12);
    const pending = await seed('pending', 13);
    const after = await seed('dead', 20);
    const elsewhere = await seedDelivery(api.services, await newWebhook(api, owner), owner, { state: 'dead', createdAt: at(12) });
    return { hook, before, failed, delivered, dead, pending, after, elsewhere };
  }

  it('replays every failed or dead delivery created in [since, until), oldest first, and answers {replayed, deliveries}', async () => {
    const g = await logWithGaps();
    const out = await ctl('deliveries', 'recover', '--webhook', g.hook.id, '--since', at(10).toISOString(), '--until', at(20).toISOString());
    expect(Object.keys(out).sort()).toEqual(['deliveries', 'replayed', 'skipped', 'skipped_deliveries']);
    expect(out.replayed).toBe(2);
    const { rows } = await sql.query('select id, replay_of, event_id, state, attempt, workflow_started_at from webhook_deliveries where id = any($1::uuid[])', [out.deliveries]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect((out.deliveries as string[]).map((id) => byId.get(id)?.replay_of)).toEqual([g.failed.id, g.dead.id]);
    expect(rows.every((r) => r.state === 'pending' && r.attempt === 0)).toBe(true);
    expect((out.deliveries as string[]).map((id) => byId.get(id)?.event_id)).toEqual([g.failed.eventId, g.dead.eventId]);
    for (const untouched of [g.before, g.delivered, g.pending, g.after, g.elsewhere]) expect(await replaysOf(untouched.id)).toEqual([]);
  });

  it('a second run over the same range sends nothing twice', async () => {
    const g = await logWithGaps();
    const range = ['--webhook', g.hook.id, '--since', at(10).toISOString(), '--until', at(20).toISOString()];
    expect((await ctl('deliveries', 'recover', ...range)).replayed).toBe(2);
    expect(await ctl('deliveries', 'recover', ...range)).toEqual({
      replayed: 0, deliveries: [], skipped: 2,
      skipped_deliveries: [
        { id: g.failed.id, event_id: g.failed.eventId, reason: 'already_replayed' },
        { id: g.dead.id, event_id: g.dead.eventId, reason: 'already_replayed' },
      ],
    });
    expect(await replaysOf(g.dead.id)).toHaveLength(1);
  });

  it('sends each original event at most once over runs whose range takes in the replays that failed again, and says what it skipped', async () => {
    const g = await logWithGaps();
    const since = ['--webhook', g.hook.id, '--since', at(10).toISOString()];
    const first = await ctl('deliveries', 'recover', ...since);
    expect(first).toMatchObject({ replayed: 3, skipped: 0 });
    // The replays fail again, and later runs (up to a later now) find them in their range.
    await sql.query("update webhook_deliveries set state = 'dead', attempt = 9 where id = any($1::uuid[])", [first.deliveries]);
    for (let run = 2; run <= 3; run++) {
      clock.advance(60_000);
      const again = await ctl('deliveries', 'recover', ...since);
      expect({ replayed: again.replayed, skipped: again.skipped }).toEqual({ replayed: 0, skipped: 6 });
      const reasons = new Map((again.skipped_deliveries as { id: string; reason: string }[]).map((d) => [d.id, d.reason]));
      for (const original of [g.failed, g.dead, g.after]) expect(reasons.get(original.id)).toBe('already_replayed');
      for (const replay of first.deliveries as string[]) expect(reasons.get(replay)).toBe('is_a_replay');
    }
    for (const original of [g.failed, g.dead, g.after]) expect(await replaysOf(original.id)).toHaveLength(1);
    for (const replay of first.deliveries as string[]) expect(await replaysOf(replay)).toEqual([]);
  });

  it('without --until runs up to now', async () => {
    const g = await logWithGaps();
    const out = await ctl('deliveries', 'recover', '--webhook', g.hook.id, '--since', at(10).toISOString());
    expect(out.replayed).toBe(3);
    expect(await replaysOf(g.after.id)).toHaveLength(1);
  });

  it.each<[string, string[], RegExp]>([
    ['no --webhook', ['--since', '2026-01-01T00:00:00Z'], /--webhook is required/],
    ['no --since', ['--webhook', '7c9e6679-7425-40de-944b-e07fc1f90ae7'], /--since is required/],
    ['a --since without a zone', ['--webhook', '7c9e6679-7425-40de-944b-e07fc1f90ae7', '--since', '2026-01-01T00:00:00'], /--since is an ISO 8601 time with a zone/],
    ['a --since that is not a time', ['--webhook', '7c9e6679-7425-40de-944b-e07fc1f90ae7', '--since', 'yesterday'], /--since is an ISO 8601 time/],
    ['--since after --until', ['--webhook', '7c9e6679-7425-40de-944b-e07fc1f90ae7', '--since', '2026-01-02T00:00:00Z', '--until', '2026-01-01T00:00:00Z'], /--since must be before --until/],
    ['an unknown option', ['--webhook', '7c9e6679-7425-40de-944b-e07fc1f90ae7', '--since', '2026-01-01T00:00:00Z', '--state', 'dead'], /unknown option\(s\): --state/],
  ])('%s is a usage error', async (_, args, message) => {
    const attempt = ctl('deliveries', 'recover', ...args);
    await expect(attempt).rejects.toThrow(UsageError);
    await expect(attempt).rejects.toThrow(message);
  });

  it('an unknown subscription is refused', async () => {
    await expect(ctl('deliveries', 'recover', '--webhook', '7c9e6679-7425-40de-944b-e07fc1f90ae7', '--since', at(0).toISOString()))
      .rejects.toThrow('no webhook 7c9e6679-7425-40de-944b-e07fc1f90ae7');
  });

  it('as a process with --json: exactly one JSON object on stdout, and no progress bar when stderr is not a terminal', async () => {
    const g = await logWithGaps();
    const run = await ctlProcess(['deliveries', 'recover', '--webhook', g.hook.id, '--since', at(10).toISOString(), '--until', at(20).toISOString(), '--json']);
    const out = onlyJson(run);
    expect(out).toEqual({ replayed: 2, deliveries: [expect.any(String), expect.any(String)], skipped: 0, skipped_deliveries: [] });
    expect(run.stderr).toBe('');
  }, PROCESS_TIMEOUT_MS);

  it('on a terminal, draws a progress bar on stderr', async () => {
    const g = await logWithGaps();
    const ctlPath = fileURLToPath(new URL('../../bin/ctl', import.meta.url));
    const command = `${ctlPath} deliveries recover --webhook ${g.hook.id} --since ${at(10).toISOString()} --until ${at(20).toISOString()} --json`;
    // script(1) runs the command on a pseudo-terminal: stdout and stderr both arrive on it.
    const screen = await new Promise<string>((resolve, reject) => {
      execFile('script', ['-qec', command, '/dev/null'], { env: process.env, timeout: PROCESS_TIMEOUT_MS }, (err, stdout) => (err ? reject(err) : resolve(stdout)));
    });
    expect(screen).toContain(`\rreplaying [${'#'.repeat(30)}] 2/2`);
    expect(screen).toMatch(/"replayed":2/);
  }, PROCESS_TIMEOUT_MS);

  it('as a process without --json: one line per field for a person', async () => {
    const g = await logWithGaps();
    const run = await ctlProcess(['deliveries', 'recover', '--webhook', g.hook.id, '--since', at(10).toISOString(), '--until', at(20).toISOString()]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^replayed: 2\ndeliveries: \["[0-9a-f-]{36}","[0-9a-f-]{36}"\]\nskipped: 0\nskipped_deliveries: \[\]\n$/);
  }, PROCESS_TIMEOUT_MS);
});
