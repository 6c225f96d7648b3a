import type { Em } from '../../db/em.js';
import { newId } from '../../ids.js';
import { textArray } from '../pacing/claims.js';
import type { Cell } from '../../config.js';
import { ADD_TO_LIVE_DAYS, LIVE_RESULT, finishLiveRollups, lockRollups, type LiveResult } from './live-rollups.js';

/** The event types POST /events takes (issue 13). */
export const EVENT_TYPES = ['page_view', 'site_search', 'add_to_cart', 'purchase', 'signup', 'ad_spend', 'search_performance', 'custom'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Stored types: the ones sent, and the sales POST /offline-conversions records. */
export type StoredEventType = EventType | 'offline_conversion';

/**
 * Where an event came from; part of its dedupe key, so two integrations of a tenant never
 * collide on their own ids, and the widget's beacon has its own key space.
 */
export const eventSource = {
  api: (integrationId: string) => `api:${integrationId}`,
  offline: (integrationId: string) => `offline:${integrationId}`,
  widget: 'widget',
} as const;

export interface RawEvent {
  externalId: string;
  type: StoredEventType;
  occurredAt: Date;
  visitorId?: string | null;
  contactId?: string | null;
  leadId?: string | null;
  properties: Record<string, unknown>;
}

/** The day an event counts on, in the zone given as a parameter: properties.date for dated types, else occurred_at's local day. */
const EVENT_DAY = `case when type in ('ad_spend', 'search_performance') then (properties->>'date')::date else (occurred_at at time zone ?::text)::date end`;

export interface IngestCounts {
  accepted: number;
  duplicates: number;
}

/**
 * Stores a batch of events of one source: a (tenant, source, external id) already stored, or
 * repeated in the batch, is a duplicate and stored once. Events are partitioned by month of
 * occurred_at; the key table remembers when each arrived, which tells the snapshot the days
 * to rebuild. What was stored and dropped is added to the tenant's counts per event type and
 * the event's own day in its zone (`zone`; properties.date for dated types, as the rollups):
 * data_trust's duplicates, and "was it ever sent". Rows are counted in (day, type) order, so
 * concurrent batches of a tenant lock them in the same order. The rollups of the events' live
 * days are added to in the same transaction (src/domain/analytics/live-rollups.ts), under the
 * tenant's rollup lock taken shared.
 */
export async function ingestEvents(em: Em, tenantId: string, source: string, events: RawEvent[], now: Date, zone: string, cell: Cell): Promise<IngestCounts> {
  if (!events.length) return { accepted: 0, duplicates: 0 };
  const rows = events.map((e) => ({
    id: newId(), external_id: e.externalId, type: e.type, occurred_at: e.occurredAt.toISOString(), visitor_id: e.visitorId ?? null,
    contact_id: e.contactId ?? null, lead_id: e.leadId ?? null, properties: e.properties,
  }));
  const at = now.toISOString();
  return em.transactional(async (tx) => {
    await lockRollups(tx, tenantId, 'shared');
    const [result] = await tx.execute<(LiveResult & { n: string })[]>(
      `with sent as (
         select x.* from jsonb_to_recordset(?::jsonb)
           as x(id uuid, external_id text, type text, occurred_at timestamptz, visitor_id text, contact_id uuid, lead_id uuid, properties jsonb)
       ), incoming as (
         select distinct on (external_id) * from sent order by external_id
       ), fresh as (
         insert into analytics_event_keys (tenant_id, source, external_id, occurred_at, received_at)
         select ?::uuid, ?, external_id, occurred_at, ?::timestamptz from incoming
         on conflict do nothing
         returning external_id
       ), stored as (
         insert into analytics_events (id, tenant_id, source, external_id, type, occurred_at, received_at, visitor_id, contact_id, lead_id, properties)
         select i.id, ?::uuid, ?, i.external_id, i.type, i.occurred_at, ?::timestamptz, i.visitor_id, i.contact_id, i.lead_id, i.properties
           from incoming i join fresh f using (external_id)
         returning type, occurred_at, visitor_id, properties
       ), counted as (
         insert into analytics_ingest_counts as c (tenant_id, day, type, accepted, duplicates)
         select ?::uuid, t.day, t.type, coalesce(s.n, 0), t.n - coalesce(s.n, 0)
           from (select ${EVENT_DAY} as day, type, count(*) as n from sent group by 1, 2) t
           left join (select ${EVENT_DAY} as day, type, count(*) as n from stored group by 1, 2) s using (day, type)
          order by t.day, t.type
         on conflict (tenant_id, day, type) do update set accepted = c.accepted + excluded.accepted, duplicates = c.duplicates + excluded.duplicates
       ), e as (
         select s.*, ${EVENT_DAY} as d from stored s
       ), ${ADD_TO_LIVE_DAYS}
       select (select count(*) from stored) as n, ${LIVE_RESULT}`,
      [JSON.stringify(rows), tenantId, source, at, tenantId, source, at, tenantId, zone, zone, zone,
        tenantId, at, zone, tenantId, tenantId, tenantId, tenantId, at, zone, at, zone],
    );
    await finishLiveRollups(tx, cell, tenantId, result!);
    const accepted = Number(result?.n ?? 0);
    return { accepted, duplicates: events.length - accepted };
  });
}

/** Which of these lead and contact ids are not the tenant's (to refuse at the item's field). */
export async function foreignRefs(em: Em, tenantId: string, leadIds: string[], contactIds: string[]): Promise<{ leads: Set<string>; contacts: Set<string> }> {
  const known = async (table: 'leads' | 'contacts', ids: string[]) => {
    if (!ids.length) return new Set<string>();
    const rows = await em.execute<{ id: string }[]>(`select id from ${table} where tenant_id = ? and id = any(?::uuid[])`, [tenantId, textArray([...new Set(ids)])]);
    return new Set(rows.map((r) => r.id));
  };
  const [leads, contacts] = await Promise.all([known('leads', leadIds), known('contacts', contactIds)]);
  return { leads: new Set(leadIds.filter((id) => !leads.has(id))), contacts: new Set(contactIds.filter((id) => !contacts.has(id))) };
}

/** The contact an e-mail or phone (already normalised) names, skipping merged ones. */
export async function contactsByDetails(em: Em, tenantId: string, emails: string[], phones: string[]): Promise<{ byEmail: Map<string, string>; byPhone: Map<string, string> }> {
  const rows = await em.execute<{ id: string; email: string | null; phone: string | null }[]>(
    `select id, email, phone from contacts where tenant_id = ? and merged_into is null and (email = any(?::text[]) or phone = any(?::text[]))
      order by created_at, id`,
    [tenantId, textArray(emails), textArray(phones)],
  );
  const byEmail = new Map<string, string>();
  const byPhone = new Map<string, string>();
  for (const r of rows) {
    if (r.email && !byEmail.has(r.email)) byEmail.set(r.email, r.id);
    if (r.phone && !byPhone.has(r.phone)) byPhone.set(r.phone, r.id);
  }
  return { byEmail, byPhone };
}
