import Joi from 'joi';
import { isCalendarDay } from '../../clock.js';

/** Shared wire shapes, used by routes for validation and by the OpenAPI document. */
export const MoneySchema = Joi.object({
  amount: Joi.string().pattern(/^-?\d+\.\d{2}$/).required().description('Decimal text, never a float.'),
  currency: Joi.string().pattern(/^[A-Z]{3}$/).required().description('ISO 4217: RUB on ru, GBP on en, IDR on id.'),
}).meta({ ref: 'Money' });

export const FieldErrorSchema = Joi.object({
  field: Joi.string().required().description('JSON Pointer (RFC 6901) to the request field.'),
  code: Joi.string().required(),
  message: Joi.string().required(),
}).meta({ ref: 'FieldError' });

/** The fields of every Problem (RFC 9457 and spec 01 "Errors"); the API's and the visitor chat's add their own. */
export const problemFields = {
  type: Joi.string().uri().required(),
  title: Joi.string().required(),
  status: Joi.number().integer().required(),
  code: Joi.string().required(),
  detail: Joi.string().required(),
  request_id: Joi.string().required(),
  errors: Joi.array().items(FieldErrorSchema),
};

export const ProblemSchema = Joi.object({
  ...problemFields,
  correct_base_url: Joi.string().uri(),
  topup_url: Joi.string().uri(),
  balance: MoneySchema.allow(null),
}).meta({ ref: 'Problem' });

/** A date or date-time that names a day which does not exist answers 422 invalid_value at its field. */
export const CALENDAR_DAY_MESSAGE = { 'any.invalid': '{{#label}} names a day that does not exist' };
const calendarDay = <T extends Joi.Schema>(schema: T): T => schema
  .custom((value: unknown, h) => (typeof h.original !== 'string' || isCalendarDay(h.original) ? value : h.error('any.invalid')), 'calendar day')
  .messages(CALENDAR_DAY_MESSAGE) as T;

/** ISO 8601 text of a day that exists. */
export const isoDateText = () => calendarDay(Joi.string().isoDate());
/** ISO 8601 text to a Date, of a day that exists. */
export const isoDateValue = () => calendarDay(Joi.date().iso());

export const IsoDate = isoDateText();

const ENDS_WITH_ZONE = /(Z|[+-]\d{2}:?\d{2})$/i;
const DATE_ONLY = /^([+-]\d{6}|\d{4})-\d{2}-\d{2}$/;

/** The times PostgreSQL's timestamptz and the answers' ISO text both hold: years 1 to 9999. */
export const EARLIEST_TIME = new Date('0001-01-01T00:00:00.000Z');
export const LATEST_TIME = new Date('9999-12-31T23:59:59.999Z');

/**
 * The one rule for a time filter's text without a zone (docs/decisions.md, issue 42): a date
 * (YYYY-MM-DD) is that day's start in UTC, a date-time without a zone is a UTC time, as every
 * time the API answers is UTC. Written into the description of each parameter that takes them.
 */
export const UNZONED_TIME_RULE = 'ISO 8601 date or date-time: a date is its day\'s start in UTC (2026-05-01 = 2026-05-01T00:00:00Z), '
  + 'a date-time without a zone is UTC (2026-05-01T10:00:00 = 2026-05-01T10:00:00Z); with a zone (Z or +hh:mm) it is that instant.';

/** The ISO 8601 text of an instant, in UTC when the text has no zone (a DAY_OR_TIME text); undefined when unzoned forms are not taken. */
function zonedText(text: string, unzoned: boolean): string | undefined {
  if (ENDS_WITH_ZONE.test(text)) return text;
  if (!unzoned) return undefined;
  return DATE_ONLY.test(text) ? `${text}T00:00:00Z` : `${text}Z`;
}

/** What the unzoned filter takes: a date, or a date-time with or without a zone (years expanded to six digits too). */
const DAY_OR_TIME = /^([+-]\d{6}|\d{4})-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * A time text validated to a Date: a day that exists, years 1 to 9999, and a zone unless
 * `unzoned` (then UNZONED_TIME_RULE). One refusal a text: its form, its day, its zone, its range.
 */
const timeParam = (unzoned: boolean) => (unzoned ? Joi.string().pattern(DAY_OR_TIME, 'ISO 8601 date or date-time') : Joi.string().isoDate())
  .custom((value: string, h) => {
    const original = h.original as string;
    if (unzoned ? !DAY_OR_TIME.test(original) : Number.isNaN(Date.parse(value))) return value; // already refused for its form
    if (!isCalendarDay(original)) return h.error('any.invalid');
    const text = zonedText(original, unzoned);
    if (text === undefined) return h.error('date.zone');
    const time = Date.parse(text);
    if (Number.isNaN(time)) return h.error('date.form');
    if (time < EARLIEST_TIME.getTime()) return h.error('date.min');
    if (time > LATEST_TIME.getTime()) return h.error('date.max');
    return new Date(time);
  })
  .messages({
    ...CALENDAR_DAY_MESSAGE, 'date.zone': '{{#label}} needs a zone (Z or +hh:mm)', 'date.form': '{{#label}} is not a time that exists',
    'date.min': '{{#label}} is before the year 1', 'date.max': '{{#label}} is after the year 9999',
  });

/**
 * A time WITH a zone (Z or +hh:mm), validated to a Date: a time without a zone answers 422
 * invalid_format at the field: GET /conversations updated_after (spec 02: "ISO 8601 with zone"), the
 * disclosure and delivery created_after filters made like it, and the stored due_at/next_action_at.
 */
export const zonedTimeParam = () => timeParam(false).description('ISO 8601 date-time with zone (Z or +hh:mm); strictly later.');

/**
 * The list filter of spec 02 "ISO 8601 date or date-time" (GET /leads updated_since and
 * updated_after, GET /articles updated_after): any of the three forms, by UNZONED_TIME_RULE.
 */
export const dayOrTimeParam = () => timeParam(true).description(UNZONED_TIME_RULE);

export const limitParam = (fallback = 25) => Joi.number().integer().min(1).max(100).default(fallback).description('Page size, 1 to 100.');
export const cursorParam = () => Joi.string().max(2048).description('next_cursor of the previous page; valid 24 hours, bound to the filters.');

/** `{data: [...], next_cursor}` of a paged list. */
export const pageOf = (item: Joi.Schema, ref: string) => Joi.object({
  data: Joi.array().items(item).required(),
  next_cursor: Joi.string().allow(null).required(),
}).meta({ ref });
