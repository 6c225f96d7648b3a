import { describe, expect, it } from '@jest/globals';
import type { IncomingHttpHeaders } from 'node:http';
import { randomUUID } from 'node:crypto';
import { EVENTS } from '../../src/domain/events/catalogue.js';
import { EVENT_API_VERSION, type EventType } from '../../src/domain/events/event-types.js';
import { deliveryBody } from '../../src/domain/webhooks/envelope.js';
import { signatureHeader } from '../../src/domain/webhooks/signature.js';
import { standardWebhooksHeaders } from '../../src/domain/webhooks/standard-signature.js';
import { newSigningSecret } from '../../src/domain/webhooks/secret-box.js';
import { newEventId } from '../../src/ids.js';
import { eventDrifts, publicDocument } from '../harness/event-conformance.js';
import { BETA_EVENT_TYPES, KNOWN_EVENT_TYPES, SPEC_EVENT_TYPES, SPEC_PII_EVENT_FAMILIES } from '../harness/spec-events.js';
import { bothWays } from '../harness/spec-routes.js';

/**
 * Issue 29 item 1: the public API's document describes every event of spec 01 in its
 * `webhooks` section (envelope, data in both payload modes, Svc-* headers). The list is the
 * spec's (test/harness/spec-events.ts); every builder of the catalogue, in both payload modes,
 * makes a delivery that fits its entry; deliveries that drift are named. Every delivery the
 * suite's receivers get goes through the same check (test/harness/receiver.ts).
 */
const doc = publicDocument();
const entry = (type: string) => doc.webhooks[type].post;
const envelopeOf = (type: string) => doc.components.schemas[entry(type).requestBody.content['application/json'].schema.$ref.split('/').pop()];

const u = () => randomUUID();
const contact = { name: 'Anna Petrova', email: 'anna@example.com', phone: '+79990000000' };
const leadFields = {
  title: 'Runner X — Anna', status: 'new', source: 'website', owner: null, assigned_to: null, value: { amount: '1500.00', currency: 'RUB' },
  product_id: null, attribution: { landing_page: 'https://shop.example/', utm_source: 'ads' }, archived: false, external_id: null, external_url: null,
  intent: 'delivery', ai_summary: 'Asks about delivery. In their words: "How much is delivery to Kazan?"',
};
const lead = () => ({ lead_id: u(), contact_id: u(), conversation_id: u(), version: 2, contact, lead: leadFields });

/** Each builder of the catalogue, fed as the code feeds it (with content where the type has any). */
const BUILT: Record<EventType, () => ReturnType<(typeof EVENTS)[EventType]>> = {
  'conversation.created': () => EVENTS['conversation.created']({ conversation_id: u(), contact_id: u(), channel: 'website', contact }),
  'conversation.handoff_requested': () => EVENTS['conversation.handoff_requested']({ conversation_id: u(), lead_id: u(), reason: 'ai_handoff', contact }),
  'conversation.summary_ready': () => EVENTS['conversation.summary_ready']({ conversation_id: u() }),
  'message.created': () => EVENTS['message.created']({ message_id: u(), conversation_id: u(), sender: 'customer', ai_reply: { status: 'skipped', reason: 'operator_mode' } }),
  'lead.created': () => EVENTS['lead.created'](lead()),
  'lead.updated': () => EVENTS['lead.updated']({ ...lead(), changed_fields: ['status', 'owner'] }),
  'lead.scored': () => EVENTS['lead.scored']({ ...lead(), score: 72, level: 'hot', reason: 'price asked', flags: ['price_asked'] }),
  'lead.status_changed': () => EVENTS['lead.status_changed']({ ...lead(), from: 'new', to: 'contacted' }),
  'lead.action_requested': () => EVENTS['lead.action_requested']({ ...lead(), reason: 'hot', evidence: [{ type: 'message', id: u() }, { type: 'score', score: 72, flags: ['price_asked'] }] }),
  'task.created': () => EVENTS['task.created']({ task_id: u(), lead_id: u() }),
  'task.completed': () => EVENTS['task.completed']({ task_id: u(), lead_id: null }),
  'contact.merged': () => EVENTS['contact.merged']({ contact_id: u(), merged_contact_ids: [u()], contact }),
  'crm.mode_changed': () => EVENTS['crm.mode_changed']({ crm_mode: 'external', previous_crm_mode: 'internal' }),
  'article.ready': () => EVENTS['article.ready']({ article_id: u() }),
  'article.published': () => EVENTS['article.published']({ article_id: u(), published_url: 'https://shop.example/blog/runner-x' }),
  'article.generation.failed': () => EVENTS['article.generation.failed']({ operation_id: u(), topic_id: null, error: { code: 'upstream_unavailable', message: 'The model provider did not answer.' } }),
  'strategist.report.ready': () => EVENTS['strategist.report.ready']({ report_id: u(), report_type: 'weekly' }),
  'strategist.turn.completed': () => EVENTS['strategist.turn.completed']({ session_id: u(), turn_id: u() }),
  'operation.completed': () => EVENTS['operation.completed']({
    operation: { id: u(), type: 'article.generation', status: 'succeeded', created_at: '2026-11-27T10:00:00.000Z', completed_at: '2026-11-27T10:01:00.000Z', resource: { type: 'article', id: u() } },
  }),
  'api_key.expiring': () => EVENTS['api_key.expiring']({ key_id: u(), integration_id: u(), expires_at: '2026-12-04T00:00:00.000Z', threshold_days: 7, days_left: 6 }),
  'webhook.test': () => EVENTS['webhook.test']({ webhook_id: u() }),
  'webhook.paused': () => EVENTS['webhook.paused']({ webhook_id: u(), paused_reason: 'failing', failing_since: '2026-11-24T10:00:00.000Z' }),
};

/** A delivery as the sender makes it: envelope.ts's body, sender.ts's headers. */
function delivery(type: EventType, includePii: boolean, built = BUILT[type]()): { headers: IncomingHttpHeaders; body: string; carriesPii: boolean } {
  const id = newEventId();
  const { body, carriesPii } = deliveryBody({ id, type, apiVersion: EVENT_API_VERSION, createdAt: new Date(), livemode: type !== 'webhook.test', data: built.data, piiData: built.piiData ?? null }, includePii);
  const secrets = [newSigningSecret(), newSigningSecret()];
  const headers = {
    'content-type': 'application/json', 'svc-event-id': id, 'svc-event-type': type, 'svc-signature': signatureHeader(body, secrets, 1_800_000_000),
    ...standardWebhooksHeaders(id, body, secrets, 1_800_000_000),
  };
  return { headers, body, carriesPii };
}

describe("the document's webhooks section", () => {
  it('has an entry for every event type of spec 01 and the beta ones, and nothing else', () => {
    expect(bothWays([...KNOWN_EVENT_TYPES], Object.keys(doc.webhooks))).toEqual({ missing: [], unexpected: [] });
  });

  it("a beta event's entry says x-release beta; the spec's events carry no label", () => {
    expect(KNOWN_EVENT_TYPES.filter((type) => entry(type)['x-release'] === 'beta')).toEqual([...BETA_EVENT_TYPES]);
    expect(KNOWN_EVENT_TYPES.filter((type) => entry(type)['x-release'] !== undefined && entry(type)['x-release'] !== 'beta')).toEqual([]);
  });

  it('each entry: a POST of the envelope (id, type, api_version, created_at, livemode, data) with the Svc-* and Standard Webhooks headers, answered 2xx', () => {
    for (const type of KNOWN_EVENT_TYPES) {
      const op = entry(type);
      expect(op.parameters.filter((p: any) => p.in === 'header' && p.required).map((p: any) => p.name))
        .toEqual(['Svc-Event-Id', 'Svc-Event-Type', 'Svc-Signature', 'webhook-id', 'webhook-timestamp', 'webhook-signature']);
      const envelope = envelopeOf(type);
      expect(envelope.required).toEqual(['id', 'type', 'api_version', 'created_at', 'livemode', 'data']);
      expect(envelope.properties.type.enum).toEqual([type]);
      expect(envelope.properties.api_version.enum).toEqual([EVENT_API_VERSION]);
      expect(Object.keys(op.responses)).toContain('2XX');
    }
  });

  it('describes content (the include_pii shape) only for lead.*, contact.* and conversation.* events', () => {
    const withContent = SPEC_EVENT_TYPES.filter((type) => JSON.stringify(envelopeOf(type).properties.data).includes('DataWithPii'));
    expect(withContent).toEqual(expect.arrayContaining(['conversation.created', 'lead.created', 'lead.updated', 'contact.merged']));
    for (const type of withContent) expect(SPEC_PII_EVENT_FAMILIES).toContain(type.slice(0, type.indexOf('.')));
  });
});

describe('every event the code raises fits its entry', () => {
  it.each([...KNOWN_EVENT_TYPES])('%s, thin and include_pii', (type) => {
    const built = BUILT[type]();
    const thin = delivery(type, false, built);
    expect(eventDrifts(thin.headers, thin.body)).toEqual([]);
    const pii = delivery(type, true, built);
    expect(eventDrifts(pii.headers, pii.body)).toEqual([]);
    if (built.piiData) {
      expect(pii.carriesPii).toBe(true);
      expect(JSON.parse(pii.body).data.contact ?? JSON.parse(pii.body).data.lead).toBeDefined();
    }
  });

  it('a lead event without a contact, in both modes', () => {
    const built = EVENTS['lead.updated']({ lead_id: u(), contact_id: null, conversation_id: null, version: 1, lead: leadFields, changed_fields: ['title'] });
    for (const includePii of [false, true]) {
      const d = delivery('lead.updated', includePii, built);
      expect(eventDrifts(d.headers, d.body)).toEqual([]);
    }
  });
});

describe('a delivery that drifts from its entry is named', () => {
  const tamper = (d: { headers: IncomingHttpHeaders; body: string }, change: (body: any) => void) => {
    const body = JSON.parse(d.body);
    change(body);
    return eventDrifts(d.headers, JSON.stringify(body));
  };

  it('a data field the document does not name, a missing one, a wrong type', () => {
    const d = delivery('task.created', false);
    expect(tamper(d, (b) => { b.data.surprise = 1; })).toEqual(['task.created: body /data/surprise: additionalProperties: not in the schema']);
    expect(tamper(d, (b) => { delete b.data.task_id; })).toEqual(['task.created: body /data/task_id: required: missing']);
    expect(tamper(d, (b) => { b.livemode = 'yes'; })).toEqual(['task.created: body /livemode: type: is string, expected boolean']);
  });

  it('content in an event that never carries any (message text in message.created)', () => {
    const d = delivery('message.created', true);
    expect(tamper(d, (b) => { b.data.text = 'hello'; }).join('\n')).toMatch(/\/data\/text: additionalProperties/);
  });

  it('an unknown type, headers that disagree with the body, a malformed signature', () => {
    const d = delivery('article.ready', false);
    expect(eventDrifts({ ...d.headers, 'svc-event-type': 'article.vanished' }, d.body)).toEqual(["article.vanished: no entry in the document's webhooks"]);
    expect(eventDrifts({ ...d.headers, 'svc-event-id': 'evt_other' }, d.body)).toEqual([`article.ready: body /id: ${JSON.stringify(JSON.parse(d.body).id)} is not Svc-Event-Id evt_other`]);
    expect(eventDrifts({ ...d.headers, 'svc-signature': 'v1=abc' }, d.body).join('\n')).toMatch(/header Svc-Signature \/: pattern/);
    const { 'svc-signature': _, ...unsigned } = d.headers;
    expect(eventDrifts(unsigned, d.body)).toEqual(['article.ready: header Svc-Signature: required: missing']);
  });

  it('Standard Webhooks headers: a hex or comma-joined webhook-signature, a missing one, a webhook-id that is not the event id', () => {
    const d = delivery('article.ready', false);
    expect(String(d.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(eventDrifts(d.headers, d.body)).toEqual([]);
    expect(eventDrifts({ ...d.headers, 'webhook-signature': `v1,${'ab'.repeat(32)}` }, d.body).join('\n')).toMatch(/header webhook-signature \/: pattern/);
    expect(eventDrifts({ ...d.headers, 'webhook-signature': String(d.headers['webhook-signature']).replace(' ', ',') }, d.body).join('\n')).toMatch(/header webhook-signature \/: pattern/);
    const { 'webhook-signature': _, ...unsigned } = d.headers;
    expect(eventDrifts(unsigned, d.body)).toEqual(['article.ready: header webhook-signature: required: missing']);
    expect(eventDrifts({ ...d.headers, 'webhook-id': 'evt_other' }, d.body)).toEqual([`article.ready: header webhook-id: evt_other is not the body's id ${JSON.stringify(JSON.parse(d.body).id)}`]);
  });

  it('the events section shows a Python and a Go receiver with the Standard Webhooks libraries', () => {
    const events = doc.tags.find((t: any) => t.name === 'events').description as string;
    expect(events).toContain('from standardwebhooks import Webhook');
    expect(events).toContain('wh.verify(request.get_data(), dict(request.headers))');
    expect(events).toContain('import standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"');
    expect(events).toContain('wh.Verify(body, r.Header)');
  });
});
