import { ERROR_TITLES, type ErrorCode } from '../errors/catalogue.js';
import type { DomainError } from '../errors/domain-error.js';

export type { ErrorCode };

/** The HTTP status of every catalogue code (spec 01, "Errors"): decided here and nowhere else. */
const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  consent_required: 400,
  idempotency_key_required: 400,
  invalid_api_key: 401,
  wrong_cell: 401,
  integration_inactive: 401,
  invalid_session: 401,
  insufficient_funds: 402,
  spend_limit_reached: 402,
  wallet_suspended: 402,
  feature_not_in_plan: 403,
  ip_not_allowed: 403,
  origin_not_allowed: 403,
  pii_transfer_not_allowed: 403,
  scope_missing: 403,
  tenant_inactive: 403,
  not_found: 404,
  method_not_allowed: 405,
  idempotency_conflict: 409,
  invalid_state: 409,
  operation_in_progress: 409,
  editorial_profile_required: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  validation_failed: 422,
  precondition_required: 428,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  upstream_unavailable: 503,
};

/** The catalogue as HTTP answers it: status and fixed title per code (the OpenAPI document reads it). */
export const CATALOGUE = Object.fromEntries(
  (Object.keys(ERROR_TITLES) as ErrorCode[]).map((code) => [code, { status: STATUS[code], title: ERROR_TITLES[code] }]),
) as { readonly [C in ErrorCode]: { readonly status: number; readonly title: (typeof ERROR_TITLES)[C] } };

/** The refusals of an API key name the scheme to authenticate with (RFC 9110 §11.6.1). */
const BEARER_CHALLENGED: ReadonlySet<ErrorCode> = new Set(['invalid_api_key', 'wrong_cell', 'integration_inactive']);

export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}

/** The headers an error's answer carries besides its media type. */
export function problemHeaders(err: DomainError): Record<string, string> {
  const headers: Record<string, string> = {};
  if (err.retryAfterSeconds !== undefined) headers['Retry-After'] = String(err.retryAfterSeconds);
  if (BEARER_CHALLENGED.has(err.code)) headers['WWW-Authenticate'] = 'Bearer';
  return headers;
}
