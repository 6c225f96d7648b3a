import { ALL_EVENT_TYPES, type EventType } from '../../domain/events/event-types.js';
import { isPiiCapable } from '../../domain/events/catalogue.js';
import { EVENT_SHAPES, eventEnvelopeSchema, eventSchemaName } from '../../routes/webhooks/event-schemas.js';
import type { JsonSchema, WebhookDoc } from './builder.js';

/** The tag every event is listed under. */
export const EVENTS_TAG = 'events';

/** Svc-Signature as src/domain/webhooks/signature.ts writes it: `t=<unix seconds>` then one v1 per valid secret. */
const SIGNATURE_PATTERN = '^t=\\d+(,v1=[0-9a-f]{64})+$';

const VERIFY_SIGNATURE = 'v1 is the lowercase hex HMAC-SHA256, keyed with the signing secret, of `<t>.<raw body>`. '
  + 'Recompute it over the raw body, compare with each v1 in constant time (any match passes), refuse a t further than 5 minutes from now, and only then parse the JSON.';

/** The name of the security scheme every event declares: the subscription's signature (components.securitySchemes). */
const SIGNATURE_SCHEME = 'webhookSignature';

/** How a subscriber knows a delivery is the API's: not a key it holds but the body signed with its subscription's secret. */
export const WEBHOOK_SECURITY_SCHEMES = {
  [SIGNATURE_SCHEME]: {
    type: 'apiKey', in: 'header', name: 'Svc-Signature',
    description: 'Events (the `webhooks` section) carry no API key: each delivery is signed with the secret of its subscription (returned once by POST /webhooks and by a rotation). '
      + `Svc-Signature is \`t=<unix seconds>,v1=<hex>\`, two v1 values during a secret rotation. ${VERIFY_SIGNATURE} `
      + 'The same secret also verifies the Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) with any Standard Webhooks library.',
  },
};
/** webhook-signature as src/domain/webhooks/standard-signature.ts writes it: one `v1,<base64>` per valid secret, space-separated. */
const STANDARD_SIGNATURE_PATTERN = '^v1,[A-Za-z0-9+/]{43}=( v1,[A-Za-z0-9+/]{43}=)*$';

/** The headers of every delivery (spec 01, "Delivery requests"; src/domain/webhooks/sender.ts). */
function headersOf(type: EventType): JsonSchema[] {
  return [
    { name: 'Svc-Event-Id', in: 'header', required: true, schema: { type: 'string', pattern: '^evt_[0-9A-Za-z]+$' }, description: 'Unique event id, identical across retries: skip one already processed.' },
    { name: 'Svc-Event-Type', in: 'header', required: true, schema: { type: 'string', enum: [type] }, description: 'The event type.' },
    {
      name: 'Svc-Signature', in: 'header', required: true, schema: { type: 'string', pattern: SIGNATURE_PATTERN },
      description: `\`t=<unix seconds>,v1=<hex>\`; two v1 values during a secret rotation. ${VERIFY_SIGNATURE}`,
    },
    { name: 'webhook-id', in: 'header', required: true, schema: { type: 'string', pattern: '^evt_[0-9A-Za-z]+$' }, description: 'Standard Webhooks: the event id (the same as Svc-Event-Id), identical across retries.' },
    { name: 'webhook-timestamp', in: 'header', required: true, schema: { type: 'string', pattern: '^\\d+$' }, description: 'Standard Webhooks: unix seconds, the t of Svc-Signature.' },
    {
      name: 'webhook-signature', in: 'header', required: true, schema: { type: 'string', pattern: STANDARD_SIGNATURE_PATTERN },
      description: 'Standard Webhooks (https://www.standardwebhooks.com): `v1,<base64>`, two space-separated during a secret rotation; the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<raw body>` '
        + 'keyed with the base64-decoded part of the secret after `whsec_`. A Standard Webhooks library given the `whsec_…` secret as it is verifies it.',
    },
  ];
}

const PAYLOAD_MODES = {
  withContent: 'Thin by default (identifiers: read the resource through the API with your own key). A subscription with include_pii true also receives the content (contact and lead fields, personal data) in `data`: the second shape.',
  thinInBoth: 'The same in both payload modes: this event never carries content, whatever include_pii says.',
  thinOnly: 'Thin in both payload modes: include_pii applies to lead.*, contact.* and conversation.* events only.',
};

/**
 * The `webhooks` section of the public API's document: one entry per event type of the
 * catalogue (src/domain/events/event-types.ts), its body the envelope of spec 01 with the
 * `data` of src/routes/webhooks/event-schemas.ts, its headers those the sender sets.
 */
export function eventWebhooks(): WebhookDoc[] {
  return ALL_EVENT_TYPES.map((type) => {
    const shape = EVENT_SHAPES[type];
    const mode = shape.pii ? PAYLOAD_MODES.withContent : isPiiCapable(type) ? PAYLOAD_MODES.thinInBoth : PAYLOAD_MODES.thinOnly;
    const name = eventSchemaName(type);
    return {
      name: type,
      operationId: `${name.charAt(0).toLowerCase()}${name.slice(1)}Event`,
      summary: type,
      description: `${shape.summary}${shape.description ? ` ${shape.description}` : ''}\n\n${mode}\n\nPOSTed to every active subscription whose events match \`${type}\` (or \`${type.slice(0, type.indexOf('.'))}.*\`). `
        + 'A receiver answers 2xx quickly and ignores event types it does not know; anything else is retried up to 8 times, then the delivery is dead (kept 30 days in the delivery log).',
      tags: [EVENTS_TAG],
      headers: headersOf(type),
      security: [{ [SIGNATURE_SCHEME]: [] }],
      body: eventEnvelopeSchema(type),
      ...(shape.release ? { release: shape.release } : {}),
      answers: {
        '2XX': 'Received. Answer quickly; the delivery is done.',
        '4XX': 'Refused (answer 4xx to a signature that does not verify): the delivery is retried, then dead.',
      },
    };
  });
}
