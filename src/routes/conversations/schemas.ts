import Joi from 'joi';
import { IsoDate } from '../../http/schemas/common.js';
import { CONVERSATION_MODES, MESSAGE_SENDERS } from '../../entities/conversation.js';

/** Wire shapes of spec 02 "Conversation" and "Message": validation and the OpenAPI document. */

export const ConversationSchema = Joi.object({
  id: Joi.string().uuid().required(),
  channel: Joi.string().allow(null).required().description('Channel type: api, website, messenger types, others; the set may grow.'),
  contact_id: Joi.string().allow(null).required(),
  external_customer_id: Joi.string().allow(null).required().description('Only for the api channel; null elsewhere.'),
  status: Joi.string().required().description('open, handoff_pending, resolved, closed; the set may grow.'),
  mode: Joi.string().valid(...CONVERSATION_MODES).required(),
  language: Joi.string().allow(null).required().description('ISO 639-1.'),
  lead_id: Joi.string().allow(null).required().description('The lead of this conversation, when there is one.'),
  operator: Joi.object({ name: Joi.string().required() }).allow(null).required()
    .description('The operator handling the conversation, when one took it over or wrote with a name; null otherwise.'),
  summary: Joi.string().allow(null).required().description('Written when the conversation is closed.'),
  created_at: IsoDate.allow(null).required(),
  updated_at: IsoDate.required().description('Last change or message; traversal order.'),
}).meta({ ref: 'Conversation' });

export const CardButtonSchema = Joi.object({
  label: Joi.string().required(),
  url: Joi.string().required(),
}).meta({ ref: 'CardButton' });

/** What a product card shows, in the Card answer and in the copy a message keeps. */
export const cardShownFields = {
  code: Joi.string().required(),
  name: Joi.string().required(),
  description: Joi.string().allow(null).required(),
  image_url: Joi.string().allow(null).required(),
  page_url: Joi.string().allow(null).required(),
  badge: Joi.string().allow(null).required(),
  price_text: Joi.string().allow(null).required(),
  buttons: Joi.array().items(CardButtonSchema).required(),
};

export const CardCopySchema = Joi.object({
  ...cardShownFields,
}).meta({ ref: 'MessageCard' }).description('The copy of a product card a message keeps; later card edits do not change it.');

export const AttachmentSchema = Joi.object({
  url: Joi.string().required(),
  name: Joi.string().allow(null).required(),
  content_type: Joi.string().allow(null).required(),
}).meta({ ref: 'Attachment' });

export const MessageSchema = Joi.object({
  id: Joi.string().uuid().required(),
  conversation_id: Joi.string().uuid().required(),
  sender: Joi.string().valid(...MESSAGE_SENDERS).required(),
  content_type: Joi.string().required().description('text, image, file, card and others; the set may grow.'),
  content: Joi.string().allow(null).required().description('null = attachment or card only.'),
  attachments: Joi.array().items(AttachmentSchema).max(1).required(),
  cards: Joi.array().items(CardCopySchema).required(),
  operator: Joi.object({ name: Joi.string().required() }).allow(null).required(),
  deleted: Joi.boolean().required().description('Always false: messages are not deleted on this server (the field stays for clients written for tombstones).'),
  created_at: IsoDate.required(),
}).meta({ ref: 'Message' });
