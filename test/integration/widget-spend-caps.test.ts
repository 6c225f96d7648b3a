import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type pg from 'pg';
import { ownShare } from '../harness/isolation.js';
import { startApi, type TestApi } from '../harness/app.js';
import { sqlClient } from '../harness/database.js';
import { newCaller } from '../harness/fixtures.js';
import { PinnedClock } from '../../src/clock.js';
import { runCtl } from '../../src/cli/ctl.js';
import { conversationOf, send, websiteChannel } from './widget-fixtures.js';

/**
 * What keeps anonymous visitors from spending a tenant's wallet (issue 9 item 7), without a
 * worker (AI replies stay queued, reserving their ceiling of 1.50 RUB): the tenant's daily cap
 * of widget AI spend counts what running widget operations reserved, and one client address
 * starts at most WIDGET_PAID_PER_IP_PER_HOUR paid turns an hour on a tenant's chats. Beyond
 * either the message is kept and the conversation waits for an operator.
 */

const clock = new PinnedClock(new Date('2026-11-21T12:00:30.000Z'));
let api: TestApi;
let db: pg.Client;

beforeAll(async () => {
  api = await startApi({
    WIDGET_DAILY_AI_CAP_RUB: '3.00', WIDGET_PAID_PER_IP_PER_HOUR: '3', WIDGET_REPLY_HOLD_MS: '0',
    ...ownShare('widget-spend-caps').env,
  }, { clock });
  db = await sqlClient(api.services.config.databaseUrl);
});
afterAll(async () => {
  await db?.end();
  await api?.close();
});

const operationsOf = async (tenantId: string): Promise<number> =>
  (await db.query('select count(*)::int as n from operations where tenant_id = $1', [tenantId])).rows[0].n;
const handoffReasons = async (tenantId: string): Promise<string[]> =>
  (await db.query("select data->>'reason' as reason from outbox_events where tenant_id = $1 and type = 'conversation.handoff_requested' order by created_at, id", [tenantId])).rows.map((r) => r.reason);

/** A new visitor's first message; whether the AI took it (an operation) or an operator will. */
async function visitor(channelId: string, content = 'Hello'): Promise<{ queued: boolean; status: string }> {
  const res = await send(api, { channel_id: channelId, content });
  expect(res.status).toBe(200);
  return { queued: res.body.queued, status: (await conversationOf(db, res.body.session_token)).status };
}

describe('the daily cap of widget AI spend', () => {
  it('counts what running widget operations reserved: beyond it the visitor waits for an operator, nothing more is reserved', async () => {
    const caller = await newCaller(api.services);
    const channelId = await websiteChannel(api, caller.tenantId);
    expect(await visitor(channelId)).toEqual({ queued: false, status: 'open' });
    expect(await visitor(channelId)).toEqual({ queued: false, status: 'open' });
    expect(await visitor(channelId)).toEqual({ queued: true, status: 'handoff_pending' });
    expect(await operationsOf(caller.tenantId)).toBe(2);
    expect(await handoffReasons(caller.tenantId)).toEqual(['widget_daily_cap']);

    // The tenant's own cap replaces the default.
    await runCtl(['tenant', 'set-limits', '--tenant', caller.tenantId, '--widget-daily-ai-cap', '4.50', '--json'], api.services);
    expect(await visitor(channelId)).toEqual({ queued: false, status: 'open' });
    expect(await operationsOf(caller.tenantId)).toBe(3);
  });
});

describe('paid visitor turns per client address and hour', () => {
  it('the fourth paid turn from one address within the hour goes to an operator; another tenant and the next hour are not affected', async () => {
    const caller = await newCaller(api.services);
    await runCtl(['tenant', 'set-limits', '--tenant', caller.tenantId, '--widget-daily-ai-cap', 'none', '--json'], api.services);
    const channelId = await websiteChannel(api, caller.tenantId);
    for (let i = 0; i < 3; i++) expect(await visitor(channelId)).toEqual({ queued: false, status: 'open' });
    expect(await visitor(channelId)).toEqual({ queued: true, status: 'handoff_pending' });
    expect(await operationsOf(caller.tenantId)).toBe(3);
    expect(await handoffReasons(caller.tenantId)).toEqual(['visitor_paid_limit']);

    const other = await newCaller(api.services);
    expect(await visitor(await websiteChannel(api, other.tenantId))).toEqual({ queued: false, status: 'open' });

    clock.advance(60 * 60 * 1000);
    expect(await visitor(channelId)).toEqual({ queued: false, status: 'open' });
  });
});
