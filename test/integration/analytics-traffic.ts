import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Caller } from '../harness/fixtures.js';
import { call } from '../harness/http.js';
import { addDays, dayIn } from '../../src/domain/analytics/time-zone.js';
import { seeded } from '../harness/seeded.js';
import { clearOfMidnight } from '../harness/day-boundary.js';

/**
 * A fixture tenant's generated traffic: page views sent through POST /events, and the
 * platform's own rows (conversations, messages, AI replies, hand-offs, leads) written
 * straight into the database, over `days` days ending yesterday in the tenant's zone.
 * Seeded, so a run is repeatable; the tests count the figures again from these rows.
 */

export const ZONE = 'Europe/Moscow';

const SOURCES = [
  { utm_source: 'google', utm_medium: 'cpc' },
  { referrer: 'https://www.yandex.ru/search?q=x' },
  {},
  { utm_source: 'Newsletter', utm_medium: 'email' },
];
const PAGES = ['/', '/runner-x', '/pricing', '/blog/how-to-run'];

export interface Traffic {
  from: string;
  to: string;
  /** Instants of every generated row, by kind, to count again in the test. */
  pageViews: { at: Date; visitor: string; source: string; page: string }[];
  conversations: Date[];
  customerMessages: Date[];
  aiReplies: { at: Date; costRub: number }[];
  handoffs: Date[];
  leads: { created: Date; qualified: Date | null; won: Date | null; value: number; source: string }[];
}

const sourceKey = (s: Record<string, string>) => (s.utm_source
  ? `${s.utm_source.toLowerCase()} / ${(s.utm_medium ?? '(none)').toLowerCase()}`
  : s.referrer ? `${new URL(s.referrer).hostname.replace(/^www\./, '')} / referral` : '(direct) / (none)');

/** A moment on `day` (local) at a random minute; Moscow is UTC+3 all year. */
function momentOn(day: string, random: () => number): Date {
  const minutes = Math.floor(random() * 24 * 60);
  return new Date(Date.parse(`${day}T00:00:00+03:00`) + minutes * 60_000);
}

export async function generateTraffic(base: string, sql: pg.Client, who: Caller, days: number, seed = 7): Promise<Traffic> {
  const random = seeded(seed);
  // The server computes "yesterday" again when it reads (and a snapshot when it runs): the file
  // must not straddle Moscow's midnight.
  await clearOfMidnight(ZONE);
  const to = addDays(dayIn(new Date(), ZONE), -1);
  const from = addDays(to, 1 - days);
  const t: Traffic = { from, to, pageViews: [], conversations: [], customerMessages: [], aiReplies: [], handoffs: [], leads: [] };
  const events: Record<string, unknown>[] = [];
  for (let i = 0; i < days; i += 1) {
    const day = addDays(from, i);
    const views = Math.floor(random() * 12);
    for (let v = 0; v < views; v += 1) {
      const at = momentOn(day, random);
      const visitor = `v${Math.floor(random() * 15)}`;
      const src = SOURCES[Math.floor(random() * SOURCES.length)]!;
      const page = PAGES[Math.floor(random() * PAGES.length)]!;
      events.push({ id: `pv-${day}-${v}`, type: 'page_view', occurred_at: at.toISOString(), visitor_id: visitor, properties: { url: `https://shop.example.com${page}?x=1`, ...src } });
      t.pageViews.push({ at, visitor, source: sourceKey(src as Record<string, string>), page });
    }
    const chats = Math.floor(random() * 4);
    for (let c = 0; c < chats; c += 1) {
      const at = momentOn(day, random);
      const id = randomUUID();
      await sql.query(`insert into conversations (id, tenant_id, channel_id, channel_type, status, mode, created_at, updated_at) values ($1, $2, $3, 'api', 'open', 'ai', $4, $4)`,
        [id, who.tenantId, who.channelId, at]);
      t.conversations.push(at);
      const said = new Date(at.getTime() + 1000);
      await sql.query(`insert into messages (id, tenant_id, conversation_id, sender, content, created_at) values ($1, $2, $3, 'customer', 'hi', $4)`, [randomUUID(), who.tenantId, id, said]);
      t.customerMessages.push(said);
      if (random() < 0.7) {
        const op = randomUUID();
        const done = new Date(at.getTime() + 5000);
        const cost = Math.round(random() * 300) / 100 + 0.5;
        await sql.query(`insert into operations (id, tenant_id, integration_id, type, status, cost_ceiling_rub, usage_cost_rub, created_at, completed_at)
                         values ($1, $2, $3, 'conversation.ai_reply', 'succeeded', 100, $4, $5, $6)`, [op, who.tenantId, who.integrationId, cost, at, done]);
        await sql.query(`insert into wallet_ledger (id, tenant_id, kind, amount_rub, balance_after_rub, integration_id, operation_id, created_at)
                         values ($1, $2, 'charge', $3, 0, $4, $5, $6)`, [randomUUID(), who.tenantId, -cost, who.integrationId, op, done]);
        t.aiReplies.push({ at: done, costRub: cost });
      } else {
        const when = new Date(at.getTime() + 7000);
        await sql.query(`insert into outbox_events (id, tenant_id, type, api_version, data, created_at, relayed_at) values ($1, $2, 'conversation.handoff_requested', '2026-10-01', '{}', $3, $3)`,
          [`evt_${randomUUID()}`, who.tenantId, when]);
        t.handoffs.push(when);
      }
      if (random() < 0.5) {
        const created = new Date(at.getTime() + 60_000);
        const qualified = random() < 0.6 ? new Date(created.getTime() + 3_600_000) : null;
        const won = qualified && random() < 0.5 ? new Date(qualified.getTime() + 86_400_000) : null;
        const value = Math.round(random() * 1_000_000) / 100;
        const attribution = SOURCES[Math.floor(random() * SOURCES.length)]!;
        await sql.query(`insert into leads (id, tenant_id, status, source, value_amount, value_currency, conversation_id, qualified_at, won_at, attribution, created_at, updated_at)
                         values ($1, $2, $3, 'api', $4, 'RUB', $5, $6, $7, $8, $9, $10)`,
          [randomUUID(), who.tenantId, won ? 'won' : qualified ? 'qualified' : 'new', value, id, qualified, won, attribution, created, won ?? qualified ?? created]);
        t.leads.push({ created, qualified, won, value, source: sourceKey(attribution as Record<string, string>) });
      }
    }
  }
  for (let i = 0; i < events.length; i += 500) {
    const res = await call(base, 'POST', '/events', { key: who.apiKey, body: { events: events.slice(i, i + 500) } });
    if (res.status !== 200) throw new Error(`POST /events answered ${res.status}: ${res.text}`);
  }
  return t;
}

/** Count of instants per local day (Moscow), only days in [from, to]. */
export function perDay<T>(rows: T[], at: (r: T) => Date | null, from: string, to: string, weight: (r: T) => number = () => 1): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) {
    const when = at(r);
    if (!when) continue;
    const day = dayIn(when, ZONE);
    if (day < from || day > to) continue;
    out.set(day, (out.get(day) ?? 0) + weight(r));
  }
  return out;
}
