import Joi from 'joi';
import { problemOf } from '../../http/schemas/problems.js';
import { IsoDate, MoneySchema } from '../../http/schemas/common.js';
import { OPERATION_STATUSES } from '../../entities/operation.js';
import { MessageSchema } from './schemas.js';
import { AttachmentCreateSchema } from './request-schemas.js';
import { MAX_MESSAGE_CHARS } from '../../domain/conversations/messages.js';

/** Wire shapes of spec 01 Operation/Usage and of the customer-message answers of spec 02. */

export const UsageSchema = Joi.object({
  cost: MoneySchema.required().description('In the cell currency.'),
  model: Joi.string().required().description('provider/model that did the work, e.g. builtin/retrieval-v1 or openai/gpt-4o-mini.'),
}).meta({ ref: 'Usage' });

export const OperationSchema = Joi.object({
  id: Joi.string().required(),
  type: Joi.string().required().description('conversation.ai_reply, article.generation, strategist.turn, webhook.recovery, ...'),
  status: Joi.string().valid(...OPERATION_STATUSES).required(),
  created_at: IsoDate.required(),
  completed_at: IsoDate.description('Only for succeeded, failed, canceled.'),
  resource: Joi.object({ type: Joi.string().required(), id: Joi.string().required() }).description('The resource whose result is read (not for failed or canceled).'),
  error: Joi.object({ code: Joi.string().required(), message: Joi.string().required() })
    .description('failed only: an error-catalogue code (upstream_unavailable, internal_error) or an operation reason (operator_took_over).'),
  usage: UsageSchema.description('Paid operations, once charged.'),
  progress: Joi.object({
    total: Joi.number().integer().min(0).required().description('Failed and dead deliveries of the range without a redelivery, counted when it started.'),
    redelivered: Joi.number().integer().min(0).required().description('Redeliveries made so far (each a new delivery of the same event, same Svc-Event-Id).'),
    skipped: Joi.number().integer().min(0).required().description('Deliveries of the range passed over: their event was already redelivered, or they are redeliveries themselves.'),
  }).meta({ release: 'beta' }).description('webhook.recovery only: how far it has come.'),
}).meta({ ref: 'Operation' });

export const OperationEnvelopeSchema = Joi.object({ operation: OperationSchema.required() }).meta({ ref: 'OperationEnvelope' });

export const WaitQuery = Joi.object({
  wait: Joi.number().integer().min(0).max(20).default(0).description('Seconds (0 to 20) to hold the answer until the operation finishes.'),
});

export const CustomerMessageCreateSchema = Joi.object({
  content: Joi.string().allow('')
    .description(`The customer text, up to ${MAX_MESSAGE_CHARS} characters (code points); required unless an attachment is sent. Longer is 413 payload_too_large.`),
  attachments: Joi.array().items(AttachmentCreateSchema).max(1).description('At most one for now.'),
}).meta({ ref: 'CustomerMessageCreate' });

export const CustomerMessageAnswerSchema = Joi.object({
  message: MessageSchema.required().description('The customer message as stored.'),
  ai_reply: Joi.object({
    status: Joi.string().valid('queued', 'replied', 'skipped', 'failed', 'canceled').required(),
    reason: Joi.string().description('skipped or failed: ai_not_permitted, operator_mode, handoff_pending, operator_took_over, or an error code.'),
  }).required(),
  reply: Joi.object({ id: Joi.string().required(), content: Joi.string().allow(null).required(), cards: Joi.array().required() }).description('replied only: the AI message.'),
  operation: OperationSchema.description('Absent when skipped.'),
}).meta({ ref: 'CustomerMessageAnswer' });

/** The 503 of POST /conversations/{id}/messages when the model provider was down: the message is stored, the operation failed uncharged. */
export const CustomerMessageUpstreamProblemSchema = problemOf('upstream_unavailable', 'CustomerMessageUpstreamProblem', {
  message: MessageSchema.required().description('The customer message as stored.'),
  operation: OperationSchema.required().description('The failed operation (nothing charged).'),
});
