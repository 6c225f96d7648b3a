import type { Contact } from '../entities/conversation.js';
import type { Lead } from '../entities/lead.js';
import { money } from '../domain/wallet/money.js';
import { iso } from './iso.js';


/** The ETag of a lead: its quoted version. */
export const leadEtag = (lead: Pick<Lead, 'version'>) => `"${lead.version}"`;

/** Lead (spec 02) with its contact, the one wire format of a lead: the api's answers and bin/ctl's. */
export function presentLead(l: Lead, contact: Contact | undefined | null) {
  return {
    id: l.id,
    external_id: l.externalId ?? null,
    external_url: l.externalUrl ?? null,
    version: l.version,
    etag: leadEtag(l),
    status: l.status,
    archived: l.archived,
    archived_reason: l.archivedReason ?? null,
    owner: l.owner ?? null,
    title: l.title ?? null,
    source: l.source ?? null,
    assigned_to: l.assignedTo ?? null,
    value: l.valueAmount != null && l.valueCurrency ? money(l.valueAmount, l.valueCurrency) : null,
    product_id: l.productId ?? null,
    course_slug: l.courseSlug ?? null,
    contact: contact ? { id: contact.id, name: contact.name ?? null, email: contact.email ?? null, phone: contact.phone ?? null } : null,
    conversation_id: l.conversationId ?? null,
    attribution: l.attribution ?? null,
    score: l.score ?? null,
    level: l.level ?? null,
    score_source: l.scoreSource ?? null,
    flags: l.flags,
    intent: l.intent ?? null,
    ai_summary: l.aiSummary ?? null,
    next_action: l.nextAction ?? null,
    next_action_at: iso(l.nextActionAt),
    lost_reason: l.lostReason ?? null,
    qualified_at: iso(l.qualifiedAt),
    won_at: iso(l.wonAt),
    lost_at: iso(l.lostAt),
    last_activity_at: iso(l.lastActivityAt),
    created_at: l.createdAt.toISOString(),
    updated_at: l.updatedAt.toISOString(),
  };
}
