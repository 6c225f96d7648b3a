import type { Em } from '../../db/em.js';
import { VISIBLE_CONVERSATION_SQL } from '../conversations/conversations.js';
import { customerTextRedactor } from '../privacy/customer-text.js';

/** The figures a report compares, period over period. */
export const METRIC_KEYS = ['conversations', 'customer_messages', 'ai_replies', 'handoffs', 'cards_offered'] as const;
export type MetricKey = (typeof METRIC_KEYS)[number];
export type Figures = Record<MetricKey, number>;

/** [from, to): a half-open interval of instants. */
export interface Period {
  from: Date;
  to: Date;
}

/** A customer question in the period: the message it was asked in, and its text with personal data redacted. */
export interface CustomerQuestion {
  messageId: string;
  conversationId: string;
  text: string;
}

/** An active card in the AI catalogue and how often AI replies offered it in the period. */
export interface CatalogueCard {
  code: string;
  name: string;
  offered: number;
}

/**
 * What an analyst reads: the figures of the period and of the one before, with what they rest
 * on. `snapshotId`/`snapshotDate` name the analytics snapshot the figures come from (null
 * when they come from somewhere else); `limitations` says what the source cannot give.
 */
export interface AnalyticsSnapshot {
  snapshotId: string | null;
  snapshotDate: string | null;
  /** Each metric key -> its latest data date (YYYY-MM-DD); empty without a snapshot. */
  dataAsOf: Record<string, string>;
  current: Figures;
  previous: Figures;
  /** The conversation ids behind the handoffs of the period. */
  handoffConversations: string[];
  questions: CustomerQuestion[];
  catalogue: CatalogueCard[];
  limitations: string[];
}

/** Reads a tenant's snapshot for a period and the period before it. */
export interface AnalyticsSnapshotReader {
  read(em: Em, tenantId: string, current: Period, previous: Period): Promise<AnalyticsSnapshot>;
}

const QUESTIONS_READ = 20;

interface CountRow { n: string | number }

export async function figures(em: Em, tenantId: string, p: Period): Promise<Figures> {
  const one = async (sql: string, params: unknown[]) => Number(((await em.execute<CountRow[]>(sql, params))[0]?.n) ?? 0);
  const visible = VISIBLE_CONVERSATION_SQL;
  const messages = (sender: string) => one(
    `select count(*) as n from messages m join conversations c on c.id = m.conversation_id
     where m.tenant_id = ? and m.sender = '${sender}' and m.deleted_at is null and ${visible} and m.created_at >= ? and m.created_at < ?`,
    [tenantId, p.from, p.to]);
  return {
    conversations: await one(`select count(*) as n from conversations c where c.tenant_id = ? and ${visible} and c.created_at >= ? and c.created_at < ?`, [tenantId, p.from, p.to]),
    customer_messages: await messages('customer'),
    ai_replies: await messages('ai'),
    handoffs: await one(`select count(*) as n from outbox_events where tenant_id = ? and type = 'conversation.handoff_requested' and created_at >= ? and created_at < ?`,
      [tenantId, p.from, p.to]),
    cards_offered: await one(
      `select coalesce(sum(jsonb_array_length(m.cards)), 0) as n from messages m join conversations c on c.id = m.conversation_id
       where m.tenant_id = ? and m.sender = 'ai' and m.deleted_at is null and ${visible} and m.created_at >= ? and m.created_at < ?`,
      [tenantId, p.from, p.to]),
  };
}

/**
 * What a period rests on besides its figures: the handed-off conversations, customer questions
 * (redacted here: every analyst, the model's prompt included, reads the question, never the
 * customer), the AI catalogue with offer counts.
 */
export async function periodDetails(em: Em, tenantId: string, current: Period): Promise<Pick<AnalyticsSnapshot, 'handoffConversations' | 'questions' | 'catalogue'>> {
  const handoffRows = await em.execute<{ conversation_id: string }[]>(
    `select distinct data->>'conversation_id' as conversation_id from outbox_events
     where tenant_id = ? and type = 'conversation.handoff_requested' and created_at >= ? and created_at < ? and data->>'conversation_id' is not null`,
    [tenantId, current.from, current.to]);
  const questions = await em.execute<{ id: string; conversation_id: string; content: string }[]>(
    `select m.id, m.conversation_id, m.content from messages m join conversations c on c.id = m.conversation_id
     where m.tenant_id = ? and m.sender = 'customer' and m.deleted_at is null and ${VISIBLE_CONVERSATION_SQL}
       and m.created_at >= ? and m.created_at < ? and strpos(m.content, chr(63)) > 0
     order by m.created_at desc, m.id desc limit ${QUESTIONS_READ}`,
    [tenantId, current.from, current.to]);
  const catalogue = await em.execute<{ code: string; name: string; offered: string | number }[]>(
    `select k.code, k.name, (select count(*) from messages m, jsonb_array_elements(m.cards) as o
        where m.tenant_id = k.tenant_id and m.sender = 'ai' and m.deleted_at is null and o->>'code' = k.code
          and m.created_at >= ? and m.created_at < ?) as offered
     from cards k where k.tenant_id = ? and k.active and k.ai_enabled order by k.sort, k.created_at, k.id`,
    [current.from, current.to, tenantId]);
  const redact = await customerTextRedactor(em, tenantId);
  return {
    handoffConversations: handoffRows.map((r) => r.conversation_id).sort(),
    questions: questions.map((q) => ({ messageId: q.id, conversationId: q.conversation_id, text: redact(q.content) })),
    catalogue: catalogue.map((c) => ({ code: c.code, name: c.name, offered: Number(c.offered) })),
  };
}

/**
 * The reader for a tenant no analytics snapshot has run for yet: the figures are counted from
 * the platform's own rows (conversations, messages, handoff events, cards) at the time of the
 * run. There is no snapshot: no id, no date, data_as_of empty, and the limitations say so.
 * Nothing is estimated: a figure the platform does not hold is absent.
 */
export const platformRowsReader: AnalyticsSnapshotReader = {
  async read(em, tenantId, current, previous) {
    return {
      snapshotId: null,
      snapshotDate: null,
      dataAsOf: {},
      current: await figures(em, tenantId, current),
      previous: await figures(em, tenantId, previous),
      ...await periodDetails(em, tenantId, current),
      limitations: [
        'no analytics rollups yet: figures are counted from the platform\'s own conversations, messages, handoffs and cards at the time of the run',
        'no site traffic, search or pulse data: funnel drops, top pages without chats and rising keywords are not covered',
        'no ads data',
        'no articles yet: every customer question counts as not answered by an article',
        'no leads yet: hot leads waiting are not covered',
      ],
    };
  },
};
