import type { components } from './schema.js';
import { idempotencyKeyOf } from './request-options.js';
import { retryAfterMs } from './retry-after.js';

export type FieldError = components['schemas']['FieldError'];

/**
 * The codes of the error catalogue (spec 01, "Errors"; the server's src/errors/catalogue.ts).
 * Branch on these; the list may grow, so an unknown code is still a string.
 */
export const ERROR_CODES = [
  'bad_request', 'idempotency_key_required', 'invalid_api_key', 'wrong_cell', 'integration_inactive', 'insufficient_funds',
  'spend_limit_reached', 'wallet_suspended', 'feature_not_in_plan', 'ip_not_allowed', 'pii_transfer_not_allowed', 'scope_missing',
  'tenant_inactive', 'not_found', 'method_not_allowed', 'idempotency_conflict', 'invalid_state', 'operation_in_progress',
  'editorial_profile_required', 'precondition_failed', 'payload_too_large', 'validation_failed', 'precondition_required',
  'rate_limited', 'internal_error', 'service_unavailable', 'upstream_unavailable',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number] | (string & {});

/** A Problem body (application/problem+json) with the members some codes add. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  detail: string;
  request_id: string;
  errors?: FieldError[];
  [member: string]: unknown;
}

/** Anything this client throws. */
export class SalesChatError extends Error {
  override name = 'SalesChatError';
}

/**
 * An answer of 4xx or 5xx: its Problem, as a typed error. `code` is what to branch on,
 * `errors` the field errors of validation_failed, `requestId` the X-Request-Id to quote,
 * `idempotencyKey` the key the write was sent with (yours or the generated one): to retry the
 * same intent later, pass it back as `{ idempotencyKey: err.idempotencyKey }`.
 */
export class ApiError extends SalesChatError {
  override name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly title: string;
  readonly detail: string;
  readonly type: string;
  readonly requestId: string | null;
  readonly errors: FieldError[];
  /** The whole Problem, with the members of its code (correct_base_url, topup_url, balance, current_version, ...). */
  readonly problem: ProblemBody;
  readonly headers: Headers;
  /** The Idempotency-Key the request carried (every POST has one); null for reads. */
  readonly idempotencyKey: string | null;

  constructor(status: number, problem: ProblemBody, headers: Headers, idempotencyKey: string | null = null) {
    super(`${status} ${problem.code}: ${problem.detail}`);
    this.status = status;
    this.problem = problem;
    this.code = problem.code;
    this.title = problem.title;
    this.detail = problem.detail;
    this.type = problem.type;
    this.requestId = headers.get('x-request-id') ?? problem.request_id ?? null;
    this.errors = problem.errors ?? [];
    this.headers = headers;
    this.idempotencyKey = idempotencyKey;
  }
}

/** 400 bad_request, idempotency_key_required. */
export class BadRequestError extends ApiError { override name = 'BadRequestError'; }
/** 401: invalid_api_key, wrong_cell (problem.correct_base_url), integration_inactive. */
export class AuthenticationError extends ApiError { override name = 'AuthenticationError'; }
/** 402: insufficient_funds, spend_limit_reached, wallet_suspended (only wallet_suspended carries problem.topup_url and problem.balance). */
export class PaymentRequiredError extends ApiError { override name = 'PaymentRequiredError'; }
/** 403: scope_missing, ip_not_allowed, pii_transfer_not_allowed, feature_not_in_plan, tenant_inactive. */
export class PermissionError extends ApiError { override name = 'PermissionError'; }
/** 404 not_found (missing or another tenant's: indistinguishable). */
export class NotFoundError extends ApiError { override name = 'NotFoundError'; }
/**
 * 409 (invalid_state, idempotency_conflict, editorial_profile_required, and operation_in_progress
 * once this client's retries of it are spent), 412 and 428.
 */
export class ConflictError extends ApiError { override name = 'ConflictError'; }
/** 422 validation_failed: `errors` names every field at fault. */
export class ValidationError extends ApiError { override name = 'ValidationError'; }
/** 429 rate_limited, after this client's own retries; `retryAfter` in seconds. */
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
  /** Seconds to wait, from Retry-After as seconds or as an HTTP date (rounded up); null when absent or unreadable. */
  get retryAfter(): number | null {
    const ms = retryAfterMs(this.headers.get('retry-after'));
    return ms === null ? null : Math.ceil(ms / 1000);
  }
}
/** 5xx: 500, and 502, 503 (service_unavailable, upstream_unavailable), 504 after this client's own retries of them. */
export class ServerError extends ApiError { override name = 'ServerError'; }

const BY_STATUS: Record<number, typeof ApiError> = {
  400: BadRequestError, 401: AuthenticationError, 402: PaymentRequiredError, 403: PermissionError, 404: NotFoundError,
  409: ConflictError, 412: ConflictError, 428: ConflictError, 422: ValidationError, 429: RateLimitError,
};

/** No answer: the connection failed or timed out (after this client's retries where it retries). */
export class ConnectionError extends SalesChatError {
  override name = 'ConnectionError';
  /** The Idempotency-Key the request carried: the write may have run; retry it with this key. */
  constructor(message: string, override readonly cause?: unknown, readonly idempotencyKey: string | null = null) {
    super(message);
  }
}

/** A webhook delivery that does not verify: its signature, its timestamp or its body. */
export class SignatureVerificationError extends SalesChatError {
  override name = 'SignatureVerificationError';
  constructor(message: string, readonly reason: 'malformed' | 'stale' | 'mismatch' | 'body') {
    super(message);
  }
}

/** operations.wait gave up before the operation finished. */
export class OperationTimeoutError extends SalesChatError {
  override name = 'OperationTimeoutError';
  constructor(readonly operationId: string, readonly lastStatus: string) {
    super(`operation ${operationId} still ${lastStatus} when the wait ended`);
  }
}

/** The typed error of an error answer; a body that is no Problem (a proxy's page) still gets one. */
export function apiErrorOf(response: Response, body: unknown): ApiError {
  const problem: ProblemBody = isProblem(body) ? body : {
    type: 'about:blank', title: response.statusText || 'Error', status: response.status, code: response.status >= 500 ? 'internal_error' : 'bad_request',
    detail: typeof body === 'string' && body ? body.slice(0, 500) : `HTTP ${response.status}`, request_id: response.headers.get('x-request-id') ?? '',
  };
  const Kind = BY_STATUS[response.status] ?? (response.status >= 500 ? ServerError : ApiError);
  return new Kind(response.status, problem, response.headers, idempotencyKeyOf(response));
}

function isProblem(body: unknown): body is ProblemBody {
  return typeof body === 'object' && body !== null && typeof (body as ProblemBody).code === 'string' && typeof (body as ProblemBody).status === 'number';
}
