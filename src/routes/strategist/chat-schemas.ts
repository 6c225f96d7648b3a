import Joi from 'joi';
import { problemOf } from '../../http/schemas/problems.js';
import { IsoDate, cursorParam, limitParam, pageOf } from '../../http/schemas/common.js';
import { OperationSchema } from '../conversations/ai-reply-schemas.js';

/** Wire shapes of the strategist chat (issue 14: sessions and turns, designed like Assistants threads and runs). */

/** The longest question, in characters (the chat's message length, spec 01 Limits). */
export const MAX_QUESTION_CHARS = 4000;

export const SessionCreateSchema = Joi.object({
  title: Joi.string().max(200).pattern(/\S/, 'non-blank text').allow(null).description('A name for the session, up to 200 characters; optional.'),
}).meta({ ref: 'StrategistSessionCreate' });

export const SessionSchema = Joi.object({
  id: Joi.string().uuid().required(),
  title: Joi.string().allow(null).required(),
  created_at: IsoDate.required(),
  updated_at: IsoDate.required().description('Moves with every turn asked and answered.'),
}).meta({ ref: 'StrategistSession' });

export const TurnCreateSchema = Joi.object({
  content: Joi.string().max(MAX_QUESTION_CHARS).pattern(/\S/, 'non-blank text').required()
    .description(`The question to the strategist, 1 to ${MAX_QUESTION_CHARS} characters.`),
}).meta({ ref: 'StrategistTurnCreate' });

export const TurnSchema = Joi.object({
  id: Joi.string().uuid().required(),
  session_id: Joi.string().uuid().required(),
  status: Joi.string().valid('pending', 'answered', 'failed', 'canceled').required()
    .description("Its operation's: pending while queued or running, then answered, failed or canceled."),
  question: Joi.string().required().description("The customer's question, as sent."),
  answer: Joi.string().allow(null).required().description("The strategist's answer; null until answered."),
  action_ids: Joi.array().items(Joi.string().uuid()).required()
    .description('The propose_topic actions the answer proposed (GET /strategist/actions/{id}); confirm one to queue its topic.'),
  operation_id: Joi.string().uuid().required().description('The strategist.turn operation that answers it (GET /operations/{id}, POST /operations/{id}/cancel).'),
  created_at: IsoDate.required(),
  answered_at: IsoDate.allow(null).required(),
}).meta({ ref: 'StrategistTurn' });

export const TurnAnswerSchema = Joi.object({
  turn: TurnSchema.required(),
  operation: OperationSchema.required().description('The OperationEnvelope part: type strategist.turn, resource {type: strategist_turn, id}.'),
}).meta({ ref: 'StrategistTurnAnswer' });

/** The 503 of POST /strategist/sessions/{id}/turns when the model provider was down: the question is kept, the operation failed uncharged. */
export const StrategistTurnUpstreamProblemSchema = problemOf('upstream_unavailable', 'StrategistTurnUpstreamProblem', {
  turn: TurnSchema.required(),
  operation: OperationSchema.required().description('The failed operation (nothing charged).'),
});

export const SessionParams = Joi.object({ id: Joi.string().guid().required() });
export const PageQuery = Joi.object({ limit: limitParam(25), cursor: cursorParam() });
export const SessionPageSchema = pageOf(SessionSchema, 'StrategistSessionPage');
export const TurnPageSchema = pageOf(TurnSchema, 'StrategistTurnPage');
