import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller } from '../harness/fixtures.js';
import { sqlClient } from '../harness/database.js';
import { EXPIRY_THRESHOLDS_DAYS, raiseKeyExpiryNotices, tenantsWithDueKeyNotices } from '../../src/domain/access/key-expiry.js';
import { issueApiKey, revokeApiKey } from '../../src/domain/provisioning/api-keys.js';

const DAY_MS = 86_400_000;
/**
 * Every check runs at a "now" years ahead, so the keys made here are never due for the
 * real-time scan another test triggers through Temporal, and keys of other tests (issued
 * now, for at most a few years) are long expired at that time.
 */
const T = new Date(Math.floor((Date.now() + 2500 * DAY_MS) / 1000) * 1000);
const at = (days: number, ms = 0) => new Date(T.getTime() + days * DAY_MS + ms);

let api: TestApi;
let db: pg.Client;
beforeAll(async () => {
  api = await startApi();
  db = await sqlClient();
});
afterAll(async () => {
  await db.end();
  await api.close();
});

const em = () => api.services.orm.em.fork();
const raise = (tenantId: string, now: Date) => raiseKeyExpiryNotices(em(), tenantId, now);
const due = (now: Date) => tenantsWithDueKeyNotices(em(), now);

/** A tenant whose key is issued at `issuedAt` for `days` days. */
async function keyOf(days: number, o: { issuedAt?: Date; mode?: 'live' | 'test' } = {}) {
  const caller = await newCaller(api.services);
  const key = await em().transactional((tx) => issueApiKey(tx, {
    integrationId: caller.integrationId, mode: o.mode ?? 'live', cell: 'ru', expiresInDays: days, ipAllowlist: null,
  }, api.services.config.secrets.apiKeyPepper, o.issuedAt ?? T, api.services.issuedKeys));
  return { ...caller, key };
}

const eventsOf = async (tenantId: string) =>
  (await db.query("select * from outbox_events where tenant_id = $1 and type = 'api_key.expiring' order by created_at, id", [tenantId])).rows;
const noticesOf = async (keyId: string) =>
  (await db.query('select threshold_days, event_id from key_expiry_notices where key_id = $1 order by threshold_days', [keyId])).rows;

describe('api_key.expiring thresholds (spec 01 Authentication 8)', () => {
  it('arrives 30 and 7 days before a key expires', () => {
    expect([...EXPIRY_THRESHOLDS_DAYS]).toEqual([30, 7]);
  });

  it('a key expiring in 20 days gets the 30-day notice', async () => {
    const k = await keyOf(20);
    expect(await due(T)).toContain(k.tenantId);
    const [id] = await raise(k.tenantId, T);
    expect(await eventsOf(k.tenantId)).toEqual([expect.objectContaining({
      id, type: 'api_key.expiring', api_version: '2026-10-01', livemode: true, integration_id: k.integrationId,
      data: { key_id: k.key.key_id, integration_id: k.integrationId, expires_at: k.key.expires_at, threshold_days: 30, days_left: 20 },
    })]);
    expect(await noticesOf(k.key.key_id)).toEqual([{ threshold_days: 30, event_id: id }]);
    expect(await due(T)).not.toContain(k.tenantId);
  });

  it('a key first seen 5 days before expiry gets ONE event, for 7 days, and both thresholds are marked', async () => {
    const k = await keyOf(5);
    const raised = await raise(k.tenantId, T);
    expect(raised).toHaveLength(1);
    const rows = await eventsOf(k.tenantId);
    expect(rows.map((r) => r.data)).toEqual([expect.objectContaining({ threshold_days: 7, days_left: 5 })]);
    expect(await noticesOf(k.key.key_id)).toEqual([{ threshold_days: 7, event_id: raised[0] }, { threshold_days: 30, event_id: null }]);
  });

  it('a key noticed at 30 days gets its 7-day notice when it gets there, and nothing more', async () => {
    const k = await keyOf(20);
    await raise(k.tenantId, T);
    expect(await raise(k.tenantId, at(12, 1))).toEqual([]);
    expect(await due(at(13))).toContain(k.tenantId);
    expect(await raise(k.tenantId, at(13))).toHaveLength(1);
    expect(await raise(k.tenantId, at(19))).toEqual([]);
    expect((await eventsOf(k.tenantId)).map((r) => r.data.threshold_days)).toEqual([30, 7]);
  });

  it('the threshold is inclusive: exactly 30 days ahead is due, a millisecond more is not', async () => {
    const k = await keyOf(30);
    expect(await due(at(0, -1))).not.toContain(k.tenantId);
    expect(await raise(k.tenantId, at(0, -1))).toEqual([]);
    expect(await raise(k.tenantId, T)).toHaveLength(1);
  });

  it.each<[string, { days: number; issuedAt?: Date }]>([
    ['a key expiring in 60 days', { days: 60 }],
    ['an expired key', { days: 1, issuedAt: at(-2) }],
    ['a key expiring this very moment', { days: 1, issuedAt: at(-1) }],
  ])('%s raises nothing', async (_why, o) => {
    const k = await keyOf(o.days, { issuedAt: o.issuedAt });
    expect(await due(T)).not.toContain(k.tenantId);
    expect(await raise(k.tenantId, T)).toEqual([]);
    expect(await eventsOf(k.tenantId)).toEqual([]);
    expect(await noticesOf(k.key.key_id)).toEqual([]);
  });

  it('a revoked key raises nothing', async () => {
    const k = await keyOf(20);
    await em().transactional((tx) => revokeApiKey(tx, k.key.key_id, T));
    expect(await due(T)).not.toContain(k.tenantId);
    expect(await raise(k.tenantId, T)).toEqual([]);
    expect(await eventsOf(k.tenantId)).toEqual([]);
  });

  it('a test-mode key raises its event with livemode false', async () => {
    const k = await keyOf(20, { mode: 'test' });
    // A test key belongs to the tenant's sandbox: its notice is a sandbox event, never a live one.
    const sandbox = (await db.query('select tenant_id from api_keys where key_id = $1', [k.key.key_id])).rows[0].tenant_id as string;
    expect(sandbox).not.toBe(k.tenantId);
    await raise(sandbox, T);
    expect(await eventsOf(sandbox)).toEqual([expect.objectContaining({ livemode: false, data: expect.objectContaining({ key_id: k.key.key_id }) })]);
    expect(await eventsOf(k.tenantId)).toEqual([]);
  });

  it('only the given tenant\'s keys are noticed', async () => {
    const a = await keyOf(20);
    const b = await keyOf(20);
    await raise(a.tenantId, T);
    expect(await eventsOf(b.tenantId)).toEqual([]);
    expect(await due(T)).toContain(b.tenantId);
  });

  it('two runs at once raise the event once', async () => {
    const k = await keyOf(20);
    const [first, second] = await Promise.all([raise(k.tenantId, T), raise(k.tenantId, T)]);
    expect([...first!, ...second!]).toHaveLength(1);
    expect(await eventsOf(k.tenantId)).toHaveLength(1);
  });

  it('tenantsWithDueKeyNotices lists each tenant once, in order', async () => {
    const a = await keyOf(20);
    await em().transactional((tx) => issueApiKey(tx, { integrationId: a.integrationId, mode: 'live', cell: 'ru', expiresInDays: 5, ipAllowlist: null }, 'pepper-of-the-test-0123456789abcdef', T, api.services.issuedKeys));
    const b = await keyOf(6);
    const listed = await due(T);
    expect(listed.filter((t) => t === a.tenantId)).toHaveLength(1);
    expect(listed).toContain(b.tenantId);
    expect(listed).toEqual([...listed].sort());
  });

  it('tenantsWithDueKeyNotices pages by tenant id: `limit` of them after `after`, a tenant once however many keys', async () => {
    const a = await keyOf(20);
    await em().transactional((tx) => issueApiKey(tx, { integrationId: a.integrationId, mode: 'live', cell: 'ru', expiresInDays: 5, ipAllowlist: null }, 'pepper-of-the-test-0123456789abcdef', T, api.services.issuedKeys));
    await keyOf(6);
    const all = await due(T);
    expect(all.length).toBeGreaterThanOrEqual(3);
    const pages: string[] = [];
    for (let after: string | null = null, page: string[] = ['']; page.length;) {
      page = await tenantsWithDueKeyNotices(em(), T, { after, limit: 2 });
      expect(page.length).toBeLessThanOrEqual(2);
      pages.push(...page);
      after = page.at(-1) ?? null;
    }
    expect(pages).toEqual(all);
  });
});
