/**
 * The error catalogue of spec 01 ("Errors"): one entry per code with its HTTP status and
 * its fixed title. Every error answer is built from here by `problem()` and rendered by
 * the error handler; no route formats its own error body.
 */
export const CATALOGUE = {
  bad_request: { status: 400, title: 'Bad request' },
  /** Visitor chat: a consent is configured and the visitor has not accepted its version. */
  consent_required: { status: 400, title: 'Consent required' },
  idempotency_key_required: { status: 400, title: 'Idempotency key required' },
  invalid_api_key: { status: 401, title: 'Invalid API key' },
  wrong_cell: { status: 401, title: 'Key belongs to another cell' },
  integration_inactive: { status: 401, title: 'Integration inactive' },
  /** Visitor chat: the session token is unknown, expired or rotated out. */
  invalid_session: { status: 401, title: 'Invalid session' },
  insufficient_funds: { status: 402, title: 'Insufficient funds' },
  spend_limit_reached: { status: 402, title: 'Spend limit reached' },
  wallet_suspended: { status: 402, title: 'Wallet suspended' },
  feature_not_in_plan: { status: 403, title: 'Feature not in plan' },
  ip_not_allowed: { status: 403, title: 'IP address not allowed' },
  /** Visitor chat: init from a site that is not in the channel's allowed domains. */
  origin_not_allowed: { status: 403, title: 'Origin not allowed' },
  pii_transfer_not_allowed: { status: 403, title: 'Personal data transfer not allowed' },
  scope_missing: { status: 403, title: 'Scope missing' },
  tenant_inactive: { status: 403, title: 'Tenant inactive' },
  /** Not in spec 01's list: a test-mode key, refused until the sandbox exists. */
  test_mode_unavailable: { status: 403, title: 'Test mode unavailable' },
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  idempotency_conflict: { status: 409, title: 'Idempotency key reused' },
  invalid_state: { status: 409, title: 'Invalid state' },
  operation_in_progress: { status: 409, title: 'Operation in progress' },
  editorial_profile_required: { status: 409, title: 'Editorial profile required' },
  precondition_failed: { status: 412, title: 'Precondition failed' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  validation_failed: { status: 422, title: 'Validation failed' },
  precondition_required: { status: 428, title: 'Precondition required' },
  rate_limited: { status: 429, title: 'Too many requests' },
  internal_error: { status: 500, title: 'Internal error' },
  service_unavailable: { status: 503, title: 'Service unavailable' },
  upstream_unavailable: { status: 503, title: 'Upstream unavailable' },
} as const;

export type ErrorCode = keyof typeof CATALOGUE;

export interface FieldError {
  field: string;
  code: string;
  message: string;
}

export interface Money {
  amount: string;
  currency: string;
}

/** Fields a Problem may carry besides type/title/status/code/detail/request_id. */
export interface ProblemExtras {
  errors?: FieldError[];
  correct_base_url?: string;
  topup_url?: string;
  balance?: Money | null;
  [extra: string]: unknown;
}

export class Problem extends Error {
  readonly status: number;
  readonly title: string;
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extras: ProblemExtras = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(`${code}: ${detail}`);
    this.status = CATALOGUE[code].status;
    this.title = CATALOGUE[code].title;
  }
}

export function problem(code: ErrorCode, detail: string, extras?: ProblemExtras, headers?: Record<string, string>): Problem {
  return new Problem(code, detail, extras, headers);
}

/** One field error as a 422 validation_failed. */
export function fieldProblem(field: string, code: string, message: string): Problem {
  return problem('validation_failed', message, { errors: [{ field, code, message }] });
}

export function problemBody(p: Problem, requestId: string, errorsOrigin: string): Record<string, unknown> {
  return {
    type: `${errorsOrigin}/developers/errors#${p.code}`,
    title: p.title,
    status: p.status,
    code: p.code,
    detail: p.detail,
    request_id: requestId,
    ...p.extras,
  };
}
