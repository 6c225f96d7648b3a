import type Joi from 'joi';
import type { Config } from '../config.js';
import type { ErrorCode } from '../http/problem.js';
import { buildDocument, type JsonSchema, type OperationDoc } from '../http/openapi/builder.js';
import { STREAM_RETRY_MS } from './stream-routes.js';
import { PAGEVIEW_PATH, PageviewBody } from './pageview-route.js';
import { MAX_BODY_BYTES, MAX_BODY_DEPTH } from '../http/body.js';
import {
  AttachmentParams, AttachmentQuery, EventsHeaders, EventsQuery, HistoryQuery, InitBody, MessageBody, MessageQuery, PollQuery, StreamCursorSchema,
  WidgetCardSchema, WidgetClosedSchema, WidgetConsentSchema, WidgetConversationSchema, WidgetHistorySchema, WidgetMessageDeltaSchema,
  WidgetMessageRetractedSchema, WidgetMessageSchema,
  WidgetPollSchema, WidgetProblemSchema, WidgetSettingsSchema, WidgetTurnSchema,
} from './schemas.js';

/** One operation of the visitor chat: its joi schemas, its answer, and the Problems it may give. */
interface WidgetOperation {
  method: 'get' | 'post' | 'options';
  path: string;
  summary: string;
  description: string;
  params?: Joi.ObjectSchema;
  query?: Joi.ObjectSchema;
  header?: Joi.ObjectSchema;
  body?: Joi.ObjectSchema;
  status: number;
  answer: string;
  /** A JSON answer's schema; or the whole content map (the stream). */
  schema?: Joi.Schema;
  content?: Record<string, JsonSchema>;
  headers?: Record<string, JsonSchema>;
  errors: ErrorCode[];
}

const fixed = (value: string): JsonSchema => ({ schema: { type: 'string', enum: [value] } });
const RETRY_AFTER = { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'string', pattern: '^\\d+$' } } };
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': { description: "The request's Origin, when the channel allows that site (absent without Origin).", schema: { type: 'string' } },
  'Access-Control-Allow-Methods': fixed('POST, OPTIONS'),
  'Access-Control-Allow-Headers': fixed('Content-Type'),
  'Access-Control-Max-Age': fixed('600'),
  Vary: fixed('Origin'),
};
/** A body can be unreadable, too large or not valid; a read of the conversation needs a valid token. */
const BODY: ErrorCode[] = ['bad_request', 'payload_too_large', 'validation_failed'];
const READ: ErrorCode[] = ['invalid_session', 'not_found', 'validation_failed', 'rate_limited', 'service_unavailable'];

/** 2592000000 -> '30 days', 60000 -> '1 minute', 2500 -> '2500 ms'. */
function duration(ms: number): string {
  const units = [['days', 86_400_000], ['hours', 3_600_000], ['minutes', 60_000], ['seconds', 1000]] as const;
  const [unit, size] = units.find(([, size]) => ms >= size && ms % size === 0) ?? ['ms', 1];
  return `${ms / size} ${ms === size ? unit.replace(/s$/, '') : unit}`;
}

function operations(config: Config, ref: (schema: Joi.Schema) => JsonSchema): WidgetOperation[] {
  const w = config.widget;
  return [
    {
      method: 'options', path: '/api/widget/init', summary: 'CORS preflight of init',
      description: 'Answers to any origin what init accepts; whether a site may use the chat is decided on the POST.',
      status: 204, answer: 'The CORS headers, for the Origin sent.', headers: CORS_HEADERS, errors: [],
    },
    {
      method: 'post', path: '/api/widget/init', summary: "The chat's settings",
      description: "Called by the embed script from the host page: the only cross-origin route. A request whose Origin is this origin (the chat frame) or has no Origin always passes; another origin must be one of the channel's allowed domains or a subdomain of one (none listed: any site), else 403 origin_not_allowed. Refusals carry no CORS headers.",
      body: InitBody, status: 200, answer: 'The settings the widget shows.', schema: WidgetSettingsSchema, headers: CORS_HEADERS,
      errors: [...BODY, 'not_found', 'origin_not_allowed', 'rate_limited', 'service_unavailable'],
    },
    {
      method: 'post', path: '/api/widget/messages', summary: "A visitor's message",
      description: `Without session_token a new visitor: a new conversation on the website channel and a session (valid ${duration(w.sessionTtlMs)} from the last message). Every answer hands out a fresh session_token; the previous one stays valid ${duration(w.tokenGraceMs)}, then 401. When the AI answers, the answer waits up to ${duration(w.replyHoldMs)} for the reply (else \`response\` is null); \`?wait=0\` answers at once, for a client that follows the event stream (the widget does, so its visitors watch even their first reply being written). Limits, each in any 60 seconds (429 with Retry-After): ${w.visitorPerMin} messages per session; ${w.sessionsPerAddressPerMin} new chats (messages without session_token) and ${w.addressPerMin} messages in all per client address on the channel, whatever session they come in; ${w.channelPerMin} per channel. A suspended wallet is 503 (Retry-After).`,
      query: MessageQuery, body: MessageBody, status: 200, answer: 'The turn: the fresh token, the message, the reply when ready, the state.', schema: WidgetTurnSchema,
      errors: [...BODY, 'consent_required', 'invalid_session', 'not_found', 'rate_limited', 'service_unavailable'],
    },
    {
      method: 'get', path: '/api/widget/history', summary: 'The conversation so far',
      description: `What the widget shows when it opens. Reads (history, poll, opening the stream) are limited to ${w.visitorPerMin * 4} in any 60 seconds per session. Every visitor route answers 404 not_found once the chat is gone (its channel deleted or its tenant inactive), and refused tokens count against the client address: more than ${w.rejectedPerMin} in 60 seconds are 429.`,
      query: HistoryQuery, status: 200, answer: 'The last messages and the state.', schema: WidgetHistorySchema, errors: READ,
    },
    {
      method: 'get', path: '/api/widget/poll', summary: 'What is new (the fallback of the stream)',
      description: 'Used when the event stream does not work, every 2.5 s.',
      query: PollQuery, status: 200, answer: 'The messages after `after` and the state.', schema: WidgetPollSchema, errors: READ,
    },
    {
      method: 'get', path: '/api/widget/events', summary: 'The conversation, live (Server-Sent Events)',
      description: [
        `A text/event-stream. It starts with \`retry: ${STREAM_RETRY_MS}\`, then a \`conversation:update\` with the current state. Events (data: one line of JSON, see x-events):`,
        '`message` (id: the resume cursor `<created_at ms>.<message id>`; data: a WidgetMessage), `conversation:update` (data: state and operator, whenever they change),',
        '`closed` (data: {}; the conversation was closed while the stream was open),',
        '`message:delta` and `message:retracted` (no id: an AI reply as it is written, see x-events; the final `message` with the same id still comes, once). A client that shows drafts applies a delta only when its offset is at most the length of the text it shows (else it ignores it) and shows text.slice(0, offset) + the delta\'s text;',
        'it ignores deltas of a message already shown as final, and removes the draft on `message:retracted`. A stream that opens while a reply is being written gets its text so far after its catch-up, as one delta at offset 0. Polling carries final messages only.',
        `A comment line \`: ping\` every ${duration(w.heartbeatMs)} keeps proxies from timing out. The stream ends when its token ends (rotated out and its grace time over, or the session expired), when the chat is gone (at the next ping) or the server stops; the client reconnects with the newest token and`,
        'Last-Event-ID (or ?last_event_id=) and gets the messages after it first. A refusal comes before the stream opens, as a Problem.',
        `At most ${w.streamsPerSession} streams per session and ${w.streamsPerAddress} per client address are open at once: one more is 429 with Retry-After.`,
      ].join(' '),
      query: EventsQuery, header: EventsHeaders, status: 200, answer: 'The event stream (Cache-Control: no-cache, no-transform; X-Accel-Buffering: no).',
      content: {
        'text/event-stream': {
          schema: { type: 'string', description: 'Server-Sent Events; each event as in x-events.' },
          'x-events': {
            message: { id: ref(StreamCursorSchema), data: ref(WidgetMessageSchema), description: 'A message new to this client, oldest first.' },
            'conversation:update': { data: ref(WidgetConversationSchema), description: 'Once when the stream opens, then on every change.' },
            closed: { data: ref(WidgetClosedSchema), description: 'The conversation was closed.' },
            'message:delta': {
              data: ref(WidgetMessageDeltaSchema),
              description: 'A piece of the AI reply being written (no id: not a resume point). The final `message` with the same id replaces the draft.',
            },
            'message:retracted': { data: ref(WidgetMessageRetractedSchema), description: 'The AI reply being written failed or was canceled: remove its draft (no message comes).' },
          },
        },
      },
      errors: ['invalid_session', 'not_found', 'rate_limited', 'service_unavailable'],
    },
    {
      method: 'get', path: '/api/widget/attachments/{messageId}/{index}', summary: "An attachment's signed address",
      description: `The addresses in WidgetMessage.attachments: valid ${duration(w.attachmentUrlTtlMs)} from the answer that gave them. 404 when the chat is gone, or when the stored address is not one a visitor may be sent to (https, or the account's own storage).`,
      params: AttachmentParams, query: AttachmentQuery, status: 302, answer: 'To the file.',
      headers: { Location: { description: "The attachment's address.", schema: { type: 'string', format: 'uri' } } },
      errors: ['not_found', 'service_unavailable'],
    },
    {
      method: 'options', path: PAGEVIEW_PATH, summary: 'CORS preflight of the page-view beacon',
      description: 'As the preflight of init.', status: 204, answer: 'The CORS headers, for the Origin sent.', headers: CORS_HEADERS, errors: [],
    },
    {
      method: 'post', path: PAGEVIEW_PATH, summary: 'One page view (the embed script sends one per page load)',
      description: 'Recorded as a page_view event of the channel\'s account: the address, title, referrer and the UTM parameters of the address. No cookie: the visitor is a keyed hash of the day, the channel, the client address and the browser, so one browser counts once a day and cannot be followed across days. Site check and CORS as init; counted against the same per-address budget as init. A suspended wallet is 503.',
      body: PageviewBody, status: 204, answer: 'Recorded.', headers: CORS_HEADERS,
      errors: [...BODY, 'not_found', 'origin_not_allowed', 'rate_limited', 'service_unavailable'],
    },
  ];
}

/**
 * The OpenAPI 3.1 document of the visitor chat (spec 01, Visitor chat routes), served at
 * /api/widget/openapi.json: built from the joi schemas the routes validate with and the
 * schemas of their answers, by the builder the public API's document uses.
 */
export function buildWidgetOpenApi(config: Config): JsonSchema {
  return buildDocument({
    info: {
      title: 'Visitor chat API',
      version: 'v1',
      description: `What the chat widget calls on the cell origin: public, no key, JSON in and out. Every error is application/problem+json with \`error\` equal to \`code\`. Answers are Cache-Control: no-store (the stream: no-cache). Only init (and its preflight) answers cross-origin: every other call comes from the chat frame on this origin. A body is JSON, at most ${MAX_BODY_BYTES / 1024} KB (else 413) and nested at most ${MAX_BODY_DEPTH} levels deep (else 400 bad_request); one that cannot be read counts against the client address as a refused token does: more than ${config.widget.rejectedPerMin} in 60 seconds are 429.`,
    },
    servers: [{ url: config.publicOrigin, description: `${config.cell} cell` }],
    problem: WidgetProblemSchema,
    // The named shapes first, the ones others use before those.
    declarations: [WidgetConsentSchema, WidgetCardSchema, WidgetMessageSchema, WidgetConversationSchema, WidgetClosedSchema, WidgetMessageDeltaSchema, WidgetMessageRetractedSchema, StreamCursorSchema, WidgetSettingsSchema, WidgetTurnSchema, WidgetHistorySchema, WidgetPollSchema, WidgetProblemSchema],
    operations: (ref) => operations(config, ref).map((op): OperationDoc => ({
      method: op.method,
      path: op.path,
      summary: op.summary,
      description: op.description,
      tags: ['visitor chat'],
      security: [],
      params: op.params,
      query: op.query,
      header: op.header,
      body: op.body,
      answers: { [op.status]: { description: op.answer, schema: op.schema, content: op.content, headers: op.headers } },
      errors: [...op.errors, 'internal_error'],
      errorHeaders: { 429: RETRY_AFTER, 503: RETRY_AFTER },
    })),
  });
}
