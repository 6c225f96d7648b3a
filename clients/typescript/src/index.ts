export { SalesChat, VERSION, type SalesChatOptions } from './client.js';
export {
  ApiError, AuthenticationError, BadRequestError, ConflictError, ConnectionError, ERROR_CODES, NotFoundError, OperationTimeoutError,
  PaymentRequiredError, PermissionError, RateLimitError, SalesChatError, ServerError, SignatureVerificationError, ValidationError,
  type ErrorCode, type FieldError, type ProblemBody,
} from './errors.js';
export { PageList, type Page } from './pagination.js';
export type { Body, Query, WaitOptions, WriteOptions } from './resource.js';
export type { LastResponse, RequestOptions, WithLastResponse } from './request-options.js';
export { FINISHED_STATUSES, isFinished, type Operation, type OperationEnvelope, type OperationWaitOptions } from './resources/operations.js';
export type { IfMatch } from './resources/leads.js';
export type { RetryOptions } from './transport.js';
export type { WebhookEvent, WebhookEventOf, WebhookEventType } from './events.js';
export type { components, operations, paths } from './schema.js';
import { constructEvent, signatureHeader } from './signature.js';
export { constructEvent, signatureHeader, type ConstructEventOptions } from './signature.js';

/** Webhook verification without a client (a receiver needs only the secret). */
export const webhooks = { constructEvent, signatureHeader };

import type { components } from './schema.js';
type Schemas = components['schemas'];
export type Lead = Schemas['Lead'];
export type Conversation = Schemas['Conversation'];
export type Message = Schemas['Message'];
export type Article = Schemas['Article'];
export type ArticleSummary = Schemas['ArticleSummary'];
export type Card = Schemas['Card'];
export type Webhook = Schemas['Webhook'];
export type StrategistTopic = Schemas['StrategistTopic'];
export type Me = Schemas['Me'];
