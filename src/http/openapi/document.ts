import type Joi from 'joi';
import type { Config } from '../../config.js';
import type { ErrorCode } from '../problem.js';
import { carriesPii, type RouteDefinition } from '../route.js';
import { PlainProblemSchema, PROBLEMS } from '../schemas/problems.js';
import { buildDocument, type JsonSchema, type OperationDoc } from './builder.js';
import { documentLivemode } from '../livemode.js';
import { MAX_BODY_BYTES, MAX_BODY_DEPTH } from '../body.js';
import { EVENTS_TAG, WEBHOOK_SECURITY_SCHEMES, eventWebhooks } from './webhooks.js';
import { ERRORS_PAGE_PATH, errorPageEntries } from '../errors-page.js';
import { EVENT_API_VERSION } from '../../domain/events/event-types.js';

// bad_request: a request line and headers over 16 KB are refused before any route (src/http/client-errors.ts).
const COMMON_ERRORS = ['bad_request', 'invalid_api_key', 'wrong_cell', 'integration_inactive', 'tenant_inactive', 'ip_not_allowed', 'feature_not_in_plan', 'rate_limited', 'wallet_suspended', 'service_unavailable', 'internal_error', 'scope_missing'] as const;

function errorCodesOf(route: RouteDefinition): ErrorCode[] {
  const common = COMMON_ERRORS.filter((c) => !((c === 'wallet_suspended' || c === 'scope_missing') && route.walletGate === false));
  const extra = [...(route.errors ?? [])] as ErrorCode[];
  if (route.params) extra.push('not_found');
  // Every route validates its query: one without parameters refuses any (GET /me?verbose=1 is 422).
  extra.push('validation_failed');
  // Every write reads a JSON body, even one it expects empty: a wrong one is answered.
  if (route.method !== 'GET') extra.push('bad_request', 'payload_too_large', 'validation_failed');
  if (route.method === 'POST') extra.push('idempotency_conflict', 'operation_in_progress');
  if (route.idempotency === 'required') extra.push('idempotency_key_required');
  if (carriesPii(route)) extra.push('pii_transfer_not_allowed');
  return [...new Set([...common, ...extra])];
}

/** The pipeline reads an absent body as {} (src/http/validate.ts): a body {} satisfies may be left out (POST /conversations/{id}/takeover). */
const takesNoBody = (body: Joi.ObjectSchema): boolean => body.validate({}).error === undefined;

/** A route definition, as the builder's operation. */
function operationOf(route: RouteDefinition, config: Config): OperationDoc {
  return {
    method: route.method,
    path: route.path,
    summary: route.summary,
    description: route.description,
    tags: [route.family],
    deprecated: Boolean(config.deprecations[`${route.method} ${route.path}`]),
    extensions: {
      'x-release': route.release,
      'x-rate-class': route.rateClass,
      ...(route.scope ? { 'x-required-scope': route.scope } : {}),
      ...(carriesPii(route) ? { 'x-personal-data': true } : {}),
    },
    security: [{ bearerAuth: [] }],
    params: route.params,
    query: route.query,
    extraParameters: [
      ...(route.method !== 'POST' ? [] : [{
        name: 'Idempotency-Key', in: 'header', required: route.idempotency === 'required',
        schema: { type: 'string', maxLength: 255 }, description: 'Retries with the same key and body return the first answer; kept 24 hours.',
      }]),
      ...(!route.ifMatch ? [] : [{
        name: 'If-Match', in: 'header', required: true,
        schema: { type: 'string' }, description: 'The ETag of the version you read (the quoted version, for example "3"), or *. Missing: 428 precondition_required; another version: 412 precondition_failed.',
      }]),
    ],
    body: route.body,
    bodyOptional: route.body ? takesNoBody(route.body) : undefined,
    // ResponseDoc.headers names what the pipeline sets; the document has never listed them.
    answers: Object.fromEntries(Object.entries(route.responses).map(([status, r]) => [status, { description: r.description, schema: r.schema }])),
    errors: errorCodesOf(route),
    problems: route.problems,
  };
}

/**
 * The OpenAPI 3.1 document, built from the registered routes and their joi schemas:
 * a route cannot exist without its entry, and the entry cannot drift from validation.
 */
export function buildOpenApi(routes: readonly RouteDefinition[], config: Config): JsonSchema {
  return withLivemode(buildDocument({
    info: {
      title: 'Public Server API',
      version: 'v1',
      description: `Server-to-server API of the sales chat platform. Every error is application/problem+json; every answer carries X-Request-Id. A request body is JSON (Content-Type: application/json, UTF-8), an object or an array, at most ${MAX_BODY_BYTES / 1024} KB (else 413 payload_too_large) and nested at most ${MAX_BODY_DEPTH} levels deep (else 400 bad_request); it is read once the key is checked and the request counted in its rate class, so a refused body counts too.`
        + `\n\nErrors: every code, what it means and what to do, in the [error catalogue](${config.publicOrigin}${ERRORS_PAGE_PATH}) (each Problem's \`type\` links there) and in the Errors section.`
        + ' Events: the `webhooks` section describes every event delivered to a webhook subscription: its headers, its envelope and its `data` in both payload modes.',
    },
    servers: [{ url: config.baseUrl, description: `${config.cell} cell` }],
    problem: PlainProblemSchema,
    problems: PROBLEMS,
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: 'sk_<mode>_<cell>_... API key' }, ...WEBHOOK_SECURITY_SCHEMES },
    tags: tagsOf(routes, config),
    operations: () => routes.filter((r) => config.releasedLabels.includes(r.release)).map((r) => operationOf(r, config)),
    webhooks: eventWebhooks(),
  }));
}

/**
 * The document's sections, in order: the error catalogue (text only), the families of the
 * routes that answer, in the order of the routes, the events.
 */
function tagsOf(routes: readonly RouteDefinition[], config: Config): JsonSchema[] {
  const errors = errorPageEntries(config.publicOrigin).map((e) => `| [\`${e.code}\`](${e.type}) | ${e.status} | ${e.title} | ${e.meaning} | ${e.remedy} |`);
  return [
    {
      name: 'errors', 'x-displayName': 'Errors', 'x-traitTag': true,
      description: `Every error is an \`application/problem+json\` body whose \`code\` is one of these (branch on \`code\`, never on \`title\` or \`detail\`); its \`type\` links to the code on the [error catalogue](${config.publicOrigin}${ERRORS_PAGE_PATH}). Quote \`request_id\` to support.\n\n`
        + `| Code | Status | Title | What it means | What to do |\n|---|---|---|---|---|\n${errors.join('\n')}`,
    },
    ...[...new Set(routes.filter((r) => config.releasedLabels.includes(r.release)).map((r) => r.family))].map((name) => ({ name })),
    {
      name: EVENTS_TAG, 'x-displayName': 'Events (webhooks)',
      description: 'Each event is POSTed to every active subscription (POST /webhooks) whose `events` match it, signed with the subscription\'s secret. '
        + `The body is the envelope (id, type, api_version ${EVENT_API_VERSION}, created_at, livemode, data); \`data\` is thin (identifiers) unless the subscription has include_pii true, which adds the content of lead.*, contact.* and conversation.* events. `
        + 'Verify Svc-Signature over the raw body before parsing it, skip an Svc-Event-Id already processed, answer 2xx quickly, and ignore event types you do not know (the list may grow).'
        + `\n\n${STANDARD_WEBHOOKS_NOTE}`,
    },
  ];
}

/**
 * Every delivery also carries the Standard Webhooks headers (src/domain/webhooks/standard-signature.ts),
 * so a maintained library verifies it; these receivers use the libraries' real APIs.
 */
const STANDARD_WEBHOOKS_NOTE = 'Every delivery also carries the [Standard Webhooks](https://www.standardwebhooks.com) headers `webhook-id` (the event id), `webhook-timestamp` and `webhook-signature` '
  + '(`v1,<base64>`, two space-separated during a secret rotation), so a Standard Webhooks library verifies it given the `whsec_…` secret as it is (it checks the signature and a 5-minute tolerance on the timestamp). '
  + 'Python (`pip install standardwebhooks`):\n\n```python\nfrom standardwebhooks import Webhook\nwh = Webhook(os.environ["WEBHOOK_SECRET"])  # whsec_…\nevent = wh.verify(request.get_data(), dict(request.headers))  # Flask; raises WebhookVerificationError\n```\n\n'
  + 'Go:\n\n```go\nimport standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"\nwh, err := standardwebhooks.NewWebhook(os.Getenv("WEBHOOK_SECRET")) // whsec_…\nerr = wh.Verify(body, r.Header) // body: the raw request body (io.ReadAll(r.Body)); nil when a v1 signature matches\n```';

/** Every 2xx JSON answer as the pipeline stamps it: `livemode` documented on its objects (src/http/livemode.ts). */
function withLivemode(document: JsonSchema): JsonSchema {
  const answers: JsonSchema[] = [];
  for (const operations of Object.values(document.paths as Record<string, Record<string, JsonSchema>>)) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses as Record<string, JsonSchema>)) {
        const json = (response.content as Record<string, { schema: JsonSchema }> | undefined)?.['application/json'];
        if (/^2/.test(status) && json) answers.push(json.schema);
      }
    }
  }
  documentLivemode((document.components as { schemas: Record<string, JsonSchema> }).schemas, answers);
  return document;
}
