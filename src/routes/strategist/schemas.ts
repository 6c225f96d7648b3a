import Joi from 'joi';
import { IsoDate, cursorParam, limitParam, pageOf } from '../../http/schemas/common.js';
import { ACTION_STATES, REPORT_TYPES, TOPIC_STATES } from '../../entities/strategist.js';

/** Wire shapes of spec 02 "Strategist topic", "Strategist action" and "Strategist report". */

const id = Joi.string().uuid().required();
const time = IsoDate.allow(null).required();

export const StrategistParams = Joi.object({ id: Joi.string().guid().required() });

const DataAsOfSchema = Joi.object().pattern(Joi.string(), Joi.string().pattern(/^\d{4}-\d\d-\d\d$/))
  .description('Each metric key -> its latest data date (YYYY-MM-DD); `snapshot` -> the analytics snapshot date; empty without a snapshot.');

const FigureSchema = Joi.object({
  metric: Joi.string().required().description('Metric key, e.g. conversations, ai_replies, handoffs, cards_offered.'),
  current: Joi.number().required().description('The figure of the reported period.'),
  previous: Joi.number().allow(null).required().description('The figure of the period before; null when not comparable.'),
  change_pct: Joi.number().allow(null).required().description('Percent change; null when the previous figure is 0 or absent.'),
}).meta({ ref: 'StrategistFigure' });

const FindingSchema = Joi.object({
  title: Joi.string().required(),
  detail: Joi.string().required(),
  figures: Joi.array().items(FigureSchema).required().description('The figures the finding rests on.'),
  refs: Joi.array().items(Joi.string()).required().description('What the finding is about: metric:<key>, message:<id>, conversation:<id>, card:<code>.'),
}).meta({ ref: 'StrategistFinding' }).description('A highlight (what goes well) or a concern.');

const ActionEntrySchema = Joi.object({
  title: Joi.string().required(),
  priority: Joi.string().valid('high', 'medium', 'low').required(),
  rationale: Joi.string().required(),
  target_ref: Joi.string().allow(null).required().description('What the action acts on: metric:<key>, message:<id>, card:<code>, conversation:<id>.'),
  expected_effect: Joi.string().required(),
  check_after_days: Joi.number().integer().min(1).required(),
  basis: Joi.string().required().description('The concern the action answers (concern:<index>) or a highlight (highlight:<index>).'),
}).meta({ ref: 'StrategistReportAction' });

const EvidenceItemSchema = Joi.object({
  kind: Joi.string().required().description('metric, message, conversation or card; the set may grow.'),
  ref: Joi.string().required().description('The metric key or the id (card code) of a row of the tenant.'),
  excerpt: Joi.string().description('Quoted text; checked to occur in the message it names.'),
}).meta({ ref: 'StrategistEvidenceItem' });

const EvidenceSchema = Joi.object({
  actions: Joi.array().items(Joi.object({
    index: Joi.number().integer().min(0).required(),
    status: Joi.string().valid('valid', 'invalid').required().description('valid when every item of the action resolved.'),
    basis: Joi.string().required(),
    items: Joi.array().items(EvidenceItemSchema).required(),
  }).meta({ ref: 'StrategistEvidenceAction' })).required(),
  validation: Joi.object({
    refs_valid: Joi.boolean().required().description('Every ref resolved to a real row (or metric) of the tenant.'),
    excerpts_valid: Joi.boolean().required().description('Every quoted excerpt occurs in its source message.'),
    relevance_checked: Joi.boolean().required().description("Each action's target belongs to the concern it answers."),
    limitations: Joi.array().items(Joi.string()).required().description('What was missing or dropped.'),
  }).required(),
}).meta({ ref: 'StrategistEvidence' });

const reportFields = {
  id,
  report_date: Joi.string().pattern(/^\d{4}-\d\d-\d\d$/).required().description('The last day the report covers.'),
  report_type: Joi.string().valid(...REPORT_TYPES).required(),
  summary_text: Joi.string().required(),
  data_as_of: DataAsOfSchema.required(),
};

export const ReportSummarySchema = Joi.object({
  ...reportFields,
  actions_count: Joi.number().integer().min(0).required(),
  delivered_at: time.description('When strategist.report.ready was raised.'),
}).meta({ ref: 'StrategistReportSummary' });

export const ReportSchema = Joi.object({
  ...reportFields,
  highlights: Joi.array().items(FindingSchema).required(),
  concerns: Joi.array().items(FindingSchema).required(),
  actions: Joi.array().items(ActionEntrySchema).required(),
  evidence: EvidenceSchema.required(),
  delivered_at: time,
}).meta({ ref: 'StrategistReport' });

export const TopicSchema = Joi.object({
  id,
  title: Joi.string().allow(null).required(),
  rationale: Joi.string().allow(null).required(),
  trend_score: Joi.number().min(0).max(100).allow(null).required().description('0 to 100; null = not scored (listed last).'),
  source: Joi.string().required().description('planner, competitors, strategist or chat, and others.'),
  status: Joi.string().valid(...TOPIC_STATES).required().description('expired is derived: proposed and expires_at reached.'),
  cluster_id: Joi.string().uuid().allow(null).required()
    .description('The topics of one subject share it: the id of the cluster\'s first topic (a topic related to none is a cluster of its own). See the clusters block of GET /dashboards/overview.'),
  generated_article_id: Joi.string().uuid().allow(null).required(),
  proposed_at: time,
  decided_at: time,
  expires_at: time,
}).meta({ ref: 'StrategistTopic' });

export const ActionSchema = Joi.object({
  id,
  session_id: Joi.string().uuid().allow(null).required(),
  type: Joi.string().required().description('Only propose_topic in v1.'),
  title: Joi.string().required(),
  status: Joi.string().valid(...ACTION_STATES).required().description('expired is derived: proposed and expires_at reached.'),
  result: Joi.object({ topic_id: Joi.string().uuid().required() }).allow(null).required(),
  error: Joi.object({ code: Joi.string().required(), message: Joi.string().required() }).allow(null).required()
    .description('Set when status is failed. code duplicate_topic: the title near-duplicates one of the tenant\'s topics or articles (the message names it), so no topic was queued.'),
  created_at: time,
  decided_at: time,
  expires_at: time,
}).meta({ ref: 'StrategistAction' });

export const ReportPageSchema = pageOf(ReportSummarySchema, 'StrategistReportPage');
export const TopicPageSchema = pageOf(TopicSchema, 'StrategistTopicPage');
export const ActionPageSchema = pageOf(ActionSchema, 'StrategistActionPage');

export const ReportListQuery = Joi.object({
  limit: limitParam(25),
  cursor: cursorParam(),
  report_type: Joi.string().valid(...REPORT_TYPES),
});

export const TopicListQuery = Joi.object({
  limit: limitParam(25),
  cursor: cursorParam(),
  status: Joi.string().valid(...TOPIC_STATES).description('A topic state; expired honours the derived expiry.'),
  include_deleted: Joi.boolean().valid(false).description('Deleted topics are not stored: true gives 422 not_supported.'),
});

export const ActionListQuery = Joi.object({
  limit: limitParam(25),
  cursor: cursorParam(),
  status: Joi.string().valid(...ACTION_STATES).description('An action state; expired honours the derived expiry.'),
  session_id: Joi.string().guid(),
});

export const DecisionSchema = Joi.object({
  id,
  status: Joi.string().valid(...TOPIC_STATES).required(),
  decided_at: IsoDate.required(),
}).meta({ ref: 'StrategistTopicDecision' });
