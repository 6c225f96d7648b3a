import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { OperationsHarness } from '../harness/operations-harness.js';
import { ChatCompletionsServer } from '../harness/chat-completions-server.js';
import { sqlClient } from '../harness/database.js';
import { call } from '../harness/http.js';

/**
 * An operation whose model step fails for a reason that is not the provider's (issue 28: the
 * internal_error branch of workflows/operation-contract.ts modelStepError had never run).
 * The far side is real: the model answers 503 to the first attempt, and while it does the
 * test locks the table the step reads, so the second (last, AI_MAX_ATTEMPTS 2) attempt fails
 * on PostgreSQL's statement timeout. The operation ends failed with internal_error, the
 * generic message and nothing charged.
 */

let h: OperationsHarness;
let chat: ChatCompletionsServer;
let locker: pg.Client;
beforeAll(async () => {
  chat = await ChatCompletionsServer.start('not used');
  h = await OperationsHarness.start({
    freshDatabase: 'operations_internal_error',
    env: {
      AI_PROVIDER: 'openai', OPENAI_BASE_URL: chat.url, OPENAI_API_KEY: 'sk-local-test-key', AI_MAX_ATTEMPTS: '2', AI_RETRY_INITIAL: '100ms',
      AI_TIMEOUT_MS: '30000', DB_STATEMENT_TIMEOUT_MS: '2000',
    },
  });
  locker = await sqlClient(h.env.DATABASE_URL);
}, 120_000);
afterAll(async () => {
  chat?.release();
  await locker?.end();
  await h?.stop();
  await chat?.close();
}, 60_000);

describe('an article generation whose step fails on the platform\'s side', () => {
  it('ends failed with internal_error "The article could not be written.", article.generation.failed, no charge, no article', async () => {
    const caller = await h.caller();
    expect((await call(h.api.base, 'PUT', '/editorial-profile', { key: caller.apiKey, body: { niche: 'Lamps', audience: 'readers', locale: 'en' } })).status).toBe(200);
    const before = chat.requests.length;
    chat.script({ hold: true, status: 503 });
    const res = await call(h.api.base, 'POST', '/articles/generation-jobs?wait=0', {
      key: caller.apiKey, body: { keyword: 'wall lamp' }, headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.status).toBe(202);
    const id = res.body.operation.id;
    await chat.arrived(before + 1);
    await locker.query('begin');
    await locker.query('lock table editorial_profiles in access exclusive mode');
    try {
      chat.release();
      const row = await h.settled(id, 60_000);
      expect(row).toMatchObject({ status: 'failed', error_code: 'internal_error', usage_cost_rub: null });
    } finally {
      await locker.query('rollback');
    }
    // The second attempt never reached the model: it failed reading the brief.
    expect(chat.requests.length).toBe(before + 1);
    const op = (await h.operation(caller, id)).body;
    expect(op).toMatchObject({ id, type: 'article.generation', status: 'failed', error: { code: 'internal_error', message: 'The article could not be written.' } });
    expect(await h.workflowClosed(id)).toBe('COMPLETED');
    expect(await h.charges(id)).toEqual([]);
    expect((await h.events(caller.tenantId, 'article.generation.failed')).map((e) => e.data)).toEqual([{
      operation_id: id, topic_id: null, error: { code: 'internal_error', message: 'The article could not be written.' },
    }]);
    expect((await h.db.query('select count(*)::int as n from articles where tenant_id = $1', [caller.tenantId])).rows[0].n).toBe(0);
  });
});
