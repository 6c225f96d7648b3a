import Joi from 'joi';
import { fieldErrors, problemOf } from '../../http/schemas/problems.js';
import { CALENDAR_DAY_MESSAGE, EARLIEST_TIME, LATEST_TIME } from '../../http/schemas/common.js';
import { isCalendarDay } from '../../clock.js';
import { EVENT_TYPES, type EventType } from '../../domain/analytics/events.js';

/** Wire shapes of POST /events and POST /offline-conversions: per-item validation and the OpenAPI document. */

export const MAX_BATCH = 500;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ZONED = /(Z|[+-]\d{2}:?\d{2})$/i;

/** ISO 8601 with a zone, between the years 1 and 9999 (kept as text: the handler reads it). */
const zonedTime = () => Joi.string().isoDate()
  .custom((value: string, h) => {
    const t = Date.parse(value);
    if (Number.isNaN(t)) return value;
    if (!isCalendarDay(h.original as string)) return h.error('any.invalid');
    if (t < EARLIEST_TIME.getTime() || t > LATEST_TIME.getTime()) return h.error('date.range');
    return ZONED.test(h.original as string) ? h.original as string : h.error('date.zone');
  })
  .messages({ ...CALENDAR_DAY_MESSAGE, 'date.zone': '{{#label}} needs a zone (Z or +hh:mm)', 'date.range': '{{#label}} is outside the years 1 to 9999' });

const calendarDate = () => Joi.string().pattern(DATE).custom((v: string, h) => (!DATE.test(v) || isCalendarDay(v) ? v : h.error('any.invalid'))).messages(CALENDAR_DAY_MESSAGE);

const text = (max: number) => Joi.string().max(max);
const pageUrl = () => Joi.string().uri({ scheme: ['http', 'https'] }).max(2048);

/** Money as the caller sends it: decimal text with at most two places, in the cell currency. */
const amount = () => Joi.object({
  amount: Joi.string().pattern(/^\d{1,16}(\.\d{1,2})?$/).required().description('Decimal text, at most two places, never a float.'),
  currency: Joi.string().pattern(/^[A-Z]{3}$/).required().description("The cell currency (RUB on ru, GBP on en, IDR on id); another is 422 not_supported."),
}).meta({ ref: 'MoneyInput' });

const utm = {
  utm_source: text(255), utm_medium: text(255), utm_campaign: text(255), utm_term: text(255), utm_content: text(255),
};

/** The typed properties of each event type. */
export const EVENT_PROPERTIES: Record<EventType, Joi.ObjectSchema> = {
  page_view: Joi.object({
    url: pageUrl().required().description('The page address (http or https).'),
    title: text(500),
    referrer: pageUrl().allow(''),
    ...utm,
  }),
  site_search: Joi.object({ query: text(500).min(1).required(), results: Joi.number().integer().min(0), url: pageUrl() }),
  add_to_cart: Joi.object({ product_id: text(255), quantity: Joi.number().integer().min(1).max(1_000_000), value: amount() }),
  purchase: Joi.object({ order_id: text(255), value: amount().required() }),
  signup: Joi.object({ method: text(64) }),
  ad_spend: Joi.object({
    source: text(64).min(1).required().description('The ad platform or traffic source (google_ads, yandex_direct, meta, ...).'),
    campaign: text(255),
    cost: amount().required(),
    date: calendarDate().required().description('The day the money was spent (YYYY-MM-DD, the day of the rollup).'),
    clicks: Joi.number().integer().min(0),
    impressions: Joi.number().integer().min(0),
  }),
  search_performance: Joi.object({
    keyword: text(500).min(1).required(),
    page: pageUrl().required(),
    impressions: Joi.number().integer().min(0).required(),
    clicks: Joi.number().integer().min(0).required().description('Not above impressions.'),
    position: Joi.number().min(1).max(1000).required().description('Average position on that day.'),
    date: calendarDate().required().description('The day of the figures (YYYY-MM-DD, the day of the rollup).'),
  }),
  custom: Joi.object({
    name: Joi.string().pattern(/^[a-z0-9_.:-]{1,64}$/).required().description('Lowercase latin letters, digits, _ . : -; at most 64.'),
    value: Joi.number(),
  }).unknown(true).description('name, an optional number value, and any other members (kept as sent).'),
};

/** Types whose rollup day is properties.date: occurred_at may be left out (then that day\'s start, UTC). */
export const DATED_TYPES: readonly EventType[] = ['ad_spend', 'search_performance'];

const eventFields = {
  id: Joi.string().min(1).max(255).required().description('Your id of the event: the dedupe key. A re-sent id is counted once.'),
  occurred_at: zonedTime().description('ISO 8601 with zone. Required, except for ad_spend and search_performance, which are dated by properties.date.'),
  visitor_id: text(128).description('Your anonymous visitor id (a first-party cookie, a device id): what visitors count.'),
  contact_id: Joi.string().guid().description('A contact of this account; an unknown one is 422 at the field.'),
  lead_id: Joi.string().guid().description('A lead of this account; an unknown one is 422 at the field.'),
};

const eventOf = (type: EventType) => Joi.object({
  ...eventFields,
  type: Joi.string().valid(type).required(),
  occurred_at: DATED_TYPES.includes(type) ? eventFields.occurred_at : eventFields.occurred_at.required(),
  properties: EVENT_PROPERTIES[type].required(),
}).meta({ ref: `${type.split('_').map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}Event` });

/** One schema per type, chosen by the item's `type`. */
export const EVENT_SCHEMAS = Object.fromEntries(EVENT_TYPES.map((t) => [t, eventOf(t)])) as Record<EventType, Joi.ObjectSchema>;

/** Only what picks the item's schema: a type that is not one of the eight is 422 at /events/N/type. */
export const EventHeadSchema = Joi.object({ type: Joi.string().valid(...EVENT_TYPES).required() }).unknown(true);

export const AnalyticsEventSchema = Joi.alternatives().try(...EVENT_TYPES.map((t) => EVENT_SCHEMAS[t])).meta({ ref: 'AnalyticsEvent' });

/** Items are checked one by one in the handler, so that the good items of a batch are kept. */
const item = (schema: Joi.Schema, description: string) => Joi.alternatives().try(schema, Joi.any()).description(description);

export const EventBatchSchema = Joi.object({
  events: Joi.array().items(item(AnalyticsEventSchema, 'An AnalyticsEvent; an item that does not fit is refused on its own (422 at /events/N/field).'))
    .min(1).max(MAX_BATCH).required().description(`1 to ${MAX_BATCH} events.`),
}).meta({ ref: 'EventBatch' });

export const OfflineConversionSchema = Joi.object({
  id: eventFields.id,
  lead_id: Joi.string().guid().description('The lead the sale closes; else contact_email or contact_phone finds the contact.'),
  contact_email: Joi.string().email({ tlds: false }).max(320),
  contact_phone: Joi.string().pattern(/^[+\d][\d\s().-]{4,31}$/).description('Read with the cell\'s default country when it has no country code.'),
  value: amount().required(),
  occurred_at: zonedTime().required(),
  order_id: text(255),
}).or('lead_id', 'contact_email', 'contact_phone').meta({ ref: 'OfflineConversion' });

export const OfflineConversionBatchSchema = Joi.object({
  conversions: Joi.array().items(item(OfflineConversionSchema, 'An OfflineConversion; an item that does not fit is refused on its own (422 at /conversions/N/field).'))
    .min(1).max(MAX_BATCH).required().description(`1 to ${MAX_BATCH} conversions.`),
}).meta({ ref: 'OfflineConversionBatch' });

export const IngestResultSchema = Joi.object({
  accepted: Joi.number().integer().min(0).required().description('Items stored now.'),
  duplicates: Joi.number().integer().min(0).required().description('Items whose id was already stored (or repeated in the batch): counted once.'),
  unmatched: Joi.number().integer().min(0).description('Offline conversions only: stored without a lead or contact (none had that e-mail or phone). '
    + 'Only to a key that may read contacts (leads:read, with the personal-data transfer conditions on the ru cell); absent for any other key, '
    + 'to which it would tell whether an e-mail or phone belongs to one of the account\'s customers.'),
}).meta({ ref: 'IngestResult' });

/** Present when the items were checked one by one (the batch itself fit): absent when the whole body was refused and nothing stored. */
const counted = {
  errors: fieldErrors,
  accepted: Joi.number().integer().min(0).description('The other items, stored now. Absent when the body itself was refused (nothing stored).'),
  duplicates: Joi.number().integer().min(0).description('The other items already stored, counted once. Absent as accepted.'),
};

/** The 422 of POST /events: the refused items' field errors and the counts of the others, which ARE stored. */
export const EventBatchProblemSchema = problemOf('validation_failed', 'EventBatchProblem', counted);

/** The 422 of POST /offline-conversions: as POST /events, with `unmatched` under the same rule as its 200. */
export const OfflineConversionBatchProblemSchema = problemOf('validation_failed', 'OfflineConversionBatchProblem', {
  ...counted,
  unmatched: Joi.number().integer().min(0).description('As IngestResult.unmatched, for the items stored.'),
});
