import type { Cell, Config } from '../../config.js';
import type { Em } from '../../db/em.js';
import type { CardCopy, Conversation } from '../../entities/conversation.js';
import { findOrCreateConversation } from '../conversations/find-or-create.js';
import { appendMessage } from '../conversations/messages.js';
import { closeConversation, postOperatorMessage, requestHandoff, takeOver } from '../conversations/state-moves.js';
import { DEFAULT_COUNTRY } from '../contacts/contact-details.js';
import { changeLead } from '../leads/lead-changes.js';
import { createOperation, finishOperation } from '../operations/operations.js';
import { findCardsForMarkers } from '../cards/catalogue.js';
import { cellMoney, type ToCellMoney } from '../wallet/fx.js';
import { CELL_CURRENCY } from '../wallet/money.js';
import { newId } from '../../ids.js';
import { eventSource, ingestEvents, type RawEvent } from '../analytics/events.js';
import { addDays, dayIn, tenantTimeZone } from '../analytics/time-zone.js';
import { finishSnapshot, planSnapshot, rebuildDays } from '../analytics/snapshot.js';
import { lastWholeDay, writeReport } from '../strategist/report-run.js';
import { builtinAnalyst } from '../strategist/analyst.js';
import { analyticsRollupsReader } from '../strategist/rollups-reader.js';
import { DEMO_PRODUCTS } from './demo-catalogue.js';
import { DIRECT, HISTORY_DAYS, planDay, shopAddress, type DayPlan, type PlannedConversation, type Source } from './demo-history-plan.js';

/**
 * The demo tenant's 90 days of history (decisions: "The demo tenant's history"), written
 * through the paths a tenant's own data takes: events through ingestEvents (POST /events),
 * conversations, messages, AI replies, handoffs and lead moves through the conversation,
 * operation and lead domain functions, at the instants they happened. Then the analytics
 * snapshot is rebuilt over the whole range and the strategist writes its daily and weekly
 * reports, so the overview, pulse, funnel and reports have figures on the first run.
 * Idempotent: events are deduplicated by their external ids, a conversation already there is
 * skipped (with its lead's moves), the snapshot is a rebuild and a report of a date is written once.
 */

export interface HistoryResult {
  days: number;
  events: number;
  conversations: number;
  reports: string[];
}

const MINUTE_MS = 60_000;

/** The instant of a minute of a local day in `zone` (the zone's offset read at that wall time). */
export function zonedInstant(day: string, minute: number, zone: string): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + minute * MINUTE_MS;
  const offset = (at: number) => {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(new Date(at));
    const v = (t: string) => Number(parts.find((p) => p.type === t)!.value);
    return Date.UTC(v('year'), v('month') - 1, v('day'), v('hour'), v('minute'), v('second')) - at;
  };
  const guess = wall - offset(wall);
  return new Date(wall - offset(guess));
}

/** The page view properties that say where a visit came from (POST /events' referrer and utm_*). */
function sourceProperties(source: Source): Record<string, string> {
  if (source.utm) return { utm_source: source.utm.source, utm_medium: source.utm.medium, utm_campaign: source.utm.campaign };
  return source.referrer ? { referrer: source.referrer } : {};
}

/** The day's events as POST /events would store them. */
function eventsOf(plan: DayPlan, shop: string, zone: string, money: ToCellMoney): RawEvent[] {
  const at = (minute: number) => zonedInstant(plan.day, minute, zone);
  const id = (kind: string, i: number) => `demo-history:${plan.day}:${kind}:${i}`;
  const events: RawEvent[] = [];
  for (const [v, visit] of plan.visits.entries()) {
    for (const [i, view] of visit.views.entries()) {
      // Every view of a visit carries the visit's source (the referrer or UTM tags it landed with), as a tracker keeping its session's source sends it.
      events.push({
        externalId: id('pv', v * 10 + i), type: 'page_view', occurredAt: at(view.minute), visitorId: visit.visitorId,
        properties: { url: shopAddress(shop, view.path, i === 0 ? visit.source : DIRECT), ...sourceProperties(visit.source) },
      });
    }
  }
  for (const [i, s] of plan.searches.entries()) events.push({ externalId: id('search', i), type: 'site_search', occurredAt: at(s.minute), properties: { query: s.query } });
  for (const [i, c] of plan.addToCarts.entries()) {
    events.push({ externalId: id('cart', i), type: 'add_to_cart', occurredAt: at(c.minute), properties: { product_id: c.product.code } });
  }
  const dayStart = new Date(`${plan.day}T00:00:00.000Z`);
  for (const a of plan.adSpend) {
    events.push({
      externalId: id(`ads-${a.source}`, 0), type: 'ad_spend', occurredAt: dayStart,
      properties: { source: a.source, date: plan.day, cost: money(a.costRub), clicks: a.clicks, impressions: a.impressions },
    });
  }
  for (const [i, s] of plan.searchPerformance.entries()) {
    events.push({ externalId: id('serp', i), type: 'search_performance', occurredAt: dayStart, properties: { ...s, date: plan.day } });
  }
  return events;
}

interface ConversationContext {
  em: Em;
  cell: Cell;
  tenantId: string;
  integrationId: string;
  zone: string;
  money: ToCellMoney;
  /** The start of today in the zone: the history ends before it (today is the tour's own). */
  cutoff: Date;
  /** Each product's card as an AI reply offers it (read once). */
  cards: Map<string, CardCopy[]>;
}

/** One AI reply as the reply path writes it: the operation, the AI message offering the product's card, the operation succeeded. */
async function aiReply(c: ConversationContext, conversation: Conversation, productCode: string, content: string, at: Date): Promise<void> {
  const messageId = newId();
  const op = createOperation(c.em, {
    tenantId: c.tenantId, integrationId: c.integrationId, type: 'conversation.ai_reply', input: { conversation_id: conversation.id },
    resource: { type: 'message', id: messageId }, costCeilingRub: '0.00',
  }, at);
  const done = new Date(at.getTime() + 4000);
  op.status = 'running';
  op.startedAt = at;
  await appendMessage(c.em, conversation, { id: messageId, sender: 'ai', content, cards: c.cards.get(productCode) ?? [] }, done);
  finishOperation(c.em, op, { status: 'succeeded', usage: null }, c.money, done);
}

/** A chat, its lead and the lead's later moves (those still in the future are left for later). */
async function writeConversation(c: ConversationContext, day: string, p: PlannedConversation): Promise<boolean> {
  const t0 = zonedInstant(day, p.minute, c.zone);
  const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
  // The chat ends within the hour (closed after 30 minutes): one that would reach today is not part of the history.
  if (at(3600) >= c.cutoff) return false;
  const caller = { tenantId: c.tenantId, integrationId: c.integrationId, country: DEFAULT_COUNTRY[c.cell] };
  const { conversation, created } = await findOrCreateConversation(c.em, caller, {
    externalCustomerId: p.externalCustomerId, name: p.name, ...(p.email ? { email: p.email } : {}),
    page: { address: p.pageAddress, title: p.product.name, type: 'product', id: p.product.code }, language: 'en',
  }, at(0));
  if (!created) return false;
  await appendMessage(c.em, conversation, { sender: 'customer', content: p.question }, at(20));
  await aiReply(c, conversation, p.product.code, `${p.product.name}: ${p.product.tagline}. It is in stock, delivery takes two to three days.`, at(21));
  if (p.followUp) {
    await appendMessage(c.em, conversation, { sender: 'customer', content: p.followUp }, at(90));
    await aiReply(c, conversation, p.product.code, 'Yes, of course. A manager will confirm the order by e-mail.', at(91));
  }
  const ref = { tenantId: c.tenantId, conversationId: conversation.id };
  if (p.handoff) {
    await requestHandoff(c.em, conversation, 'customer_asked', at(150));
    await takeOver(c.em, ref, 'Maria', at(400));
    await postOperatorMessage(c.em, ref, { content: 'Hello, this is Maria. I will help you with the order.', operatorName: 'Maria', attachments: [] }, at(420));
  }
  await closeConversation(c.em, ref, at(1800));
  if (conversation.leadId) await moveLead(c, conversation.leadId, p, t0);
  return true;
}

async function moveLead(c: ConversationContext, leadId: string, p: PlannedConversation, t0: Date): Promise<void> {
  if (p.qualifiedAfter === null) return;
  const ctx = (at: Date) => ({ tenantId: c.tenantId, currency: CELL_CURRENCY[c.cell], now: at });
  const qualifiedAt = new Date(t0.getTime() + p.qualifiedAfter * 86_400_000 + 3 * 3_600_000);
  if (qualifiedAt >= c.cutoff) return;
  await changeLead(c.em, ctx(qualifiedAt), leadId, '*', { status: 'qualified' });
  if (!p.outcome) return;
  const endedAt = new Date(qualifiedAt.getTime() + p.outcome.afterDays * 86_400_000);
  if (endedAt >= c.cutoff) return;
  await changeLead(c.em, ctx(endedAt), leadId, '*', p.outcome.kind === 'won'
    ? { status: 'won', value: c.money(p.product.priceRub) }
    : { status: 'lost', lost_reason: p.outcome.lostReason });
}

/**
 * The history's outbox events happened before any subscription existed: they are marked
 * relayed, so a webhook created in the tour is not sent 90 days of backdated events.
 */
async function markHistoryRelayed(em: Em, tenantId: string, from: Date, before: Date, now: Date): Promise<void> {
  await em.execute('update outbox_events set relayed_at = ? where tenant_id = ? and relayed_at is null and created_at >= ? and created_at < ?',
    [now, tenantId, from, before]);
}

export interface HistoryTarget {
  tenantId: string;
  integrationId: string;
  shop: string;
}

/** Writes the history of the days before today (in the tenant's zone), rebuilds the snapshot and writes the reports. */
export async function seedDemoHistory(em: Em, config: Pick<Config, 'cell'>, t: HistoryTarget, now: Date): Promise<HistoryResult> {
  const zone = await tenantTimeZone(em, t.tenantId, config.cell);
  const today = dayIn(now, zone);
  const first = addDays(today, -HISTORY_DAYS);
  const money = await cellMoney(em, config.cell);
  const cutoff = zonedInstant(today, 0, zone);
  const cards = new Map(await Promise.all(DEMO_PRODUCTS.map(async (p) => [p.code, await findCardsForMarkers(em, t.tenantId, [p.code], config.cell)] as const)));
  const c: ConversationContext = { em, cell: config.cell, tenantId: t.tenantId, integrationId: t.integrationId, zone, money, cutoff, cards };
  const seeded = await seededDays(em, t, first);
  let events = 0;
  let conversations = 0;
  let written = 0;
  for (let age = HISTORY_DAYS; age >= 1; age--) {
    if (seeded.has(addDays(today, -age))) continue;
    written++;
    const plan = planDay(addDays(today, -age), age, t.shop);
    events += (await ingestEvents(em, t.tenantId, eventSource.api(t.integrationId), eventsOf(plan, t.shop, zone, money), now, zone, config.cell)).accepted;
    for (const p of plan.conversations) if (await writeConversation(c, plan.day, p)) conversations++;
    await em.flush();
    // A day's rows are written: the entity manager starts the next day empty (a flush compares every entity it holds).
    em.clear();
  }
  if (written) {
    await markHistoryRelayed(em, t.tenantId, zonedInstant(first, 0, zone), cutoff, now);
    const snapshot = await planSnapshot(em, t.tenantId, config.cell, now, first);
    await rebuildDays(em, config.cell, snapshot, snapshot.days);
    await finishSnapshot(em, snapshot, now);
  }
  const reports = await writeFirstReports(em, config.cell, t.tenantId, now);
  return { days: written, events, conversations, reports };
}

/**
 * Days of the range whose history is already there (its first page view stored): a second
 * seed skips them whole, so it neither doubles the history nor counts its events again as
 * duplicates dropped (data_trust).
 */
async function seededDays(em: Em, t: HistoryTarget, first: string): Promise<Set<string>> {
  const rows = await em.execute<{ day: string }[]>(
    `select split_part(external_id, ':', 2) as day from analytics_event_keys
      where tenant_id = ? and source = ? and external_id like 'demo-history:%:pv:0' and split_part(external_id, ':', 2) >= ?`,
    [t.tenantId, eventSource.api(t.integrationId), first]);
  return new Set(rows.map((r) => r.day));
}

/** The reports the schedules would have written by now: the daily of yesterday and the weekly of the last Sunday (UTC days, as the schedules). */
async function writeFirstReports(em: Em, cell: Cell, tenantId: string, now: Date): Promise<string[]> {
  const sources = { reader: analyticsRollupsReader(cell), analyst: builtinAnalyst };
  const yesterday = lastWholeDay(now);
  const back = (new Date(`${yesterday}T00:00:00Z`).getUTCDay() + 7) % 7;
  const sunday = addDays(yesterday, -back);
  const daily = await writeReport(em, tenantId, 'daily', yesterday, now, sources);
  const weekly = await writeReport(em, tenantId, 'weekly', sunday, now, sources);
  return [daily.id, weekly.id];
}
