import type { Em } from '../../db/orm.js';
import { METRIC_KEYS } from './snapshot.js';
import type { ActionEntry, EvidenceItem, Finding, ReportDraft } from './analyst.js';

export interface CheckedEvidence {
  actions: { index: number; status: 'valid'; basis: string; items: EvidenceItem[] }[];
  validation: { refs_valid: boolean; excerpts_valid: boolean; relevance_checked: boolean; limitations: string[] };
}

export interface CheckedReport {
  actions: ActionEntry[];
  evidence: CheckedEvidence;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a ref names in the tenant's rows: found or not, and a message's text for its excerpts. */
class TenantRows {
  private readonly cache = new Map<string, { found: boolean; text: string | null }>();
  constructor(private readonly em: Em, private readonly tenantId: string) {}

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
    return { found: row !== undefined, text: row?.text ?? null };
  }

  /** A ref as findings and target_ref write it: kind:value. */
  resolves(typed: string): Promise<boolean> {
    const at = typed.indexOf(':');
    return at < 0 ? Promise.resolve(false) : this.look(typed.slice(0, at), typed.slice(at + 1)).then((r) => r.found);
  }
}

/** Why an action's evidence fails, or null when every item resolves, every excerpt occurs and the target belongs to its concern. */
async function fault(rows: TenantRows, action: ActionEntry, items: EvidenceItem[], findings: { concern: Finding[]; highlight: Finding[] }): Promise<string | null> {
  if (!items.length) return 'no evidence';
  for (const item of items) {
    const row = await rows.look(item.kind, item.ref);
    if (!row.found) return `${item.kind} ${item.ref} does not exist in this account`;
    if (item.excerpt !== undefined && (item.kind !== 'message' || !row.text || !row.text.includes(item.excerpt))) return `the excerpt is not in ${item.kind} ${item.ref}`;
  }
  const [kind, index] = action.basis.split(':');
  const finding = kind === 'concern' || kind === 'highlight' ? findings[kind][Number(index)] : undefined;
  if (!finding) return `its basis ${action.basis} is no finding of the report`;
  if (action.target_ref !== null) {
    if (!items.some((i) => `${i.kind}:${i.ref}` === action.target_ref)) return `its target ${action.target_ref} is not in its evidence`;
    if (!finding.refs.includes(action.target_ref)) return `its target ${action.target_ref} does not belong to ${action.basis}`;
  }
  return null;
}

/**
 * Checks a draft against the tenant's rows, never trusting the analyst: an action is kept only
 * when every evidence item resolves to a real row of the tenant (or a metric of the snapshot),
 * every quoted excerpt occurs in the message it names, and its target is in its evidence and
 * among the refs of the finding it answers. A failing action is dropped and listed in the
 * limitations. refs_valid also covers the refs of the highlights and concerns.
 */
export async function checkEvidence(em: Em, tenantId: string, draft: ReportDraft, limitations: string[]): Promise<CheckedReport> {
  const rows = new TenantRows(em, tenantId);
  const findings = { concern: draft.concerns, highlight: draft.highlights };
  const kept: ActionEntry[] = [];
  const checked: CheckedEvidence['actions'] = [];
  const notes = [...limitations];
  for (const [i, action] of draft.actions.entries()) {
    const items = draft.evidence[i] ?? [];
    const why = await fault(rows, action, items, findings);
    if (why) {
      notes.push(`action "${action.title}" dropped: ${why}`);
      continue;
    }
    checked.push({ index: kept.length, status: 'valid', basis: action.basis, items });
    kept.push(action);
  }
  let findingRefsValid = true;
  for (const ref of [...draft.highlights, ...draft.concerns].flatMap((f) => f.refs)) {
    if (!await rows.resolves(ref)) {
      findingRefsValid = false;
      notes.push(`ref ${ref} of a finding does not exist in this account`);
    }
  }
  const excerpts = checked.flatMap((a) => a.items).filter((i) => i.excerpt !== undefined);
  return {
    actions: kept,
    evidence: {
      actions: checked,
      validation: {
        refs_valid: findingRefsValid,
        excerpts_valid: excerpts.length === 0 || excerpts.every((i) => i.kind === 'message'),
        relevance_checked: true,
        limitations: notes,
      },
    },
  };
}
