import type { Em } from '../../db/em.js';
import { insertRollupRows, type RollupRow } from '../analytics/customer-text-rollups.js';
import { bumpRollupVersion } from '../analytics/snapshot.js';
import { customerTextRedactor, type CustomerTextRedactor } from './customer-text.js';

/**
 * Redacts, once, the customer text that derived rows took in before the redaction step
 * existed (decisions: "Personal data: scrubbing what was derived before"): topic and action
 * titles, chat answers, the text fields of reports and their evidence excerpts, and the
 * rollups' searches and questions. Articles are the tenant's published content and are left
 * as they are. Answers how many rows changed.
 */
export async function scrubDerivedText(em: Em, tenantId: string): Promise<number> {
  const redact = await customerTextRedactor(em, tenantId);
  let changed = 0;
  for (const [table, column] of [['strategist_topics', 'title'], ['strategist_actions', 'title'], ['strategist_turns', 'answer']] as const) {
    const rows = await em.execute<{ id: string; text: string }[]>(`select id, ${column} as text from ${table} where tenant_id = ? and ${column} is not null`, [tenantId]);
    for (const r of rows) {
      const text = redact(r.text);
      if (text === r.text) continue;
      await em.execute(`update ${table} set ${column} = ? where id = ?`, [text, r.id]);
      changed += 1;
    }
  }
  changed += await scrubReports(em, tenantId, redact);
  return changed + await scrubRollups(em, tenantId, redact);
}

type Json = Record<string, unknown>;
const redactFields = (redact: CustomerTextRedactor, entries: unknown, fields: string[]) =>
  Array.isArray(entries) ? entries.map((e: Json) => Object.fromEntries(Object.entries(e).map(([k, v]) => [k, fields.includes(k) && typeof v === 'string' ? redact(v) : v]))) : entries;

async function scrubReports(em: Em, tenantId: string, redact: CustomerTextRedactor): Promise<number> {
  const rows = await em.execute<{ id: string; summary_text: string; highlights: unknown; concerns: unknown; actions: unknown; evidence: Json }[]>(
    'select id, summary_text, highlights, concerns, actions, evidence from strategist_reports where tenant_id = ?', [tenantId]);
  let changed = 0;
  for (const r of rows) {
    const evidenceActions = Array.isArray(r.evidence.actions)
      ? (r.evidence.actions as Json[]).map((a) => ({ ...a, items: redactFields(redact, a.items, ['excerpt']) })) : r.evidence.actions;
    const next = {
      summary_text: redact(r.summary_text),
      highlights: redactFields(redact, r.highlights, ['title', 'detail']),
      concerns: redactFields(redact, r.concerns, ['title', 'detail']),
      actions: redactFields(redact, r.actions, ['title', 'rationale', 'expected_effect']),
      evidence: { ...r.evidence, actions: evidenceActions },
    };
    if (JSON.stringify(next) === JSON.stringify({ summary_text: r.summary_text, highlights: r.highlights, concerns: r.concerns, actions: r.actions, evidence: r.evidence })) continue;
    await em.execute('update strategist_reports set summary_text = ?, highlights = ?::jsonb, concerns = ?::jsonb, actions = ?::jsonb, evidence = ?::jsonb where id = ?',
      [next.summary_text, JSON.stringify(next.highlights), JSON.stringify(next.concerns), JSON.stringify(next.actions), JSON.stringify(next.evidence), r.id]);
    changed += 1;
  }
  return changed;
}

/** The rollups' searches and questions, regrouped after redaction (two that differed by an e-mail become one). */
async function scrubRollups(em: Em, tenantId: string, redact: CustomerTextRedactor): Promise<number> {
  const rows = await em.execute<{ day: string; metric: string; dimension: string; value: string }[]>(
    `select to_char(day, 'YYYY-MM-DD') as day, metric, dimension, value::text as value from analytics_daily
      where tenant_id = ? and ((metric = 'site_searches' and dimension like 'query:%') or (metric = 'customer_questions' and dimension like 'question:%'))`, [tenantId]);
  const prefixOf = (d: string) => d.slice(0, d.indexOf(':') + 1);
  const next = rows.map((r) => ({ ...r, dimension: prefixOf(r.dimension) + redact(r.dimension.slice(prefixOf(r.dimension).length)).toLowerCase() }));
  if (next.every((r, i) => r.dimension === rows[i]!.dimension)) return 0;
  const sums = new Map<string, RollupRow>();
  for (const r of next) {
    const id = `${r.day}\u0000${r.metric}\u0000${r.dimension}`;
    const s = sums.get(id) ?? { day: r.day, metric: r.metric, dimension: r.dimension, value: 0 };
    s.value += Number(r.value);
    sums.set(id, s);
  }
  await em.execute(`delete from analytics_daily where tenant_id = ? and ((metric = 'site_searches' and dimension like 'query:%') or (metric = 'customer_questions' and dimension like 'question:%'))`, [tenantId]);
  await insertRollupRows(em, tenantId, [...sums.values()]);
  await bumpRollupVersion(em, tenantId);
  return rows.length;
}
