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

/** Validates one part of the request; 422 validation_failed listing every field at fault. */
export function validatePart<T>(schema: Joi.ObjectSchema | undefined, value: unknown, part: 'query' | 'body'): T {
  if (!schema) return value as T;
  const { value: out, error } = schema.validate(value ?? {}, { abortEarly: false, convert: part === 'query', errors: { wrap: { label: false } } });
  if (error) {
    const errors = fieldErrors(error);
    throw problem('validation_failed', errors.map((e) => `${e.field}: ${e.message}`).join('; '), { errors });
  }
  return out as T;
}
