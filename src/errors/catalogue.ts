/**
 * The error catalogue of spec 01 ("Errors"): every code the platform refuses with, and its
 * fixed title. The domain raises these codes without knowing HTTP; how each code is answered
 * (its status, its headers) is decided only in `src/http/problem.ts`.
 */
export const ERROR_TITLES = {
  bad_request: 'Bad request',
  /** Visitor chat: a consent is configured and the visitor has not accepted its version. */
  consent_required: 'Consent required',
  idempotency_key_required: 'Idempotency key required',
  invalid_api_key: 'Invalid API key',
  wrong_cell: 'Key belongs to another cell',
  integration_inactive: 'Integration inactive',
  /** Visitor chat: the session token is unknown, expired or rotated out. */
  invalid_session: 'Invalid session',
  insufficient_funds: 'Insufficient funds',
  spend_limit_reached: 'Spend limit reached',
  wallet_suspended: 'Wallet suspended',
  feature_not_in_plan: 'Feature not in plan',
  ip_not_allowed: 'IP address not allowed',
  /** Visitor chat: init from a site that is not in the channel's allowed domains. */
  origin_not_allowed: 'Origin not allowed',
  pii_transfer_not_allowed: 'Personal data transfer not allowed',
  scope_missing: 'Scope missing',
  tenant_inactive: 'Tenant inactive',
  /** Not in spec 01's list: a test-mode key, refused until the sandbox exists. */
  test_mode_unavailable: 'Test mode unavailable',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  idempotency_conflict: 'Idempotency key reused',
  invalid_state: 'Invalid state',
  operation_in_progress: 'Operation in progress',
  editorial_profile_required: 'Editorial profile required',
  precondition_failed: 'Precondition failed',
  payload_too_large: 'Payload too large',
  validation_failed: 'Validation failed',
  precondition_required: 'Precondition required',
  rate_limited: 'Too many requests',
  internal_error: 'Internal error',
  service_unavailable: 'Service unavailable',
  upstream_unavailable: 'Upstream unavailable',
} as const;

export type ErrorCode = keyof typeof ERROR_TITLES;
