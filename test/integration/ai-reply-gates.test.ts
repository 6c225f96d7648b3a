import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { OperationsHarness } from '../harness/operations-harness.js';
import { call, expectProblem } from '../harness/http.js';
import type { Caller } from '../harness/fixtures.js';

/**
 * The gates in front of a paid turn that are not about money: 429 rate_limited for the paid
 * rate class (counted only when the AI is invoked), and 503 service_unavailable while the
 * wallet state cannot be obtained (free turns go on).
 */

async function expectNothingIn(h: OperationsHarness, conversationId: string) {
  expect(await h.messages(conversationId)).toEqual([]);
  expect(await h.operationsOf(conversationId)).toEqual([]);
}

describe('the paid rate class (RATE_LIMIT_PAID_PER_MIN=1)', () => {
  let h: OperationsHarness;
  /**
   * The api's clock runs with real time from the start of a clock minute (set when the test
   * begins); the limit counts a sliding minute, so the test's turns fall within one minute of
   * each other wherever it starts.
   */
  const clock = { offset: 0, now: () => new Date(Date.now() + clock.offset) };

  beforeAll(async () => {
    h = await OperationsHarness.start({ env: { RATE_LIMIT_PAID_PER_MIN: '1' }, clock });
  }, 120_000);
  afterAll(async () => {
    await h?.stop();
  }, 60_000);

  it('the second paid turn in a minute answers 429 rate_limited with Retry-After and stores nothing; skipped turns are not counted', async () => {
    const caller = await h.caller();
    const operated = await h.conversation(caller);
    await h.takeOver(caller, operated);
    const first = await h.conversation(caller);
    const second = await h.conversation(caller);
    clock.offset = 60_000 - (Date.now() % 60_000);

    for (const content of ['Hello operator', 'Anyone?']) {
      const skipped = await h.say(caller, operated, content, { wait: 0 });
      expect(skipped.status).toBe(200);
      expect(skipped.body.ai_reply).toEqual({ status: 'skipped', reason: 'operator_mode' });
    }
    const paid = await h.say(caller, first, 'Hello!', { wait: 15 });
    expect(paid.status).toBe(200);
    expect(paid.body.ai_reply).toEqual({ status: 'replied' });
    expect(paid.headers.get('ratelimit-policy')).toBe('1;w=60;name="paid"');
    expect(paid.headers.get('ratelimit-remaining')).toBe('0');

    const key = `turn-${randomUUID()}`;
    const limited = await h.say(caller, second, 'Hello!', { key, wait: 5 });
    expectProblem(limited, 'rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('ratelimit-policy')).toBe('1;w=60;name="paid"');
    await expectNothingIn(h, second);
    expect(await h.tenantCharges(caller.tenantId)).toEqual([{ amount_rub: '-1.50', operation_id: paid.body.operation.id }]);

    // Another integration counts on its own; a free turn still goes through.
    const sibling = await h.anotherIntegration(caller);
    const other = await h.say(sibling, second, 'Hello!', { wait: 15 });
    expect(other.status).toBe(200);
    const free = await h.say(caller, operated, 'Still there?', { wait: 0 });
    expect(free.status).toBe(200);
    expect(free.body.ai_reply).toEqual({ status: 'skipped', reason: 'operator_mode' });
  });
});

describe('wallet state unknown', () => {
  let h: OperationsHarness;
  let caller: Caller;
  let noAi: Caller;
  let conversationId: string;
  let locked = false;

  beforeAll(async () => {
    // A database of its own: the test locks the wallets table.
    h = await OperationsHarness.start({ worker: false, freshDatabase: 'ops_wallet_unknown', env: { WALLET_READ_TIMEOUT_MS: '200', WALLET_PAID_READ_TIMEOUT_MS: '400' } });
    caller = await h.caller();
    noAi = await h.anotherIntegration(caller, { scopes: ['conversations:read', 'conversations:write'] });
    conversationId = await h.conversation(caller);
  }, 120_000);
  afterAll(async () => {
    if (locked) await h.db.query('rollback').catch(() => undefined);
    await h?.stop();
  }, 60_000);

  it('a paid turn answers 503 service_unavailable with Retry-After and stores nothing; a free turn goes on; the lock gone, the turn is admitted', async () => {
    await h.db.query('begin');
    locked = true;
    await h.db.query('lock table wallets in access exclusive mode');

    const key = `turn-${randomUUID()}`;
    const refused = await h.say(caller, conversationId, 'Hello!', { key, wait: 5 });
    expectProblem(refused, 'service_unavailable');
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.headers.get('svc-wallet-state')).toBe('unknown');

    const free = await h.say(noAi, conversationId, 'Hello from the other side', { wait: 0 });
    expect(free.status).toBe(200);
    expect(free.body.ai_reply).toEqual({ status: 'skipped', reason: 'ai_not_permitted' });
    expect(free.headers.get('svc-wallet-state')).toBe('unknown');

    const wallet = await call(h.api.base, 'GET', '/wallet', { key: caller.apiKey });
    expect(wallet.status).toBe(200);
    expect(wallet.body).toMatchObject({ balance: null, state: 'unknown', exchange: 'active' });

    await h.db.query('rollback');
    locked = false;
    expect((await h.messages(conversationId)).map((m) => m.content)).toEqual(['Hello from the other side']);
    expect(await h.operationsOf(conversationId)).toEqual([]);

    // Readable again: the same key is a fresh request, admitted (no worker here: it stays queued).
    const admitted = await h.say(caller, conversationId, 'Hello!', { key, wait: 0 });
    expect(admitted.status).toBe(202);
    expect(admitted.headers.get('svc-wallet-state')).toBeNull();
    expect(admitted.body.operation.status).toBe('queued');
    expect((await h.cancel(caller, admitted.body.operation.id)).status).toBe(200);
  });
});
