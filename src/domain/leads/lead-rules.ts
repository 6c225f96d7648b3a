import type { Em } from '../../db/em.js';
import { CLOSED_LEAD_STATUSES, Lead, type LeadStatus } from '../../entities/lead.js';
import { domainError } from '../../errors/domain-error.js';
import { money } from '../wallet/money.js';
import { isOpenLead } from './lead-opening.js';

/**
 * What an integrator may set on a lead (PATCH /leads/{id}, POST /leads), by wire name, and
 * the rules of setting it: value in the cell currency, lost needs a reason, status moves
 * stamp their time, one open lead per conversation.
 */
export interface LeadFields {
  status?: LeadStatus;
  archived?: boolean;
  archived_reason?: string | null;
  owner?: string | null;
  assigned_to?: string | null;
  value?: { amount: string; currency: string } | null;
  next_action?: string | null;
  next_action_at?: Date | null;
  lost_reason?: string | null;
  external_id?: string | null;
  external_url?: string | null;
  title?: string | null;
}

/** Wire name -> entity property, for the plain fields (status, archived and value have rules of their own). */
const PLAIN_FIELDS = {
  archived_reason: 'archivedReason', owner: 'owner', assigned_to: 'assignedTo', next_action: 'nextAction', next_action_at: 'nextActionAt',
  lost_reason: 'lostReason', external_id: 'externalId', external_url: 'externalUrl', title: 'title',
} as const satisfies Partial<Record<keyof LeadFields, keyof Lead>>;

/** When a lead enters a status, the time it did: qualified_at, won_at, lost_at. */
const STAMPS: Partial<Record<LeadStatus, ['qualified_at' | 'won_at' | 'lost_at', 'qualifiedAt' | 'wonAt' | 'lostAt']>> = {
  qualified: ['qualified_at', 'qualifiedAt'], won: ['won_at', 'wonAt'], lost: ['lost_at', 'lostAt'],
};

const sameValue = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b);

export interface AppliedChanges {
  /** Wire names of the fields whose value changed. */
  changed: string[];
  /** Set when the status moved. */
  statusMove: { from: LeadStatus; to: LeadStatus } | null;
}

/** Refusals that depend on the lead as it will be; every field at fault in one validation_failed. */
function refuseInvalid(lead: Lead, f: LeadFields, currency: string): void {
  const errors = [];
  if (f.value && f.value.currency !== currency) {
    errors.push({ field: '/value/currency', code: 'not_supported', message: `value.currency must be the cell currency ${currency}` });
  }
  const lostReason = f.lost_reason !== undefined ? f.lost_reason : lead.lostReason;
  if (f.status === 'lost' && lead.status !== 'lost' && !lostReason) {
    errors.push({ field: '/lost_reason', code: 'required', message: 'lost_reason is required when the status moves to lost' });
  }
  if (errors.length) throw domainError('validation_failed', errors.map((e) => e.message).join('; '), { errors });
}

/**
 * Applies the fields that were sent to the lead (not yet bumped): answers which changed and
 * the status move. Unarchiving clears archived_reason.
 */
export function applyLeadFields(lead: Lead, f: LeadFields, currency: string, now: Date): AppliedChanges {
  refuseInvalid(lead, f, currency);
  const changed: string[] = [];
  const set = <K extends keyof Lead>(wire: string, prop: K, value: Lead[K]) => {
    if (sameValue(lead[prop], value)) return;
    lead[prop] = value;
    changed.push(wire);
  };
  let statusMove: AppliedChanges['statusMove'] = null;
  if (f.status !== undefined && f.status !== lead.status) {
    statusMove = { from: lead.status, to: f.status };
    set('status', 'status', f.status);
    const stamp = STAMPS[f.status];
    if (stamp) set(stamp[0], stamp[1], now);
  }
  if (f.archived !== undefined) {
    set('archived', 'archived', f.archived);
    if (!f.archived) set('archived_reason', 'archivedReason', null);
  }
  if (f.value !== undefined) {
    set('value', 'valueAmount', f.value ? money(f.value.amount, f.value.currency).amount : null);
    set('value', 'valueCurrency', f.value ? f.value.currency : null);
  }
  for (const [wire, prop] of Object.entries(PLAIN_FIELDS) as [keyof typeof PLAIN_FIELDS, (typeof PLAIN_FIELDS)[keyof typeof PLAIN_FIELDS]][]) {
    if (f[wire] !== undefined && !(wire === 'archived_reason' && f.archived === false)) set(wire, prop, f[wire] as never);
  }
  return { changed: [...new Set(changed)], statusMove };
}

/**
 * A lead that these fields make open again (unarchived, moved out of won or lost) must not be
 * its conversation's second open lead. Checked before the fields are applied: a query after
 * them could flush the lead into the unique index first.
 */
export async function refuseSecondOpenLead(em: Em, lead: Lead, f: LeadFields): Promise<void> {
  const reopens = !isOpenLead(lead) && !(f.archived ?? lead.archived) && !CLOSED_LEAD_STATUSES.includes(f.status ?? lead.status);
  if (!reopens || !lead.conversationId) return;
  const other = await em.findOne(Lead, { conversationId: lead.conversationId, id: { $ne: lead.id }, archived: false, status: { $nin: [...CLOSED_LEAD_STATUSES] } });
  if (other) throw domainError('invalid_state', `The conversation already has an open lead (${other.id}); close or archive it first.`);
}
