import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Caller } from '../harness/fixtures.js';

/** Shared by the leads*.test.ts files: leads written straight into the database, and the Lead body GET answers for them. */

export interface SeedLead {
  status?: string;
  archived?: boolean;
  source?: string | null;
  title?: string | null;
  contact?: { name?: string | null; email?: string | null; phone?: string | null } | null;
  conversationId?: string | null;
  valueAmount?: string | null;
  version?: number;
  createdAt?: Date;
  updatedAt?: Date;
}

export interface SeededLead {
  id: string;
  contactId: string | null;
  options: SeedLead;
}

const START = new Date('2026-01-01T00:00:00.000Z');

export async function seedLead(sql: pg.Client, who: Caller, o: SeedLead = {}): Promise<SeededLead> {
  const id = randomUUID();
  const createdAt = o.createdAt ?? START;
  const contactId = o.contact === null ? null : randomUUID();
  if (contactId) {
    await sql.query('insert into contacts (id, tenant_id, name, email, phone, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $6)',
      [contactId, who.tenantId, o.contact?.name ?? 'Anna', o.contact?.email ?? null, o.contact?.phone ?? null, createdAt]);
  }
  await sql.query(
    `insert into leads (id, tenant_id, version, status, archived, title, source, value_amount, value_currency, contact_id, conversation_id, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [id, who.tenantId, o.version ?? 1, o.status ?? 'new', o.archived ?? false, o.title ?? null, o.source === undefined ? 'website' : o.source,
      o.valueAmount ?? null, o.valueAmount ? 'RUB' : null, contactId, o.conversationId ?? null, createdAt, o.updatedAt ?? createdAt],
  );
  return { id, contactId, options: o };
}

/** The Lead body GET answers for a seeded lead. */
export function leadBody(s: SeededLead): Record<string, unknown> {
  const o = s.options;
  const createdAt = o.createdAt ?? START;
  const version = o.version ?? 1;
  return {
    id: s.id, external_id: null, external_url: null, version, etag: `"${version}"`, status: o.status ?? 'new', archived: o.archived ?? false,
    archived_reason: null, owner: null, title: o.title ?? null, source: o.source === undefined ? 'website' : o.source, assigned_to: null,
    value: o.valueAmount ? { amount: o.valueAmount, currency: 'RUB' } : null, product_id: null, course_slug: null,
    contact: s.contactId ? { id: s.contactId, name: o.contact?.name ?? 'Anna', email: o.contact?.email ?? null, phone: o.contact?.phone ?? null, livemode: true } : null,
    conversation_id: o.conversationId ?? null, attribution: null, score: null, level: null, score_source: null, flags: [], intent: null, ai_summary: null,
    next_action: null, next_action_at: null, lost_reason: null, qualified_at: null, won_at: null, lost_at: null, last_activity_at: null,
    created_at: createdAt.toISOString(), updated_at: (o.updatedAt ?? createdAt).toISOString(), livemode: true,
  };
}
