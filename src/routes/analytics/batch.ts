import type Joi from 'joi';
import { domainError, type FieldError } from '../../errors/domain-error.js';
import { renderProblem } from '../../http/error-handler.js';
import { fieldErrors, pointer } from '../../http/validate.js';
import type { HandlerResult } from '../../http/route.js';
import type { IngestCounts } from '../../domain/analytics/events.js';

/** An item of a batch that passed its own checks, with its place in the batch. */
export interface GoodItem<T> {
  index: number;
  value: T;
}

/** A batch split into the items that fit and the field errors of those that do not (each at /<list>/N/...). */
export class BatchCheck<T> {
  readonly good: GoodItem<T>[] = [];
  readonly errors: FieldError[] = [];
  constructor(private readonly list: string) {}

  /** Validates item `index` with `schema`; keeps it or records its errors. */
  take(index: number, raw: unknown, schema: Joi.Schema): T | null {
    const { value, error } = schema.validate(raw, { abortEarly: false, convert: true, errors: { wrap: { label: false } } });
    if (error) {
      this.refuse(index, fieldErrors(error));
      return null;
    }
    return value as T;
  }

  keep(index: number, value: T): void {
    this.good.push({ index, value });
  }

  /** Errors whose field is relative to the item (`/type`, `''` for the item itself). */
  refuse(index: number, errors: FieldError[]): void {
    const at = pointer([this.list, index]);
    this.errors.push(...errors.map((e) => ({ ...e, field: `${at}${e.field}` })));
  }

  /** Drops kept items that a later check refused. */
  refuseKept(index: number, errors: FieldError[]): void {
    this.refuse(index, errors);
    const at = this.good.findIndex((g) => g.index === index);
    if (at >= 0) this.good.splice(at, 1);
  }
}

/**
 * The answer of a batch: 200 with the counts, or, when some items were refused, 422
 * validation_failed whose Problem carries the same counts (`accepted`, `duplicates`): the
 * good items ARE stored. Answered, not thrown, so that they commit (and an idempotent retry
 * gets the same answer).
 */
export function batchAnswer(counts: IngestCounts & Record<string, number>, errors: FieldError[], requestId: string, errorsOrigin: string): HandlerResult {
  if (!errors.length) return { status: 200, body: counts };
  const detail = `${errors.length} field error(s); the other items were kept: ${counts.accepted} accepted, ${counts.duplicates} duplicate(s).`;
  const problem = renderProblem(domainError('validation_failed', detail, { errors, ...counts }), requestId, errorsOrigin);
  return { status: problem.status, body: problem.body, headers: { ...problem.headers, 'Content-Type': 'application/problem+json' } };
}
