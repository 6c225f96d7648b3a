import type { Em } from '../../db/em.js';
import { customerTextRedactor, type CustomerTextRedactor } from '../privacy/customer-text.js';
import { METRIC_KEYS } from './snapshot.js';
import type { ActionEntry, EvidenceItem, Finding, ReportDraft } from './analyst.js';
import { UUID } from '../../ids.js';

export interface CheckedEvidence {
  actions: { index: number; status: 'valid'; basis: string; items: EvidenceItem[] }[];
  validation: { refs_valid: boolean; excerpts_valid: boolean; relevance_checked: boolean; limitations: string[] };
}

export interface CheckedReport {
  actions: ActionEntry[];
  evidence: CheckedEvidence;
}

/** What a ref names in the tenant's rows: found or not, and a message's text, redacted, for its excerpts. */
class TenantRows {
  private readonly cache = new Map<string, { found: boolean; text: string | null }>();
  constructor(private readonly em: Em, private readonly tenantId: string, private readonly redact: CustomerTextRedactor) {}

  async look(kind: string, ref: string): Promise<{ found: boolean; text: string | null }> {
    const key = `${kind}:${ref}`;
    let hit = this.cache.get(key);
    if (!hit) {
      hit = await this.query(kind, ref);
      this.cache.set(key, hit);
    }
    return hit;
  }

  private async query(kind: string, ref: string): Promise<{ found: boolean; text: string | null }> {
    if (kind === 'metric') return { found: (METRIC_KEYS as readonly string[]).includes(ref), text: null };
    const sql = kind === 'message' ? 'select content as text from messages where tenant_id = ? and id = ? and deleted_at is null'
      : kind === 'conversation' ? 'select null as text from conversations where tenant_id = ? and id = ?'
        : kind === 'card' ? 'select null as text from cards where tenant_id = ? and code = ?' : null;
    if (!sql || (kind !== 'card' && !UUID.test(ref))) return { found: false, text: null };
    const [row] = await this.em.execute<{ text: string | null }[]>(sql, [this.tenantId, ref]);
    return { found: row !== undefined, text: row?.text ? this.redact(row.text) : null };
  }

  /** A ref as findings and target_ref write it: kind:value. */
  resolves(typed: string): Promise<boolean> {
    const at = typed.indexOf(':');
    return at < 0 ? Promise.resolve(false) : this.look(typed.slice(0, at), typed.slice(at + 1)).then((r) => r.found);
  }
}

/** What is wrong with an action: which of the three checks it fails, and why. */
interface Fault { check: 'refs' | 'excerpts' | 'relevance'; why: string }

/** A quoted part of a title or rationale: "…", «…», “…”. */
const QUOTED = /["«“]([^"»”]+)["»”]/gu;

/**
 * Why an action cannot be kept, or null. refs: every item names a row of the tenant (or a
 * metric of the snapshot). excerpts: every quoted excerpt occurs, as quoted, in the message
 * its ref names once that message is redacted as every excerpt is. relevance: the evidence
 * is about what the action is about: its target is among its items and among the refs of the
 * finding it answers, at least one item is among that finding's refs (or figures), and what
 * the action quotes is one of its items' excerpts.
 */
async function fault(rows: TenantRows, action: ActionEntry, items: EvidenceItem[], findings: { concern: Finding[]; highlight: Finding[] }): Promise<Fault | null> {
  if (!items.length) return { check: 'refs', why: 'no evidence' };
  for (const item of items) {
    const row = await rows.look(item.kind, item.ref);
    if (!row.found) return { check: 'refs', why: `${item.kind} ${item.ref} does not exist in this account` };
  }
  for (const item of items) {
    if (item.excerpt === undefined) continue;
    const row = await rows.look(item.kind, item.ref);
    if (item.kind !== 'message' || !row.text || !item.excerpt.trim() || !row.text.includes(item.excerpt)) return { check: 'excerpts', why: `the excerpt is not in ${item.kind} ${item.ref}` };
  }
  const [kind, index] = action.basis.split(':');
  const finding = kind === 'concern' || kind === 'highlight' ? findings[kind][Number(index)] : undefined;
  if (!finding) return { check: 'relevance', why: `its basis ${action.basis} is no finding of the report` };
  const typed = items.map((i) => `${i.kind}:${i.ref}`);
  if (action.target_ref !== null) {
    if (!typed.includes(action.target_ref)) return { check: 'relevance', why: `its target ${action.target_ref} is not in its evidence` };
    if (!finding.refs.includes(action.target_ref)) return { check: 'relevance', why: `its target ${action.target_ref} does not belong to ${action.basis}` };
  }
  const about = new Set([...finding.refs, ...finding.figures.map((f) => `metric:${f.metric}`)]);
  if (!typed.some((t) => about.has(t))) return { check: 'relevance', why: `none of its evidence is about ${action.basis} ("${finding.title}")` };
  const excerpts = items.flatMap((i) => (i.excerpt === undefined ? [] : [i.excerpt]));
  for (const [, quote] of `${action.title} ${action.rationale}`.matchAll(QUOTED)) {
    if (!excerpts.some((e) => e.includes(quote!) || quote!.includes(e))) return { check: 'relevance', why: `it quotes "${quote}", which none of its evidence holds` };
  }
  return null;
}

/**
 * Checks a draft against the tenant's rows, never trusting the analyst: an action is kept only
 * when it passes the three checks of `fault`. A failing action is dropped, named in the
 * limitations with the reason, and turns its check's flag false: refs_valid (which also covers
 * the refs of the highlights and concerns), excerpts_valid, relevance_checked.
 */
export async function checkEvidence(em: Em, tenantId: string, draft: ReportDraft, limitations: string[]): Promise<CheckedReport> {
  const rows = new TenantRows(em, tenantId, await customerTextRedactor(em, tenantId));
  const findings = { concern: draft.concerns, highlight: draft.highlights };
  const kept: ActionEntry[] = [];
  const checked: CheckedEvidence['actions'] = [];
  const notes = [...limitations];
  const failed = new Set<Fault['check']>();
  for (const [i, action] of draft.actions.entries()) {
    const items = draft.evidence[i] ?? [];
    const f = await fault(rows, action, items, findings);
    if (f) {
      failed.add(f.check);
      notes.push(`action "${action.title}" dropped: ${f.why}`);
      continue;
    }
    checked.push({ index: kept.length, status: 'valid', basis: action.basis, items });
    kept.push(action);
  }
  for (const ref of [...draft.highlights, ...draft.concerns].flatMap((f) => f.refs)) {
    if (!await rows.resolves(ref)) {
      failed.add('refs');
      notes.push(`ref ${ref} of a finding does not exist in this account`);
    }
  }
  return {
    actions: kept,
    evidence: {
      actions: checked,
      validation: {
        refs_valid: !failed.has('refs'),
        excerpts_valid: !failed.has('excerpts'),
        relevance_checked: !failed.has('relevance'),
        limitations: notes,
      },
    },
  };
}
