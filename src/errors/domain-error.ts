import { ERROR_TITLES, type ErrorCode } from './catalogue.js';

/** One field at fault: `field` is a JSON pointer into the input (`/code`, `''` for the whole body). */
export interface FieldError {
  field: string;
  code: string;
  message: string;
}

/** Members an error carries besides its code and detail; the answer shows them as they are. */
export interface ErrorExtras {
  /** validation_failed: every field at fault. */
  errors?: FieldError[];
  /** wrong_cell: where the key belongs. */
  correct_base_url?: string;
  /** wallet_suspended only (spec 01): where the tenant tops up. */
  topup_url?: string;
  /** wallet_suspended: the balance (Money) when it is known. */
  balance?: { amount: string; currency: string } | null;
  [extra: string]: unknown;
}

export interface DomainErrorOptions {
  /** The refusal is temporary: the caller may retry after this many seconds. */
  retryAfterSeconds?: number;
}

/**
 * A refusal from the catalogue, raised anywhere (domain, routes, middleware, the CLI) and
 * rendered into an answer in one place (`src/http/error-handler.ts`). It knows its code,
 * detail, title and extra members, never an HTTP status.
 */
export class DomainError extends Error {
  readonly title: string;
  readonly retryAfterSeconds: number | undefined;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extras: ErrorExtras = {},
    options: DomainErrorOptions = {},
  ) {
    super(`${code}: ${detail}`);
    this.title = ERROR_TITLES[code];
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export function domainError(code: ErrorCode, detail: string, extras?: ErrorExtras, options?: DomainErrorOptions): DomainError {
  return new DomainError(code, detail, extras, options);
}

/** One field at fault, as validation_failed. */
export function invalidField(field: string, code: string, message: string): DomainError {
  return domainError('validation_failed', message, { errors: [{ field, code, message }] });
}
