import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { TestApi } from '../harness/app.js';
import type { Caller } from '../harness/fixtures.js';
import { call, type Answer } from '../harness/http.js';

/**
 * Shared by the conversations*.test.ts files: conversations and messages written straight
 * into the database (other channels, hidden kinds, deleted messages, pinned times), and the
 * rows a test reads back (outbox events, disclosure log).
 */

export interface SeedConversation {
  channelType?: string;
  status?: string;
  mode?: 'ai' | 'operator';
  externalCustomerId?: string | null;
  language?: string | null;
  leadId?: string | null;
  operatorName?: string | null;
  contact?: { name?: string | null; email?: string | null; phone?: string | null } | null;
  createdAt?: Date;
  updatedAt?: Date;
}

export interface Seeded {
  id: string;
  contactId: string | null;
  channelType: string;
}

/** A channel of the caller's tenant; the api channel of its integration for type api. */
async function channelOf(sql: pg.Client, who: Caller, type: string): Promise<string> {
  if (type === 'api') return who.channelId;
  const id = randomUUID();
  await sql.query(`insert into channels (id, tenant_id, type, name, settings, created_at) values ($1, $2, $3, $3, '{}', now())`, [id, who.tenantId, type]);
  return id;
}

export async function seedConversation(sql: pg.Client, who: Caller, o: SeedConversation = {}): Promise<Seeded> {
  const id = randomUUID();
  const channelType = o.channelType ?? 'website';
  const createdAt = o.createdAt ?? new Date('2026-01-01T00:00:00.000Z');
  const contactId = o.contact === null ? null : randomUUID();
  if (contactId) {
    await sql.query('insert into contacts (id, tenant_id, name, email, phone, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $6)',
      [contactId, who.tenantId, o.contact?.name ?? 'Seeded customer', o.contact?.email ?? null, o.contact?.phone ?? null, createdAt]);
  }
  await sql.query(
    `insert into conversations (id, tenant_id, channel_id, channel_type, contact_id, external_customer_id, status, mode, language, lead_id, operator_name, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [id, who.tenantId, await channelOf(sql, who, channelType), channelType, contactId, o.externalCustomerId ?? null, o.status ?? 'open', o.mode ?? 'ai',
      o.language === undefined ? 'ru' : o.language, o.leadId ?? null, o.operatorName ?? null, createdAt, o.updatedAt ?? createdAt],
  );
  return { id, contactId, channelType };
}

export interface SeedMessage {
  sender?: 'customer' | 'ai' | 'operator' | 'system';
  content?: string | null;
  contentType?: string;
  attachments?: unknown[];
  cards?: unknown[];
  operatorName?: string | null;
  createdAt: Date;
  deletedAt?: Date | null;
  /** The message's id (default: a new one). */
  id?: string;
}

export async function seedMessage(sql: pg.Client, who: Caller, conversationId: string, o: SeedMessage): Promise<string> {
  const id = o.id ?? randomUUID();
  await sql.query(
    `insert into messages (id, tenant_id, conversation_id, sender, content_type, content, attachments, cards, operator_name, deleted_at, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [id, who.tenantId, conversationId, o.sender ?? 'customer', o.contentType ?? 'text', o.content === undefined ? 'Hello' : o.content,
      JSON.stringify(o.attachments ?? []), JSON.stringify(o.cards ?? []), o.operatorName ?? null, o.deletedAt ?? null, o.createdAt],
  );
  return id;
}

/** The Conversation body GET answers for a seeded conversation. */
/** (A live key's answer: livemode true.) */
export function conversationBody(s: Seeded, o: SeedConversation = {}): Record<string, unknown> {
  const createdAt = o.createdAt ?? new Date('2026-01-01T00:00:00.000Z');
  return {
    id: s.id, channel: s.channelType, contact_id: s.contactId, external_customer_id: s.channelType === 'api' ? o.externalCustomerId ?? null : null,
    status: o.status ?? 'open', mode: o.mode ?? 'ai', language: o.language === undefined ? 'ru' : o.language, lead_id: o.leadId ?? null,
    operator: o.operatorName ? { name: o.operatorName } : null, summary: null,
    created_at: createdAt.toISOString(), updated_at: (o.updatedAt ?? createdAt).toISOString(), livemode: true,
  };
}

export interface OutboxRow {
  type: string;
  data: Record<string, unknown>;
  pii_data: Record<string, unknown> | null;
}

export async function outboxRows(sql: pg.Client, tenantId: string): Promise<OutboxRow[]> {
  const { rows } = await sql.query('select type, data, pii_data from outbox_events where tenant_id = $1 order by created_at, type', [tenantId]);
  return rows;
}

export async function disclosureRows(sql: pg.Client, integrationId: string): Promise<Record<string, unknown>[]> {
  const { rows } = await sql.query('select route, resource_type, resource_ids, request_id from disclosure_log where integration_id = $1 order by occurred_at, id', [integrationId]);
  return rows;
}

export const minutes = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n));

export function postJson(api: TestApi, who: Caller, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return call(api.base, 'POST', path, { key: who.apiKey, body, headers });
}

export function getJson(api: TestApi, who: Caller, path: string): Promise<Answer> {
  return call(api.base, 'GET', path, { key: who.apiKey });
}
