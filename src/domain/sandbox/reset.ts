import type { Em } from '../../db/em.js';
import type { Config } from '../../config.js';
import { Card } from '../../entities/card.js';
import { createCard } from '../cards/cards.js';
import { DEMO_PRODUCTS, demoCardInput } from '../provisioning/demo-catalogue.js';
import { seedDemoArticles } from '../articles/demo-articles.js';
import { findOrCreateConversation } from '../conversations/find-or-create.js';
import { appendMessage } from '../conversations/messages.js';
import { DEFAULT_COUNTRY } from '../contacts/contact-details.js';

/**
 * What a reset keeps of a sandbox: its access (the shadow integrations, their keys and api
 * channels, which follow the live ones) and its wallet of test money with the ledger behind
 * the balance. Everything else with a tenant_id is the sandbox's data.
 */
const KEPT_TABLES = ['integrations', 'api_keys', 'wallets', 'wallet_ledger'];
const KEPT_ROWS: Record<string, string> = { channels: `type <> 'api'` };

/** The tables to empty, read from the schema: every table with a tenant_id column, so a new one is covered. */
async function tenantTables(em: Em): Promise<string[]> {
  const rows = await em.execute<{ table_name: string }[]>(
    `select c.table_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = current_schema() and c.column_name = 'tenant_id' order by c.table_name`,
  );
  return rows.map((r) => r.table_name).filter((t) => !KEPT_TABLES.includes(t));
}

/** Rows of tables without a tenant_id that point at a row being deleted (a delivery's attempts, a key's notice events). */
async function dependents(em: Em, tables: string[]): Promise<{ table: string; column: string; parent: string; parentColumn: string }[]> {
  return em.execute(
    `select child.relname as "table", a.attname as "column", parent.relname as "parent", pa.attname as "parentColumn"
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
       join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
       join pg_attribute pa on pa.attrelid = k.confrelid and pa.attnum = k.confkey[1]
      where k.contype = 'f' and array_length(k.conkey, 1) = 1 and child.relnamespace = current_schema()::regnamespace
        and parent.relname = any(?::text[])
        and not exists (select 1 from pg_attribute t where t.attrelid = k.conrelid and t.attname = 'tenant_id' and not t.attisdropped)
      order by 1, 2`,
    [`{${tables.join(',')}}`],
  );
}

/** Runs a delete of the sandbox's rows; answers how many went. */
async function deleteRows(em: Em, sql: string, sandboxId: string): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(`with gone as (${sql} returning 1) select count(*)::int as n from gone`, [sandboxId]);
  return row?.n ?? 0;
}

export interface ResetResult {
  /** Rows deleted, by table (tables with none left out). */
  deleted: Record<string, number>;
}

/**
 * Empties a sandbox tenant in the caller's transaction: its rows of every tenant-scoped table
 * (but what KEPT_TABLES keeps), the rows of other tables that point at them, and the
 * idempotency records of its integrations (a replay would answer with objects that are gone).
 */
export async function resetSandbox(em: Em, sandboxId: string, progress: (done: number, total: number) => void): Promise<ResetResult> {
  const tables = await tenantTables(em);
  const children = await dependents(em, tables);
  const steps = children.length + tables.length + 1;
  const deleted: Record<string, number> = {};
  const count = (table: string, n: number) => {
    if (n) deleted[table] = (deleted[table] ?? 0) + n;
  };
  let done = 0;
  progress(done, steps);
  for (const c of children) {
    count(c.table, await deleteRows(em, `delete from "${c.table}" where "${c.column}" in (select "${c.parentColumn}" from "${c.parent}" where tenant_id = ?)`, sandboxId));
    progress(++done, steps);
  }
  count('idempotency_records', await deleteRows(em, 'delete from idempotency_records where integration_id in (select id from integrations where tenant_id = ?)', sandboxId));
  progress(++done, steps);
  for (const table of tables) {
    const kept = KEPT_ROWS[table] ? ` and ${KEPT_ROWS[table]}` : '';
    count(table, await deleteRows(em, `delete from "${table}" where tenant_id = ?${kept}`, sandboxId));
    progress(++done, steps);
  }
  return { deleted };
}

const SEED_CONVERSATIONS = [
  { externalCustomerId: 'sandbox-customer-1', name: 'Test Customer', question: 'Do you have this in a larger size?', answer: 'Yes, sizes up to XL are in stock.' },
  { externalCustomerId: 'sandbox-customer-2', name: 'Another Tester', question: 'How long does delivery take?', answer: 'Usually two to three working days.' },
  { externalCustomerId: 'sandbox-customer-3', question: 'Can I pay on delivery?', answer: 'Yes, cash or card on delivery.' },
];

/**
 * Fills an emptied sandbox as an integrator finds it on day one: the demo catalogue as cards,
 * the demo articles, and a few conversations on a test key's integration (none without one).
 */
export async function seedSandbox(em: Em, config: Config, sandboxId: string, now: Date): Promise<{ cards: number; articles: boolean; conversations: number }> {
  const ctx = { tenantId: sandboxId, cellOrigin: config.publicOrigin, now };
  for (const [i, product] of DEMO_PRODUCTS.entries()) {
    if (!await em.count(Card, { tenantId: sandboxId, code: product.code })) await createCard(em, ctx, demoCardInput(product, (i + 1) * 10));
  }
  await seedDemoArticles(em, sandboxId, now);
  const [integration] = await em.execute<{ id: string }[]>('select id from integrations where tenant_id = ? order by created_at, id limit 1', [sandboxId]);
  if (!integration) return { cards: DEMO_PRODUCTS.length, articles: true, conversations: 0 };
  const caller = { tenantId: sandboxId, integrationId: integration.id, country: DEFAULT_COUNTRY[config.cell] };
  for (const c of SEED_CONVERSATIONS) {
    const { conversation } = await findOrCreateConversation(em, caller, { externalCustomerId: c.externalCustomerId, ...(c.name ? { name: c.name } : {}) }, now);
    await appendMessage(em, conversation, { sender: 'customer', content: c.question }, now);
    await appendMessage(em, conversation, { sender: 'ai', content: c.answer }, now);
  }
  await em.flush();
  return { cards: DEMO_PRODUCTS.length, articles: true, conversations: SEED_CONVERSATIONS.length };
}
