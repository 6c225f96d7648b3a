import type { Em } from '../../db/em.js';
import type { Contact, Conversation } from '../../entities/conversation.js';
import type { ContactFields } from '../events/catalogue.js';
import { contactEventFields } from './contacts.js';

/**
 * The summary written when a conversation is closed: a deterministic local digest, no model
 * call (free, instant, the same input always gives the same text). It names who the customer
 * is, their first request, the product cards offered, how many messages each side wrote and
 * how the conversation ended. Personal data: it is returned on PII routes only and never
 * travels in an event (conversation.summary_ready carries the conversation id).
 */
export interface SummaryInput {
  customer: ContactFields | null;
  externalCustomerId: string | null;
  /** The first customer text message, if any. */
  firstRequest: string | null;
  /** Names of the cards offered, in the order first offered. */
  cards: string[];
  /** Messages by sender (deleted ones not counted). */
  counts: { customer: number; ai: number; operator: number };
  mode: string;
  operatorName: string | null;
  /** The status just before closing. */
  statusBefore: string;
}

const FIRST_REQUEST_MAX = 160;
const CARDS_SHOWN = 5;

/** One line of at most `max` characters, an ellipsis where it was cut. */
export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

function customerLine(s: SummaryInput): string {
  const c = s.customer;
  const reach = [c?.email, c?.phone].filter((v): v is string => Boolean(v));
  const who = c?.name ?? reach.shift() ?? (s.externalCustomerId ? `customer ${s.externalCustomerId}` : 'an anonymous customer');
  return `Customer: ${who}${reach.length ? ` (${reach.join(', ')})` : ''}.`;
}

function cardsLine(cards: string[]): string {
  if (!cards.length) return 'Cards offered: none.';
  const shown = cards.slice(0, CARDS_SHOWN).join(', ');
  return `Cards offered: ${shown}${cards.length > CARDS_SHOWN ? ` and ${cards.length - CARDS_SHOWN} more` : ''}.`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function outcomeLine(s: SummaryInput): string {
  if (s.mode === 'operator') return `Outcome: closed by ${s.operatorName ? `operator ${s.operatorName}` : 'an operator'}.`;
  if (s.statusBefore === 'handoff_pending') return 'Outcome: closed while waiting for an operator (handoff requested, nobody took over).';
  return 'Outcome: closed while the AI handled it.';
}

/** The summary text; pure. */
export function summarise(s: SummaryInput): string {
  return [
    customerLine(s),
    `First request: ${s.firstRequest ? `"${clip(s.firstRequest, FIRST_REQUEST_MAX)}"` : 'none'}.`,
    cardsLine(s.cards),
    `Messages: ${plural(s.counts.customer, 'customer message')}, ${plural(s.counts.ai, 'AI reply', 'AI replies')}, ${plural(s.counts.operator, 'operator message')}.`,
    outcomeLine(s),
  ].join(' ');
}

/** Reads what the summary needs of a conversation: three small queries, never the whole history. */
export async function summaryInput(em: Em, conversation: Conversation, contact: Contact | null): Promise<SummaryInput> {
  const live = 'conversation_id = ? and deleted_at is null';
  const counts = await em.execute<{ sender: string; n: number }[]>(`select sender, count(*)::int as n from messages where ${live} group by sender`, [conversation.id]);
  const [first] = await em.execute<{ content: string }[]>(
    `select content from messages where ${live} and sender = 'customer' and content is not null order by created_at, id limit 1`, [conversation.id]);
  const cards = await em.execute<{ name: string }[]>(
    `select name from (
       select c.card->>'name' as name, row_number() over (order by m.created_at, m.id, c.n) as pos
         from messages m cross join jsonb_array_elements(m.cards) with ordinality as c(card, n)
        where m.conversation_id = ? and m.deleted_at is null
     ) offered group by name order by min(pos)`, [conversation.id]);
  const count = (sender: string) => counts.find((c) => c.sender === sender)?.n ?? 0;
  return {
    customer: contactEventFields(contact) ?? null,
    externalCustomerId: conversation.externalCustomerId ?? null,
    firstRequest: first?.content ?? null,
    cards: cards.map((c) => c.name).filter(Boolean),
    counts: { customer: count('customer'), ai: count('ai'), operator: count('operator') },
    mode: conversation.mode,
    operatorName: conversation.operatorName ?? null,
    statusBefore: conversation.status,
  };
}
