import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Caller } from '../harness/fixtures.js';

/** Shared by the analytics*.test.ts files: events as a client sends them, and the rows they leave. */

export const rub = (amount: string) => ({ amount, currency: 'RUB' });

export const pageView = (id: string, over: Record<string, unknown> = {}) => ({
  id, type: 'page_view', occurred_at: '2026-11-20T10:00:00Z', visitor_id: 'v-1',
  properties: { url: 'https://shop.example.com/runner-x', title: 'Runner X', referrer: 'https://www.google.com/', utm_source: 'google', utm_medium: 'organic' },
  ...over,
});

/** One valid event of every type. */
export function oneOfEach(prefix: string): Record<string, unknown>[] {
  return [
    pageView(`${prefix}-pv`),
    { id: `${prefix}-ss`, type: 'site_search', occurred_at: '2026-11-20T10:01:00Z', visitor_id: 'v-1', properties: { query: 'running shoes', results: 4 } },
    { id: `${prefix}-cart`, type: 'add_to_cart', occurred_at: '2026-11-20T10:02:00Z', visitor_id: 'v-1', properties: { product_id: 'runner-x', quantity: 1, value: rub('4990.00') } },
    { id: `${prefix}-buy`, type: 'purchase', occurred_at: '2026-11-20T10:03:00+03:00', visitor_id: 'v-1', properties: { order_id: 'A-1', value: rub('4990.00') } },
    { id: `${prefix}-signup`, type: 'signup', occurred_at: '2026-11-20T10:04:00Z', properties: { method: 'email' } },
    { id: `${prefix}-ads`, type: 'ad_spend', properties: { source: 'yandex_direct', campaign: 'autumn', cost: rub('1200.50'), date: '2026-11-19', clicks: 40 } },
    { id: `${prefix}-seo`, type: 'search_performance', properties: { keyword: 'running shoes', page: 'https://shop.example.com/runner-x', impressions: 300, clicks: 12, position: 4.2, date: '2026-11-19' } },
    { id: `${prefix}-custom`, type: 'custom', occurred_at: '2026-11-20T10:05:00Z', properties: { name: 'video.played', value: 30, video: 'intro' } },
  ];
}

export interface StoredEvent {
  external_id: string;
  type: string;
  source: string;
  occurred_at: Date;
  lead_id: string | null;
  contact_id: string | null;
  properties: Record<string, unknown>;
}

export async function storedEvents(sql: pg.Client, who: Caller): Promise<StoredEvent[]> {
  const { rows } = await sql.query<StoredEvent>(
    'select external_id, type, source, occurred_at, lead_id, contact_id, properties from analytics_events where tenant_id = $1 order by external_id', [who.tenantId]);
  return rows;
}

export async function seedContact(sql: pg.Client, who: Caller, details: { email?: string; phone?: string }): Promise<string> {
  const id = randomUUID();
  await sql.query('insert into contacts (id, tenant_id, name, email, phone, created_at, updated_at) values ($1, $2, $3, $4, $5, now(), now())',
    [id, who.tenantId, 'Anna', details.email ?? null, details.phone ?? null]);
  return id;
}
