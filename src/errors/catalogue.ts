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

/** What one code means to the caller, and what the caller does about it (the errors page). */
export interface ErrorGuide {
  readonly meaning: string;
  readonly remedy: string;
}

/**
 * The errors page (`GET /developers/errors`, where every Problem's `type` links) is generated
 * from this guide and ERROR_TITLES: a code added above without its guide here does not compile.
 */
export const ERROR_GUIDE: { readonly [C in ErrorCode]: ErrorGuide } = {
  bad_request: {
    meaning: 'The request could not be read: the body is not JSON (an object or array), nests arrays and objects deeper than the API reads (the detail says how deep), or its Content-Type or a header is invalid.',
    remedy: 'Send a JSON body with Content-Type: application/json, nested no deeper than the detail says, and check the headers the detail names.',
  },
  consent_required: {
    meaning: 'Visitor chat: the channel asks for consent and the visitor has not accepted its current version. The answer carries the consent object.',
    remedy: 'Show the consent text and link, then send the message again with consent_version set to the accepted version.',
  },
  idempotency_key_required: {
    meaning: 'This route changes state and needs an Idempotency-Key header so that a retry cannot act twice.',
    remedy: 'Send a unique Idempotency-Key (for example a UUID) and reuse the same key when you retry the same request.',
  },
  invalid_api_key: {
    meaning: 'The Authorization header is missing, or the key is unknown, revoked or expired. The answer is the same whether the key ever existed.',
    remedy: 'Send Authorization: Bearer <key> with a live key; issue a new key if this one was revoked or expired.',
  },
  wrong_cell: {
    meaning: 'The key was issued in another cell (ru, en, id); each cell only accepts its own keys. The answer carries correct_base_url.',
    remedy: 'Call the base URL given in correct_base_url, or use a key issued for this cell.',
  },
  integration_inactive: {
    meaning: 'The integration owning the key is suspended or revoked, or its owner lost access.',
    remedy: 'Ask the tenant administrator to reactivate the integration; retrying does not help meanwhile.',
  },
  invalid_session: {
    meaning: 'Visitor chat: the session token is unknown, expired or was rotated out.',
    remedy: 'Start a new session with the chat init route and use the token it returns.',
  },
  insufficient_funds: {
    meaning: 'The wallet lacks the funds for this paid operation (the balance less what running operations reserved is below its possible cost).',
    remedy: "Top up the wallet at GET /wallet's topup_url, then retry with the same Idempotency-Key.",
  },
  spend_limit_reached: {
    meaning: 'A tenant or integration daily spend limit, the paid-concurrency limit or the per-operation cost cap was reached.',
    remedy: 'Wait for the daily limit to reset or for running paid operations to finish, or ask the administrator to raise the limit.',
  },
  wallet_suspended: {
    meaning: 'Paid exchange is suspended: the balance is negative or the wallet is blocked. The answer carries topup_url and the balance.',
    remedy: 'Top up the wallet at topup_url until the balance is positive, or ask support to unblock the wallet.',
  },
  feature_not_in_plan: {
    meaning: "The tenant's licence or plan does not include the API (the api_access flag): every route answers it, GET /me too. A plan without a route's module cuts the route's scope instead: 403 scope_missing.",
    remedy: 'Ask the tenant administrator to change the plan; retrying does not help.',
  },
  ip_not_allowed: {
    meaning: "The caller's address is outside the IP allowlist of the key or integration.",
    remedy: 'Call from an allowed address, or ask the administrator to add your address to the allowlist.',
  },
  origin_not_allowed: {
    meaning: "Visitor chat: the page's site is not among the channel's allowed domains.",
    remedy: "Embed the chat on an allowed site, or add this site to the channel's allowed domains.",
  },
  pii_transfer_not_allowed: {
    meaning: 'ru cell: a personal-data scope was requested by an integration without an IP allowlist or whose recipient country is not RU.',
    remedy: 'Give the integration an IP allowlist and hosting country RU, or use it without personal-data scopes.',
  },
  scope_missing: {
    meaning: "The key's integration lacks the scope this route requires (the OpenAPI document names it in x-required-scope), or the scope is cut by role, owner permissions or plan.",
    remedy: 'Ask the administrator to grant the scope to the integration; when the detail says the plan cuts it, the plan must include its module. GET /me lists the scopes the key has.',
  },
  tenant_inactive: {
    meaning: 'The tenant is not active.',
    remedy: 'Ask support to reactivate the tenant; retrying does not help meanwhile.',
  },
  not_found: {
    meaning: 'No such route, or the resource is missing or belongs to another tenant (the two are indistinguishable).',
    remedy: 'Check the path and the id; ids from another tenant are never visible.',
  },
  method_not_allowed: {
    meaning: 'This method is not supported at this URL; the Allow header lists the methods that are.',
    remedy: 'Use one of the methods in the Allow header.',
  },
  idempotency_conflict: {
    meaning: 'The Idempotency-Key was already used with a different request body.',
    remedy: 'Use a new Idempotency-Key for a different request; reuse a key only to retry the very same request.',
  },
  invalid_state: {
    meaning: "The action is not allowed in the resource's current state; the detail names the state.",
    remedy: 'Read the resource again and act on its current state.',
  },
  operation_in_progress: {
    meaning: 'A retry with the same Idempotency-Key arrived while the first request is still running; or (POST /webhooks/{id}/recover) a recovery of an overlapping range of the same subscription is still running, named by operation_id.',
    remedy: 'Wait and retry with the same key, or follow the operation the first request started (operation_id: GET /operations/{id}, or cancel it).',
  },
  editorial_profile_required: {
    meaning: 'Article generation was requested without a filled editorial profile.',
    remedy: 'Fill the editorial profile first, then request the generation again.',
  },
  precondition_failed: {
    meaning: 'The If-Match header does not match the current version of the resource: someone changed it since you read it.',
    remedy: 'Read the resource again, apply your change to the new version and send its ETag in If-Match.',
  },
  payload_too_large: {
    meaning: 'The body is larger than the route accepts (256 KB; 4000 characters for a visitor chat message).',
    remedy: 'Send a smaller body.',
  },
  validation_failed: {
    meaning: 'The parameters are invalid; errors[] names each field at fault (a JSON pointer), with a code and a message.',
    remedy: 'Correct each field listed in errors[] and send the request again.',
  },
  precondition_required: {
    meaning: 'This modification requires an If-Match header with the ETag of the version you read.',
    remedy: 'Read the resource, then send its ETag in If-Match with the change.',
  },
  rate_limited: {
    meaning: 'More requests of this rate class than its limit in the last 60 seconds, or more wrong secrets of API keys from this client address than allowed in the last 60 seconds (a valid key is never held by its address).',
    remedy: 'Wait the Retry-After seconds, then retry with the same Idempotency-Key.',
  },
  internal_error: {
    meaning: 'An internal failure; no details are given.',
    remedy: 'Retry later with the same Idempotency-Key; if it persists, quote request_id to support.',
  },
  service_unavailable: {
    meaning: 'A dependency is unavailable: the limits store or the database, the API is not enabled on this cell, the disclosure log is not writable, or the wallet state is unknown for a paid operation.',
    remedy: 'Retry after the Retry-After seconds (when given) with the same Idempotency-Key.',
  },
  upstream_unavailable: {
    meaning: 'An external dependency, such as a language model, is unavailable.',
    remedy: 'Retry later with the same Idempotency-Key.',
  },
};
