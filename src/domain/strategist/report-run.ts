import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { Em } from '../../db/em.js';
import { StrategistReport, type ReportType } from '../../entities/strategist.js';
import { recordEvent } from '../events/outbox.js';
import { EVENTS } from '../events/catalogue.js';
import { newId } from '../../ids.js';
import { domainError } from '../../errors/domain-error.js';
import { isCalendarDay } from '../../clock.js';
import type { Period } from './snapshot.js';
import type { AnalyticsSnapshotReader } from './snapshot.js';
import { analyticsRollupsReader } from './rollups-reader.js';
import { builtinAnalyst, type Analyst } from './analyst.js';
import { checkEvidence, type CheckedReport } from './evidence.js';
import { queueTopic } from './topics.js';
import { topicTitle } from './topic-titles.js';
import { openaiAnalyst } from './openai-analyst.js';
import type { Cell } from '../../config.js';
import type { AiSettings } from '../../config/ai.js';
import { aiSettingsFor } from '../ai-seller/index.js';

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The day before `now` (UTC): the last whole day a run at `now` can report on. */
export function lastWholeDay(now: Date): string {
  return new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
}

/** The period a report of `type` ending on `reportDate` (inclusive, UTC days) covers, and the one before it. */
export function periodsOf(type: ReportType, reportDate: string): { current: Period; previous: Period } {
  if (!DATE.test(reportDate) || !isCalendarDay(reportDate)) throw domainError('validation_failed', `${reportDate} is no date YYYY-MM-DD.`);
  const days = type === 'daily' ? 1 : 7;
  const to = new Date(Date.parse(`${reportDate}T00:00:00Z`) + DAY_MS);
  const from = new Date(to.getTime() - days * DAY_MS);
  return { current: { from, to }, previous: { from: new Date(from.getTime() - days * DAY_MS), to: from } };
}

export interface ReportSources {
  reader: AnalyticsSnapshotReader;
  analyst: Analyst;
}

/**
 * Which snapshot and analyst a run uses: the analyst follows AI_PROVIDER (a sandbox's,
 * SANDBOX_AI_PROVIDER: builtin unless set to live, so test data spends no provider tokens); the
 * reader is the analytics snapshot (the platform's rows before its first run).
 */
export function reportSourcesFor(config: { ai: AiSettings; cell: Cell }, livemode: boolean): ReportSources {
  const ai = aiSettingsFor(config.ai, livemode);
  return { reader: analyticsRollupsReader(config.cell), analyst: ai.provider === 'openai' ? openaiAnalyst(ai) : builtinAnalyst };
}

/**
 * A report's checked actions that answer a customer question (target message:<id>) put the
 * question in the topic queue (source strategist, unscored), titled from the question as the
 * evidence quotes it (redacted there; topicTitle). A question that leaves no title is skipped.
 */
async function queueQuestionTopics(em: Em, tenantId: string, checked: CheckedReport, now: Date): Promise<void> {
  for (const [i, action] of checked.actions.entries()) {
    if (!action.target_ref?.startsWith('message:')) continue;
    const quoted = checked.evidence.actions[i]?.items.find((item) => item.kind === 'message' && item.excerpt)?.excerpt;
    const title = quoted ? topicTitle(quoted) : null;
    if (!title) continue;
    await queueTopic(em, { tenantId, title, rationale: 'Customers ask this in chat and no article answers it.', trendScore: null, source: 'strategist' }, now);
  }
}

/**
 * A page of the strategist sweep (docs/decisions.md, "Idle tenants cost a sweep no workflow"):
 * tenants whose plan has the strategist now AND that have data for the report, by id after
 * `after`, at most `limit`. Data for the report: a rollup of a day of the period or of the one
 * before it (a drop to nothing is news), or a conversation, lead or event changed since the
 * previous period began (a day the snapshot has not rolled up yet). A day of slack either side
 * for the tenant's zone. A tenant with none of these would get a report of empty figures: it
 * gets no run.
 */
export async function tenantsWithStrategistData(em: Em, type: ReportType, reportDate: string, after: string | null, limit: number): Promise<string[]> {
  const { current, previous } = periodsOf(type, reportDate);
  const from = new Date(previous.from.getTime() - DAY_MS);
  const to = new Date(current.to.getTime() + DAY_MS);
  const [fromDay, toDay, since] = [from.toISOString().slice(0, 10), to.toISOString().slice(0, 10), from.toISOString()];
  const rows = await em.execute<{ id: string }[]>(
    `select t.id from tenants t
      where t.status = 'active' and 'strategist' = any(t.features) and (?::uuid is null or t.id > ?::uuid)
        and (exists (select 1 from analytics_daily d where d.tenant_id = t.id and d.day >= ?::date and d.day < ?::date)
          or exists (select 1 from conversations c where c.tenant_id = t.id and c.updated_at >= ?::timestamptz)
          or exists (select 1 from messages m where m.tenant_id = t.id and m.created_at >= ?::timestamptz)
          or exists (select 1 from leads l where l.tenant_id = t.id and l.updated_at >= ?::timestamptz)
          or exists (select 1 from analytics_event_keys k where k.tenant_id = t.id and k.received_at >= ?::timestamptz))
      order by t.id limit ?`,
    [after, after, fromDay, toDay, since, since, since, since, limit]);
  return rows.map((r) => r.id);
}

/** A report run's answer: the report, whether this run wrote it, and whether its planner has finished. */
export interface WrittenReport {
  id: string;
  created: boolean;
  planned: boolean;
}

/**
 * Writes the tenant's report of `type` for `reportDate`, once: a second run of the same
 * period finds the first one's report and answers it (and whether its planner finished, so
 * that the run plans a report whose planner failed). The snapshot, the analyst (perhaps a
 * model across the network) and the evidence check run outside any transaction; then one
 * transaction writes the report, strategist.report.ready through the outbox, and delivered_at.
 */
export async function writeReport(em: Em, tenantId: string, type: ReportType, reportDate: string, now: Date, sources: ReportSources): Promise<WrittenReport> {
  const { current, previous } = periodsOf(type, reportDate);
  const existing = await em.findOne(StrategistReport, { tenantId, reportType: type, reportDate, creative: false });
  if (existing) return { id: existing.id, created: false, planned: existing.plannedAt !== null };
  const snapshot = await sources.reader.read(em, tenantId, current, previous);
  const draft = await sources.analyst.draft(snapshot, type, reportDate);
  const checked = await checkEvidence(em, tenantId, draft, [...snapshot.limitations, ...draft.notes ?? []]);
  const write = async (tx: Em) => {
    const report = tx.create(StrategistReport, {
      id: newId(), tenantId, reportDate, reportType: type, creative: false,
      summaryText: draft.summaryText,
      highlights: draft.highlights as never, concerns: draft.concerns as never, actions: checked.actions as never, evidence: checked.evidence as never,
      dataAsOf: snapshot.snapshotDate ? { ...snapshot.dataAsOf, snapshot: snapshot.snapshotDate } : {},
      analyst: sources.analyst.name, model: sources.analyst.model, costRub: draft.costRub ?? null, snapshotId: snapshot.snapshotId,
      deliveredAt: now, plannedAt: null, createdAt: now,
    });
    await queueQuestionTopics(tx, tenantId, checked, now);
    recordEvent(tx, { tenantId, type: 'strategist.report.ready', ...EVENTS['strategist.report.ready']({ report_id: report.id, report_type: type }) }, now);
    await tx.flush();
    return report.id;
  };
  try {
    return { id: await em.transactional(write), created: true, planned: false };
  } catch (err) {
    if (!(err instanceof UniqueConstraintViolationException)) throw err;
    const winner = await em.fork().findOneOrFail(StrategistReport, { tenantId, reportType: type, reportDate, creative: false });
    return { id: winner.id, created: false, planned: winner.plannedAt !== null };
  }
}

/** The report's planner and competitor scan have finished: no later run of its period plans it again. */
export async function markReportPlanned(em: Em, tenantId: string, reportId: string, now: Date): Promise<void> {
  await em.nativeUpdate(StrategistReport, { tenantId, id: reportId, plannedAt: null }, { plannedAt: now });
}
