import type pg from 'pg';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { TestApi } from '../harness/app.js';
import { useApiSuite } from '../harness/api-suite.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';
import { expectWidgetProblem, websiteChannel } from './widget-fixtures.js';
import { storedEvents } from './analytics-fixtures.js';

let api: TestApi;
let sql: pg.Client;
useApiSuite((s) => ({ api, sql } = s));

const beacon = (body: unknown, headers: Record<string, string> = {}) => call(api.origin, 'POST', '/api/widget/pageview', { body, headers });

describe('POST /api/widget/pageview (the embed script\'s page-view beacon)', () => {
  let caller: Caller;
  let channel: string;

  beforeAll(async () => {
    caller = await newCaller(api.services);
    channel = await websiteChannel(api, caller.tenantId, ['--allowed-domains', 'shop.example.com']);
  });

  it('records one page view with its address, title, referrer and UTM, answering 204 with CORS for an allowed site', async () => {
    const res = await beacon({
      channel_id: channel, url: 'https://shop.example.com/runner-x?utm_source=newsletter&utm_medium=email&utm_campaign=nov', title: 'Runner X', referrer: 'https://mail.example.net/',
    }, { origin: 'https://shop.example.com', 'user-agent': 'Browser A' });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://shop.example.com');
    const [row, ...more] = await storedEvents(sql, caller);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ type: 'page_view', source: 'widget', lead_id: null, contact_id: null, properties: {
      url: 'https://shop.example.com/runner-x?utm_source=newsletter&utm_medium=email&utm_campaign=nov', title: 'Runner X', referrer: 'https://mail.example.net/',
      utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'nov', channel_id: channel,
    } });
  });

  it('one browser is one visitor within a day, another browser another, and no cookie is set', async () => {
    const other = await newCaller(api.services);
    const ch = await websiteChannel(api, other.tenantId);
    const a1 = await beacon({ channel_id: ch, url: 'https://a.example/1' }, { 'user-agent': 'Browser A' });
    await beacon({ channel_id: ch, url: 'https://a.example/2' }, { 'user-agent': 'Browser A' });
    await beacon({ channel_id: ch, url: 'https://a.example/1' }, { 'user-agent': 'Browser B' });
    expect(a1.headers.get('set-cookie')).toBeNull();
    const { rows } = await sql.query('select visitor_id from analytics_events where tenant_id = $1', [other.tenantId]);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.visitor_id)).size).toBe(2);
  });

  it('a site the channel does not allow is 403 origin_not_allowed and nothing is recorded', async () => {
    const who = await newCaller(api.services);
    const ch = await websiteChannel(api, who.tenantId, ['--allowed-domains', 'shop.example.com']);
    expectWidgetProblem(await beacon({ channel_id: ch, url: 'https://evil.example/' }, { origin: 'https://evil.example' }), 'origin_not_allowed');
    expect(await storedEvents(sql, who)).toEqual([]);
  });

  it('an unknown channel is 404 and a bad address 422', async () => {
    expectWidgetProblem(await beacon({ channel_id: '00000000-0000-4000-8000-000000000000', url: 'https://a.example/' }), 'not_found');
    const res = await beacon({ channel_id: channel, url: 'javascript:alert(1)' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([{ field: '/url', code: 'invalid_format', message: expect.any(String) }]);
  });

  it('the preflight answers the CORS headers', async () => {
    const res = await call(api.origin, 'OPTIONS', '/api/widget/pageview', { headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'POST' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
  });
});
