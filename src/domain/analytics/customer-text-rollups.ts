import type { Cell } from '../../config.js';
import type { Em } from '../../db/orm.js';
import { textArray } from '../pacing/claims.js';
import { customerTextRedactor } from '../privacy/customer-text.js';
import { CUSTOMER_TEXT } from './rollup-sql.js';

/** The longest question kept as a rollup's dimension. */
const QUESTION_CHARS = 200;

/** A search as pulse counts it: lower case. */
const searchKey = (text: string) => text.toLowerCase();

/** A question as pulse counts it: lower case, spaces collapsed, trailing punctuation and ? dropped, 200 characters at most. */
const questionKey = (text: string) => [...text.trim().replace(/\s+/g, ' ').toLowerCase().replace(/[.!,;: ?]+$/, '')].slice(0, QUESTION_CHARS).join('');

/**
 * The rollups of what visitors searched and customers asked (site_searches per query,
 * customer_questions per question) for the days, each text redacted before it is counted:
 * two questions that differ only by their author's e-mail count as one.
 * `params` are INSERT_ROLLUPS' own.
 */
export async function insertCustomerTextRollups(tx: Em, cell: Cell, tenantId: string, params: unknown[]): Promise<number> {
  const rows = await tx.execute<{ day: string; metric: string; prefix: string; text: string }[]>(CUSTOMER_TEXT, params);
  if (!rows.length) return 0;
  const redact = await customerTextRedactor(tx, tenantId, cell);
  const counts = new Map<string, { day: string; metric: string; dimension: string; n: number }>();
  for (const r of rows) {
    const text = (r.metric === 'customer_questions' ? questionKey : searchKey)(redact(r.text));
    if (!text) continue;
    const dimension = `${r.prefix}${text}`.slice(0, 1000);
    const id = `${r.day}\u0000${r.metric}\u0000${dimension}`;
    const c = counts.get(id) ?? { day: r.day, metric: r.metric, dimension, n: 0 };
    c.n += 1;
    counts.set(id, c);
  }
  const list = [...counts.values()].map((c) => ({ day: c.day, metric: c.metric, dimension: c.dimension, value: c.n }));
  await insertRollupRows(tx, tenantId, list);
  return list.length;
}

export interface RollupRow { day: string; metric: string; dimension: string; value: number }

/** Writes rollup rows of a tenant in one statement. */
export async function insertRollupRows(em: Em, tenantId: string, rows: RollupRow[]): Promise<void> {
  if (!rows.length) return;
  await em.execute(
    `insert into analytics_daily (tenant_id, day, metric, dimension, value)
     select ?::uuid, t.day::date, t.metric, t.dimension, t.value::numeric from unnest(?::text[], ?::text[], ?::text[], ?::text[]) as t(day, metric, dimension, value)`,
    [tenantId, textArray(rows.map((r) => r.day)), textArray(rows.map((r) => r.metric)), textArray(rows.map((r) => r.dimension)), textArray(rows.map((r) => String(r.value)))],
    'run');
}
