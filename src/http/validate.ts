import type Joi from 'joi';
import { problem, type FieldError } from './problem.js';

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

/**
 * Every string of a request that holds U+0000, values and keys alike, as invalid_format at
 * its pointer: PostgreSQL text cannot store it, so no route may accept it (issue 9).
 */
export function nulErrors(value: unknown, path: (string | number)[] = []): FieldError[] {
  if (typeof value === 'string') {
    return value.includes('\u0000') ? [{ field: pointer(path), code: 'invalid_format', message: `${pointer(path) || 'the value'} must not contain the NUL character (U+0000)` }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => nulErrors(item, [...path, i]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => (key.includes('\u0000') ? nulErrors(key, [...path, key]) : nulErrors(item, [...path, key])));
  }
  return [];
}

/** Validates one part of the request; 422 validation_failed listing every field at fault. */
export function validatePart<T>(schema: Joi.ObjectSchema | undefined, value: unknown, part: 'query' | 'body'): T {
  const nul = nulErrors(value);
  if (!schema && !nul.length) return value as T;
  const { value: out, error } = schema?.validate(value ?? {}, { abortEarly: false, convert: part === 'query', errors: { wrap: { label: false } } }) ?? { value };
  const errors = error ? fieldErrors(error) : [];
  // A field joi already refused keeps its error; the NUL is reported for every other one.
  errors.push(...nul.filter((n) => !errors.some((e) => e.field === n.field)));
  if (errors.length) throw problem('validation_failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), { errors });
  return out as T;
}
