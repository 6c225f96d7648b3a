import type Joi from 'joi';
import { domainError, type FieldError } from '../errors/domain-error.js';

/** joi's error types -> the FieldError codes of spec 01. */
function fieldCode(type: string): string {
  if (type === 'any.required') return 'required';
  if (type === 'object.unknown') return 'unknown_field';
  if (type === 'any.only') return 'not_supported';
  if (/\.(min|max|less|greater|length|positive|negative|port)$/.test(type)) return 'out_of_range';
  if (type === 'array.unique' || type === 'any.invalid') return 'invalid_value';
  return 'invalid_format';
}

/** RFC 6901 pointer of a joi path: ['events', 0] -> /events/0. */
export function pointer(path: readonly (string | number)[]): string {
  return path.length ? `/${path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}` : '';
}

export function fieldErrors(error: Joi.ValidationError): FieldError[] {
  return error.details.map((d) => ({ field: pointer(d.path), code: fieldCode(d.type), message: d.message.replace(/"/g, '') }));
}

/** A UTF-16 surrogate without its pair: no Unicode character, and jsonb refuses its escape. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function unstorable(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain the NUL character (U+0000)';
  return LONE_SURROGATE.test(text) ? 'must be valid Unicode (a lone surrogate is not a character)' : null;
}

/**
 * Every string of a request that PostgreSQL cannot store, values and keys alike, as
 * invalid_format at its pointer: U+0000 (text refuses it) and lone surrogates (jsonb refuses
 * them). No route may accept either (issue 9).
 */
export function textErrors(value: unknown, path: (string | number)[] = []): FieldError[] {
  if (typeof value === 'string') {
    const why = unstorable(value);
    return why ? [{ field: pointer(path), code: 'invalid_format', message: `${pointer(path) || 'the value'} ${why}` }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => textErrors(item, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => (unstorable(key) ? textErrors(key, [...path, key]) : textErrors(item, [...path, key])));
  }
  return [];
}

/** Validates one part of the request; 422 validation_failed listing every field at fault. */
export function validatePart<T>(schema: Joi.ObjectSchema | undefined, value: unknown, part: 'query' | 'body'): T {
  const unfit = textErrors(value);
  if (!schema && !unfit.length) return value as T;
  const { value: out, error } = schema?.validate(value ?? {}, { abortEarly: false, convert: part === 'query', errors: { wrap: { label: false } } }) ?? { value };
  const errors = error ? fieldErrors(error) : [];
  // A field joi already refused keeps its error; unstorable text is reported for every other one.
  errors.push(...unfit.filter((n) => !errors.some((e) => e.field === n.field)));
  if (errors.length) throw domainError('validation_failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), { errors });
  return out as T;
}
