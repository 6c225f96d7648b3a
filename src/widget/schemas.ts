import Joi from 'joi';
import { EARLIEST_TIME, FieldErrorSchema, IsoDate, LATEST_TIME, isoDateValue, problemFields } from '../http/schemas/common.js';
import { MAX_MESSAGE_CHARS } from '../domain/conversations/messages.js';
import { WIDGET_SENDERS, WIDGET_STATES } from './presenters.js';
import { SESSION_TOKEN } from './session-tokens.js';
import { CURSOR } from './sse.js';

/**
 * Wire shapes of the visitor chat (spec 01, Visitor chat routes; /api/widget/*): the request
 * schemas the routes validate with and the answers they give, both feeding the visitor chat's
 * OpenAPI document (src/widget/openapi.ts).
 */

/** Longest visitor message, in characters (code points); longer is 413. */
export const MAX_CONTENT_CHARS = MAX_MESSAGE_CHARS;

const token = (what: string) => Joi.string().description(`${what} Missing, unknown, expired or rotated out: 401 invalid_session.`);

// ---- Requests: what the routes validate (unknown fields are 422 validation_failed) ----

export const InitBody = Joi.object({
  channel_id: Joi.string().max(100).required().description('The website channel (a uuid); anything else is 404 not_found.'),
}).meta({ ref: 'WidgetInit' });

export const MessageBody = Joi.object({
  channel_id: Joi.string().max(100).required().description('The website channel (a uuid); anything else is 404 not_found.'),
  content: Joi.string().required()
    .description(`The visitor's text: 1 to ${MAX_CONTENT_CHARS} characters; blank is 422 validation_failed, longer is 413 payload_too_large.`),
  session_token: Joi.string().max(200).allow('', null)
    .description('The session_token of the latest answer; none (or empty) starts a new visitor with a new conversation. Not valid: 401 invalid_session.'),
  page_url: Joi.string().max(8000).allow('', null).description('The page the visitor writes from, for operators; kept when http(s), cut at 2000 characters.'),
  page_title: Joi.string().max(2000).allow('', null).description('Its title; cut at 300 characters.'),
  consent_version: Joi.string().max(200).allow('', null)
    .description("The version of the channel's consent the visitor accepted. Needed once per session while a consent is configured: else 400 consent_required."),
}).meta({ ref: 'WidgetMessageSend' });

export const MessageQuery = Joi.object({
  wait: Joi.number().integer().min(0).max(20)
    .description('Seconds (0 to 20) to hold the answer for the AI reply, at most the server\'s hold (WIDGET_REPLY_HOLD_MS); none: that hold. 0 answers at once with `response` null: a client that follows the event stream takes the reply, growing, from there.'),
});

export const HistoryQuery = Joi.object({
  st: token('The session_token.').allow(''),
});

export const PollQuery = Joi.object({
  st: token('The session_token.').allow(''),
  after: isoDateValue().min(EARLIEST_TIME).max(LATEST_TIME).required().description('created_at of the newest message the widget has; the answer holds the ones strictly after it.'),
});

// ---- Read by the routes themselves, not validated with joi: documented here ----

/** GET /api/widget/events reads these as they come: a bad token is 401, a bad cursor means "from the start". */
export const EventsQuery = Joi.object({
  st: token('The session_token.'),
  last_event_id: Joi.string().description('As the Last-Event-ID header, for clients that cannot set it; the header wins.'),
});

export const EventsHeaders = Joi.object({
  'Last-Event-ID': Joi.string().description(
    'The id of the last `message` event seen: the messages after it are sent first. A value that is not a cursor sends every message; none sends only what comes from now on.',
  ),
});

/** GET /api/widget/attachments/{messageId}/{index}: anything wrong or expired is 404. */
export const AttachmentParams = Joi.object({
  messageId: Joi.string().uuid().required(),
  index: Joi.number().integer().min(0).max(999).required().description("The attachment's place in the message, from 0."),
});

export const AttachmentQuery = Joi.object({
  exp: Joi.number().integer().required().description('Expiry, unix seconds; signed.'),
  sig: Joi.string().pattern(/^[0-9a-f]{64}$/).required().description('HMAC-SHA256 of the message, index and exp.'),
});

// ---- Answers ----

export const WidgetConsentSchema = Joi.object({
  text: Joi.string().required(),
  url: Joi.string().uri().required().description('https:// address of the full text.'),
  version: Joi.string().required().description('Sent back as consent_version with the first message.'),
}).meta({ ref: 'WidgetConsent' }).description('What the visitor accepts before the first message; a new version asks again.');

export const WidgetSettingsSchema = Joi.object({
  channel_id: Joi.string().uuid().required(),
  greeting: Joi.string().allow(null).required(),
  color: Joi.string().pattern(/^#[0-9a-f]{6}$/).required().description('The chat colour, #rrggbb in lower case.'),
  assistant: Joi.object({ name: Joi.string().required(), subtitle: Joi.string().allow(null).required() }).required(),
  queue: Joi.object({ title: Joi.string().required(), subtitle: Joi.string().allow(null).required() }).required()
    .description('Shown while the visitor waits for an operator.'),
  consent: WidgetConsentSchema.description('Only when the channel has a consent.'),
}).meta({ ref: 'WidgetSettings' });

export const WidgetCardSchema = Joi.object({
  name: Joi.string().required(),
  price_text: Joi.string().allow(null).required(),
  description: Joi.string().allow(null).required(),
  image_url: Joi.string().allow(null).required(),
  page_url: Joi.string().allow(null).required()
    .description("An address; a card's page path is resolved against the account's primary domain, null without one."),
  buttons: Joi.array().items(Joi.object({ label: Joi.string().required(), url: Joi.string().required() })).required()
    .description('Opened in a new tab; the widget shows at most three (a button to a path is left out when the account has no primary domain).'),
}).meta({ ref: 'WidgetCard' }).description('A product card, as the message keeps it.');

const OperatorName = Joi.object({ name: Joi.string().required() });

export const WidgetMessageSchema = Joi.object({
  id: Joi.string().uuid().required(),
  sender: Joi.string().valid(...WIDGET_SENDERS).required(),
  content: Joi.string().allow(null).required().description('null: attachments or cards only.'),
  created_at: IsoDate.required(),
  operator: OperatorName.description('Operator messages written under a name only.'),
  attachments: Joi.array().items(Joi.object({
    url: Joi.string().uri().required().description('A signed address of this origin, valid WIDGET_ATTACHMENT_URL_TTL; it redirects to the file.'),
    name: Joi.string().allow(null).required(),
  })).required(),
  cards: Joi.array().items(WidgetCardSchema).required(),
}).meta({ ref: 'WidgetMessage' });

/** The conversation as the widget shows it, in every read answer and on the stream. */
const conversationFields = {
  state: Joi.string().valid(...WIDGET_STATES).required().description('ai; queued: waiting for an operator; operator: an operator has it.'),
  operator: OperatorName.allow(null).required().description('The operator who took the conversation over, by name.'),
};

export const WidgetConversationSchema = Joi.object(conversationFields).meta({ ref: 'WidgetConversation' });

export const WidgetTurnSchema = Joi.object({
  session_token: Joi.string().pattern(SESSION_TOKEN).required()
    .description('A fresh token in every answer: use it from now on. The previous one stays valid WIDGET_TOKEN_GRACE.'),
  queued: Joi.boolean().required().description('The conversation is with, or waiting for, an operator after this message.'),
  response: WidgetMessageSchema.allow(null).required()
    .description('The AI reply when it came within WIDGET_REPLY_HOLD_MS; else null (it arrives on the stream or poll).'),
  message: WidgetMessageSchema.required().description("The visitor's own message, as stored."),
  ...conversationFields,
}).meta({ ref: 'WidgetTurn' });

export const WidgetHistorySchema = Joi.object({
  messages: Joi.array().items(WidgetMessageSchema).required().description('The last 200 messages, oldest first.'),
  ...conversationFields,
}).meta({ ref: 'WidgetHistory' });

export const WidgetPollSchema = Joi.object({
  new_messages: Joi.array().items(WidgetMessageSchema).required()
    .description('Created strictly after `after`, oldest first, at most 200: poll again from the last one.'),
  ...conversationFields,
}).meta({ ref: 'WidgetPoll' });

export const WidgetClosedSchema = Joi.object({}).meta({ ref: 'WidgetClosed' });

const DraftMessageId = Joi.string().uuid().required().description('The id the final message will have.');

/** A piece of an AI reply being written (the stream only; never stored). */
export const WidgetMessageDeltaSchema = Joi.object({
  message_id: DraftMessageId,
  offset: Joi.number().integer().min(0).required()
    .description('Where `text` starts in the draft, in UTF-16 code units (JavaScript string indexes). 0: `text` is the whole draft so far.'),
  text: Joi.string().allow('').required().description('The draft from `offset` on. Plain text: show it as text, never as HTML.'),
}).meta({ ref: 'WidgetMessageDelta' });

export const WidgetMessageRetractedSchema = Joi.object({ message_id: DraftMessageId }).meta({ ref: 'WidgetMessageRetracted' });

/** The id of a `message` event: `<created_at in ms>.<message id>`. */
export const StreamCursorSchema = Joi.string().pattern(CURSOR).meta({ ref: 'WidgetStreamCursor' });

export const WidgetProblemSchema = Joi.object({
  ...problemFields,
  errors: Joi.array().items(FieldErrorSchema).description('validation_failed only.'),
  error: Joi.string().required().description('Equal to code (what the widget reads).'),
  consent: WidgetConsentSchema.description('consent_required only: the consent to show.'),
}).meta({ ref: 'WidgetProblem' });
