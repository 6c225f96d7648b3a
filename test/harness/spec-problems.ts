/**
 * The spec's error codes and their HTTP statuses, copied by hand from the spec (not read from
 * src/): the oracle `expectProblem` (test/harness/http.ts) and the errors page test hold the
 * code against. Do not generate this file from the catalogue; a change here is a change of
 * the contract and needs the spec line it comes from.
 *
 * Sources:
 * - spec 01 "Errors", the table Code | HTTP | When (26 rows, in the spec's order);
 * - spec 01 "Errors", the line under it: "Also in use: 409 `editorial_profile_required`";
 * - spec 01 "Visitor chat routes", Rules: "messages answers 400 with error `consent_required`".
 *
 * The spec gives no titles: only "Short title, the same for a given code" (spec 01, Problem),
 * which `expectProblem` checks per code across a test file.
 */
export const SPEC_PROBLEM_STATUS = {
  // spec 01, Errors table
  invalid_api_key: 401,
  wrong_cell: 401,
  integration_inactive: 401,
  feature_not_in_plan: 403,
  ip_not_allowed: 403,
  pii_transfer_not_allowed: 403,
  scope_missing: 403,
  tenant_inactive: 403,
  bad_request: 400,
  idempotency_key_required: 400,
  not_found: 404,
  method_not_allowed: 405,
  idempotency_conflict: 409,
  invalid_state: 409,
  operation_in_progress: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  validation_failed: 422,
  precondition_required: 428,
  insufficient_funds: 402,
  spend_limit_reached: 402,
  wallet_suspended: 402,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
  upstream_unavailable: 503,
  // spec 01, Errors, "Also in use"
  editorial_profile_required: 409,
  // spec 01, Visitor chat routes, Rules
  consent_required: 400,
} as const;

/**
 * Codes the project answers with that the spec does not name, each with its status and why it
 * exists. The status is this project's decision (not the spec's), so it is written here too:
 * a change of it in the catalogue still fails a test.
 */
export const PROJECT_PROBLEM_EXTENSIONS = {
  invalid_session: {
    status: 401,
    reason: 'spec 01 Visitor chat routes: "401 or 404 means the token is no longer valid" names the status of a dead session token but no code; this is the code of that 401.',
  },
  origin_not_allowed: {
    status: 403,
    reason: 'spec 01 Visitor chat routes: the chat is served from the tenant\'s site and "Only init has CORS"; a channel may restrict the sites its init answers, and a refused site needs a code (403 as the other refusals of a caller, ip_not_allowed and tenant_inactive).',
  },
} as const;

export type SpecProblemCode = keyof typeof SPEC_PROBLEM_STATUS;
export type ExtensionProblemCode = keyof typeof PROJECT_PROBLEM_EXTENSIONS;
export type KnownProblemCode = SpecProblemCode | ExtensionProblemCode;

/** The status a code must answer with: the spec's, or the one written above for an extension. */
export function expectedProblemStatus(code: string): number {
  if (Object.hasOwn(SPEC_PROBLEM_STATUS, code)) return SPEC_PROBLEM_STATUS[code as SpecProblemCode];
  if (Object.hasOwn(PROJECT_PROBLEM_EXTENSIONS, code)) return PROJECT_PROBLEM_EXTENSIONS[code as ExtensionProblemCode].status;
  throw new Error(`${code}: neither a spec code (spec 01 Errors) nor a listed project extension (test/harness/spec-problems.ts)`);
}
