import type { Cell } from '../../config.js';
import type { Em } from '../../db/em.js';
import { textArray } from '../pacing/claims.js';
import { customerTextRedactor } from '../privacy/customer-text.js';
import { CUSTOMER_TEXT, PLATFORM_TEXT } from './rollup-sql.js';

/** The longest question kept as a rollup's dimension. */
const QUESTION_CHARS = 200;

/** A search as pulse counts it: lower case. */
const searchKey = (text: string) => text.toLowerCase();

/** A question as pulse counts it: lower case, spaces collapsed, trailing punctuation and ? dropped, 200 characters at most. */
const questionKey = (text: string) => [...text.trim().replace(/\s+/g, ' ').toLowerCase().replace(/[.!,;: ?]+$/, '')].slice(0, QUESTION_CHARS).join('');

export interface CustomerText { day: string; metric: string; prefix: string; text: string }

/**
 * The rollups of what visitors searched and customers asked (site_searches per query,
 * customer_questions per question), each text redacted before it is counted: two questions
 * that differ only by their author's e-mail count as one.
 */
export async function customerTextRollups(em: Em, cell: Cell, tenantId: string, rows: CustomerText[]): Promise<RollupRow[]> {
  if (!rows.length) return [];
  const redact = await customerTextRedactor(em, tenantId, cell);
  const counts = new Map<string, RollupRow>();
  for (const r of rows) {
    const text = (r.metric === 'customer_questions' ? questionKey : searchKey)(redact(r.text));
    if (!text) continue;
    const dimension = `${r.prefix}${text}`.slice(0, 1000);
    const id = `${r.day}\u0000${r.metric}\u0000${dimension}`;
    const c = counts.get(id) ?? { day: r.day, metric: r.metric, dimension, value: 0 };
    c.value += 1;
    counts.set(id, c);
  }
  return [...counts.values()];
}

/**
 * Writes the customer-text rollups of the days (`params` are INSERT_ROLLUPS' own; the caller
 * deleted the days' rows first); `platformOnly`: the questions alone, not the searches.
 */
export async function insertCustomerTextRollups(tx: Em, cell: Cell, tenantId: string, params: unknown[], platformOnly = false): Promise<number> {
  const rows = await tx.execute<CustomerText[]>(platformOnly ? PLATFORM_TEXT : CUSTOMER_TEXT, params);
  const list = await customerTextRollups(tx, cell, tenantId, rows);
  await insertRollupRows(tx, tenantId, list);
  return list.length;
}

export interface RollupRow { day: string; metric: string; dimension: string; value: number }

/** Writes rollup rows of a tenant in one statement; `add`: a row already there is added to (in key order, so concurrent writers lock rows alike). */
export async function insertRollupRows(em: Em, tenantId: string, rows: RollupRow[], add = false): Promise<void> {
  if (!rows.length) return;
  await em.execute(
    `insert into analytics_daily as a (tenant_id, day, metric, dimension, value)
     select ?::uuid, t.day::date, t.metric, t.dimension, t.value::numeric from unnest(?::text[], ?::text[], ?::text[], ?::text[]) as t(day, metric, dimension, value)
     ${add ? 'order by 2, 3, 4 on conflict (tenant_id, day, metric, dimension) do update set value = a.value + excluded.value' : ''}`,
    [tenantId, textArray(rows.map((r) => r.day)), textArray(rows.map((r) => r.metric)), textArray(rows.map((r) => r.dimension)), textArray(rows.map((r) => String(r.value)))],
    'run');
}
