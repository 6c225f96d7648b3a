import Joi from 'joi';
import { cursorParam, limitParam, pageOf, zonedTimeParam } from '../../http/schemas/common.js';
import { CONVERSATION_MODES } from '../../entities/conversation.js';
import { ConversationSchema, MessageSchema } from './schemas.js';
import { ISO_639_1_PATTERN } from '../../domain/conversations/language.js';

/** Requests and pages of the conversation routes: validation and the OpenAPI document. */

export const ConversationParams = Joi.object({ id: Joi.string().guid().required() });

const includeDeleted = Joi.boolean().default(false);

export const ConversationListQuery = Joi.object({
  limit: limitParam(),
  cursor: cursorParam(),
  channel: Joi.string().max(64).description('Channel type: api, website, messenger types, others.'),
  status: Joi.string().max(64).description('open, handoff_pending, resolved, closed; the set may grow.'),
  mode: Joi.string().valid(...CONVERSATION_MODES),
  updated_after: zonedTimeParam(),
  include_deleted: includeDeleted.description('Accepted, no effect: conversations are never soft-deleted.'),
});

export const MessageListQuery = Joi.object({
  limit: limitParam(),
  cursor: cursorParam(),
  include_deleted: includeDeleted.description('Accepted, no effect: messages are not deleted on this server.'),
});

export const ConversationPageSchema = pageOf(ConversationSchema, 'ConversationPage');
export const MessagePageSchema = pageOf(MessageSchema, 'MessagePage');

export const CustomerPageSchema = Joi.object({
  address: Joi.string().max(2048),
  title: Joi.string().max(500),
  type: Joi.string().max(64),
  id: Joi.string().max(255),
}).meta({ ref: 'CustomerPage' }).description('The page the customer is on; every field optional.');

export const ConversationCreateSchema = Joi.object({
  external_customer_id: Joi.string().max(255).required().description("Stable customer id in the caller's system; the conversation is found or created by it."),
  name: Joi.string().max(200),
  email: Joi.string().email().max(254),
  phone: Joi.string().max(32).pattern(/^\+?[0-9 ().-]{3,32}$/, 'phone number'),
  page: CustomerPageSchema,
  language: Joi.string().pattern(ISO_639_1_PATTERN, 'ISO 639-1 code').description('ISO 639-1, e.g. ru. Without it the language is detected '
    + 'from the customer\'s first message that says enough (null until then). On a find it replaces the stored one.'),
}).meta({ ref: 'ConversationCreate' });

export const OperatorSchema = Joi.object({
  name: Joi.string().max(100).required(),
}).meta({ ref: 'OperatorRef' }).description('The human operator acting, as the customer sees them.');

export const AttachmentCreateSchema = Joi.object({
  url: Joi.string().max(2048).required()
    .description("An https:// address, or a file of the account's storage (/storage/<tenant id>/<file path>)."),
  name: Joi.string().max(255),
  content_type: Joi.string().max(127).pattern(/^[\w.+-]+\/[\w.+-]+$/, 'media type'),
}).meta({ ref: 'AttachmentCreate' });

export const OperatorMessageCreateSchema = Joi.object({
  content: Joi.string().max(4000).pattern(/\S/, 'non-blank text').description('1 to 4000 characters; required unless an attachment is sent.'),
  operator: OperatorSchema,
  attachments: Joi.array().items(AttachmentCreateSchema).max(1).description('At most one for now.'),
}).meta({ ref: 'OperatorMessageCreate' });

export const TakeoverSchema = Joi.object({
  operator: OperatorSchema,
}).meta({ ref: 'Takeover' });
