import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { OperationsHarness } from '../harness/operations-harness.js';
import { eventually } from '../harness/eventually.js';
import { call } from '../harness/http.js';
import { sqlClient } from '../harness/database.js';

/**
 * A burst of one tenant's paid turns takes turns in the api process (PAID_ADMISSIONS_AT_ONCE)
 * before it opens a transaction: while the tenant's admission lock is held, one of its turns
 * waits on it in PostgreSQL and the rest wait in memory, so the api's small pool still serves
 * another tenant's reads.
 */

const POOL = 4;
const TURNS = 10;

let h: OperationsHarness;
let locker: pg.Client;

beforeAll(async () => {
  h = await OperationsHarness.start({
    worker: false,
    env: { DB_POOL_MAX: String(POOL), PAID_ADMISSIONS_AT_ONCE: '1', PAID_CONCURRENCY: '100', RATE_LIMIT_PAID_PER_MIN: '1000' },
  });
  locker = await sqlClient(h.api.services.config.databaseUrl);
}, 120_000);

afterAll(async () => {
  await locker?.end();
  await h?.stop();
}, 60_000);

/**
 * Backends waiting for the paid-admission lock of this tenant (not any advisory lock of the
 * shared database: other files' turns take theirs meanwhile). A two-key advisory lock shows
 * its keys as classid and objid, the int4 read as unsigned.
 */
async function advisoryWaiters(tenantId: string): Promise<number> {
  const { rows } = await h.db.query(
    `select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
      where l.locktype = 'advisory' and not l.granted and a.datname = current_database() and l.objsubid = 2
        and l.classid::text::int8 = hashtext('paid-admission')::int8 & 4294967295 and l.objid::text::int8 = hashtext($1)::int8 & 4294967295`,
    [tenantId],
  );
  return rows[0].n;
}

describe('paid turns of one tenant', () => {
  it('wait for their turn without a database connection: another tenant is served while the first one is held up', async () => {
    const busy = await h.caller({ name: 'Busy Shop', balanceRub: '1000.00' });
    const other = await h.caller({ name: 'Quiet Shop' });
    // One after another: ten at once on a loaded machine once took the rate-limit store past its 1 s deadline (503), which is not this test's subject.
    const conversations: string[] = [];
    for (let i = 0; i < TURNS; i += 1) conversations.push(await h.conversation(busy));
    const quietConversation = await h.conversation(other);

    // The busy tenant's admission lock, held from outside (what a long admission would do).
    await locker.query(`select pg_advisory_lock(hashtext('paid-admission'), hashtext($1))`, [busy.tenantId]);
    let released = false;
    try {
      const turns = conversations.map((id) => h.say(busy, id, 'Do you have sneakers?', { wait: 0 }));
      await eventually('one turn waiting on the lock', async () => ((await advisoryWaiters(busy.tenantId)) === 1 ? true : undefined), 30_000, 20);

      // More turns than pooled connections, and still the other tenant's read is answered.
      const read = await call(h.api.base, 'GET', `/conversations/${quietConversation}`, { key: other.apiKey });
      expect(read.status).toBe(200);
      expect(await advisoryWaiters(busy.tenantId)).toBe(1);

      await locker.query(`select pg_advisory_unlock(hashtext('paid-admission'), hashtext($1))`, [busy.tenantId]);
      released = true;
      const answers = await Promise.all(turns);
      expect(answers.map((a) => a.status)).toEqual(Array(TURNS).fill(202));
      expect(new Set(answers.map((a) => a.body.operation.id)).size).toBe(TURNS);
    } finally {
      if (!released) await locker.query(`select pg_advisory_unlock_all()`);
    }
  }, 120_000);
});
