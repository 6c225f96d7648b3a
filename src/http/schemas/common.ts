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
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The times PostgreSQL's timestamptz and the answers' ISO text both hold: years 1 to 9999. */
export const EARLIEST_TIME = new Date('0001-01-01T00:00:00.000Z');
export const LATEST_TIME = new Date('9999-12-31T23:59:59.999Z');

/**
 * A query time filter such as updated_after: ISO 8601 WITH a zone (Z or +hh:mm), validated
 * to a Date. A time without a zone is ambiguous and answers 422 invalid_format at the field.
 */
export const zonedTimeParam = (o: { dateOnly?: boolean } = {}) => Joi.string().isoDate()
  .custom((value: string, h) => {
    const time = Date.parse(value);
    if (Number.isNaN(time)) return value; // already refused as not ISO 8601
    if (!isCalendarDay(h.original as string)) return h.error('any.invalid');
    if (time < EARLIEST_TIME.getTime()) return h.error('date.min');
    if (time > LATEST_TIME.getTime()) return h.error('date.max');
    // With dateOnly a plain date (YYYY-MM-DD) is that day's start in UTC.
    if (o.dateOnly && DATE_ONLY.test(h.original as string)) return new Date(`${h.original as string}T00:00:00.000Z`);
    return ENDS_WITH_ZONE.test(h.original as string) ? new Date(value) : h.error('date.zone');
  })
  .messages({ ...CALENDAR_DAY_MESSAGE, 'date.zone': '{{#label}} needs a zone (Z or +hh:mm)', 'date.min': '{{#label}} is before the year 1', 'date.max': '{{#label}} is after the year 9999' })
  .description('ISO 8601 date-time with zone (Z or +hh:mm); strictly later.');

export const limitParam = (fallback = 25) => Joi.number().integer().min(1).max(100).default(fallback).description('Page size, 1 to 100.');
export const cursorParam = () => Joi.string().max(2048).description('next_cursor of the previous page; valid 24 hours, bound to the filters.');

/** `{data: [...], next_cursor}` of a paged list. */
export const pageOf = (item: Joi.Schema, ref: string) => Joi.object({
  data: Joi.array().items(item).required(),
  next_cursor: Joi.string().allow(null).required(),
}).meta({ ref });
