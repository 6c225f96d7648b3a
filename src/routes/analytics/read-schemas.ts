import Joi from 'joi';
import { CALENDAR_DAY_MESSAGE, MoneySchema, cursorParam, limitParam } from '../../http/schemas/common.js';
import { isCalendarDay } from '../../clock.js';
import { SOURCE_SORTS } from '../../domain/analytics/reports.js';
import { TIMESERIES_METRICS } from '../../domain/analytics/metrics.js';

/** Wire shapes of the analytics reads: validation and the OpenAPI document. */

export const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date YYYY-MM-DD that exists. */
export const dateParam = () => Joi.string().pattern(DATE)
  .custom((v: string, h) => (!DATE.test(v) || isCalendarDay(v) ? v : h.error('any.invalid')), 'calendar date')
  .messages(CALENDAR_DAY_MESSAGE);

/** from and to of every analytics and dashboard read. */
export const periodParams = {
  from: dateParam().description('First day, YYYY-MM-DD, inclusive, in the account\'s time zone. Default: 30 days ending at `to`. After `to` is 422 at /from.'),
  to: dateParam().description('Last day, inclusive. Default and upper bound: the last full day (yesterday in the account\'s time zone), '
    + 'or today with include_today; a later one is clamped and the clamped value echoed. A range over 400 days is 422 at /to.'),
  include_today: Joi.boolean().default(false).description('Let the period end today, a partial day (and make today the default `to`): '
    + 'today\'s figures from events count every event stored before the read, those of conversations, messages and leads are '
    + 'rebuilt at most every 30 seconds, and data_as_of.partial_day names it.'),
};

export const DataAsOfSchema = Joi.object().pattern(Joi.string(), Joi.string().pattern(DATE)).meta({ ref: 'DataAsOf' })
  .description('Per source (web, conversations, leads, ads, search, offline_conversions), the day up to which its data is complete; a source without data is omitted. '
    + 'partial_day: today, when the period ends today (include_today; its figures are so far, not complete).');

export const PeriodSchema = {
  from: Joi.string().pattern(DATE).required(),
  to: Joi.string().pattern(DATE).required().description('As asked, or clamped to the last full day (to today with include_today, a partial day).'),
  time_zone: Joi.string().required().description('The IANA zone the days are counted in.'),
};

export const TimeseriesQuery = Joi.object({
  metric: Joi.string().valid(...TIMESERIES_METRICS).required(),
  interval: Joi.string().valid('day', 'week', 'month').default('day').description('Weeks start on Monday; a first partial week or month starts at `from`.'),
  ...periodParams,
  channel: Joi.string().max(64).description('conversations and leads only: one channel (website, api, telegram, ...).'),
  source: Joi.string().max(300).description('visitors, page_views, leads, won_leads, revenue, conversion_rate: one traffic source as "source / medium" (google / cpc, yandex.ru / referral, (direct) / (none)).'),
});

const pointValue = Joi.alternatives().try(Joi.number(), MoneySchema).allow(null);

export const TimeseriesSchema = Joi.object({
  data: Joi.object({
    metric: Joi.string().valid(...TIMESERIES_METRICS).required(),
    interval: Joi.string().valid('day', 'week', 'month').required(),
    ...PeriodSchema,
    unit: Joi.string().valid('count', 'money', 'ratio').required(),
    points: Joi.array().items(Joi.object({
      date: Joi.string().pattern(DATE).required().description('First day of the interval (not before from).'),
      value: pointValue.required().description('A count, Money (cell currency), or a ratio (null when its denominator is 0). Days without data count 0.'),
    }).meta({ ref: 'TimeseriesPoint' })).required(),
    total: pointValue.required().description('Over the whole period (for a ratio: of the totals).'),
    data_as_of: DataAsOfSchema.required(),
  }).required(),
}).meta({ ref: 'Timeseries' });

export const FunnelQuery = Joi.object({ ...periodParams });

export const FUNNEL_STEPS = ['visitors', 'conversations', 'leads', 'qualified_leads', 'won_leads'] as const;

export const FunnelSchema = Joi.object({
  data: Joi.object({
    ...PeriodSchema,
    steps: Joi.array().items(Joi.object({
      step: Joi.string().valid(...FUNNEL_STEPS).required().description('visits (visitors), chats (conversations), leads, qualified, won; in that order.'),
      count: Joi.number().integer().min(0).required().description('Of the period: each step counts what happened in it (not a cohort).'),
      conversion_from_previous: Joi.number().allow(null).required().description('count / previous step\'s count, to four places; null for the first step or when the previous is 0.'),
    }).meta({ ref: 'FunnelStep' })).required(),
    data_as_of: DataAsOfSchema.required(),
  }).required(),
}).meta({ ref: 'Funnel' });

export const AVAILABILITY = ['ok', 'no_data', 'no_source', 'not_connected'] as const;

export const TrafficSourcesQuery = Joi.object({
  ...periodParams,
  sort: Joi.string().valid(...SOURCE_SORTS).default('visitors').description('Descending; ties by source.'),
  limit: limitParam(),
  cursor: cursorParam(),
});

const amountOf = MoneySchema.description('In the cell currency.');

export const TrafficSourceSchema = Joi.object({
  source: Joi.string().required().description('utm_source (lower-cased), else the referrer\'s host without www., else (direct).'),
  medium: Joi.string().required().description('utm_medium, else referral, else (none).'),
  visitors: Joi.number().integer().min(0).required().description('Distinct visitors per day, summed.'),
  page_views: Joi.number().integer().min(0).required(),
  conversations: Joi.valid(null).required().description('Always null, for the reason given in the page\'s `conversations_reason`.'),
  leads: Joi.number().integer().min(0).required().description('Leads opened in the period whose attribution names this source.'),
  won: Joi.number().integer().min(0).required().description('Leads won in the period, by their attribution.'),
  revenue: amountOf.required().description('Value of those won leads (offline conversions carry no source).'),
}).meta({ ref: 'TrafficSource' });

export const TrafficSourcesSchema = Joi.object({
  data: Joi.array().items(TrafficSourceSchema).required(),
  next_cursor: Joi.string().allow(null).required(),
  conversations_reason: Joi.string().required().description('Why conversations per source are null: what the platform would need to attribute a chat to a source.'),
  period: Joi.object(PeriodSchema).required(),
  data_as_of: DataAsOfSchema.required(),
}).meta({ ref: 'TrafficSourcePage' });

export const VisibilityQuery = Joi.object({ ...periodParams, limit: limitParam(), cursor: cursorParam() });

const VisibilityFiguresSchema = Joi.object({
  impressions: Joi.number().integer().min(0).required(),
  clicks: Joi.number().integer().min(0).required(),
  ctr: Joi.number().allow(null).required().description('clicks / impressions to four places; null without impressions.'),
  position: Joi.number().allow(null).required().description('Impression-weighted average position; null without impressions.'),
}).meta({ ref: 'VisibilityFigures' });

export const VisibilityRowSchema = Joi.object({
  keyword: Joi.string().required(),
  page: Joi.string().required(),
  current: VisibilityFiguresSchema.required(),
  previous: VisibilityFiguresSchema.required().description('The period of the same length just before.'),
  change: Joi.object({
    impressions: Joi.number().integer().required(),
    clicks: Joi.number().integer().required(),
    ctr: Joi.number().allow(null).required(),
    position: Joi.number().allow(null).required().description('Negative = moved up.'),
  }).required().description('current - previous; null where either is null.'),
}).meta({ ref: 'VisibilityRow' });

export const VisibilitySchema = Joi.object({
  data: Joi.array().items(VisibilityRowSchema).required(),
  next_cursor: Joi.string().allow(null).required(),
  availability: Joi.string().valid(...AVAILABILITY).required().description('ok; no_data: search_performance was sent, none in this period; no_source: none was ever sent.'),
  reason: Joi.string().description('Why the answer has no rows.'),
  period: Joi.object(PeriodSchema).required(),
  data_as_of: DataAsOfSchema.required(),
}).meta({ ref: 'VisibilityPage' });
