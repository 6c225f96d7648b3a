import type { StrategistAction, StrategistReport, StrategistTopic } from '../../entities/strategist.js';
import { stateAt } from '../../domain/strategist/states.js';
import { iso } from '../../presenters/iso.js';


/** The report summary of the list: never the analyst, model, cost or snapshot id. */
export function presentReportSummary(r: StrategistReport) {
  return {
    id: r.id,
    report_date: r.reportDate,
    report_type: r.reportType,
    summary_text: r.summaryText,
    actions_count: r.actions.length,
    data_as_of: r.dataAsOf,
    delivered_at: iso(r.deliveredAt),
  };
}

export function presentReport(r: StrategistReport) {
  return {
    id: r.id,
    report_date: r.reportDate,
    report_type: r.reportType,
    summary_text: r.summaryText,
    data_as_of: r.dataAsOf,
    highlights: r.highlights,
    concerns: r.concerns,
    actions: r.actions,
    evidence: r.evidence,
    delivered_at: iso(r.deliveredAt),
  };
}

export function presentTopic(t: StrategistTopic, now: Date) {
  return {
    id: t.id,
    title: t.title ?? null,
    rationale: t.rationale ?? null,
    trend_score: t.trendScore === null || t.trendScore === undefined ? null : Number(t.trendScore),
    source: t.source,
    status: stateAt(t, now),
    cluster_id: t.clusterId ?? null,
    generated_article_id: t.generatedArticleId ?? null,
    proposed_at: iso(t.proposedAt),
    decided_at: iso(t.decidedAt),
    expires_at: iso(t.expiresAt),
  };
}

export function presentAction(a: StrategistAction, now: Date) {
  return {
    id: a.id,
    session_id: a.sessionId ?? null,
    type: a.type,
    title: a.title,
    status: stateAt(a, now),
    result: a.result ?? null,
    error: a.error ?? null,
    created_at: iso(a.createdAt),
    decided_at: iso(a.decidedAt),
    expires_at: iso(a.expiresAt),
  };
}
