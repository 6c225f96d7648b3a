import type { Em } from '../../db/em.js';
import type { Cell } from '../../config.js';
import { NameMatcher } from './names.js';
import { redactCustomerText } from './redaction.js';

/** Redacts a tenant's customer text: its contacts' names read once, for one run. */
export type CustomerTextRedactor = (text: string) => string;

/**
 * The redaction of one tenant for one run (a snapshot, a report, a planner run): the names of
 * all its contacts, merged ones included (a merged contact's name is still a person's name).
 */
export async function customerTextRedactor(em: Em, tenantId: string, cell?: Cell): Promise<CustomerTextRedactor> {
  const rows = await em.execute<{ name: string }[]>(
    'select distinct name from contacts where tenant_id = ? and name is not null and btrim(name) <> \'\'', [tenantId]);
  const contactNames = new NameMatcher(rows.map((r) => r.name));
  return (text) => redactCustomerText(text, { cell, contactNames });
}
