import { defineRoute, type HandlerInput } from '../../http/route.js';
import { invalidField } from '../../errors/domain-error.js';
import { requireShowableAttachments } from './attachment-rules.js';
import { closeConversation, postOperatorMessage, returnToAi, takeOver } from '../../domain/conversations/state-moves.js';
import { wakeRelay } from '../../domain/events/outbox-wakeup.js';
import type { Conversation } from '../../entities/conversation.js';
import { presentConversation, presentMessage } from './presenters.js';
import { ConversationSchema, MessageSchema } from './schemas.js';
import { ConversationParams, OperatorMessageCreateSchema, TakeoverSchema } from './request-schemas.js';
import { conversationFamily, type IdParams } from './context.js';

/**
 * The operator side of a conversation (spec 02: Planned, shapes "not shown"; designed after
 * Intercom). Every move locks the conversation, follows the transitions table
 * (src/domain/conversations/transitions.ts) and answers 409 invalid_state when not allowed.
 */
const acting = { ...conversationFamily, scope: 'conversations:write', rateClass: 'write', params: ConversationParams } as const;
const moveErrors = ['pii_transfer_not_allowed', 'not_found', 'invalid_state'];

interface OperatorBody {
  operator?: { name: string };
}

/** Answers the moved conversation (200) and records the disclosure. */
function answerConversation(input: HandlerInput<unknown, IdParams, unknown>, conversation: Conversation) {
  input.disclose({ resourceType: 'conversation', resourceIds: [conversation.id] });
  return { status: 200, body: presentConversation(conversation) };
}

const refOf = (input: HandlerInput<unknown, IdParams, unknown>) => ({ tenantId: input.auth.tenant.id, conversationId: input.params.id });

interface OperatorMessageBody extends OperatorBody {
  content?: string;
  attachments?: { url: string; name?: string; content_type?: string }[];
}

export const postOperatorMessageRoute = defineRoute<unknown, IdParams, OperatorMessageBody>({
  ...acting, release: 'planned', method: 'POST', path: '/conversations/{id}/operator-messages',
  summary: 'An operator writes to the customer',
  description: 'Body: content (1 to 4000 characters; required unless an attachment is sent), operator {name} (optional), attachments '
    + '(at most one {url (https:// or a file of the account\'s storage), name, content_type}). Writing means handling: the conversation moves to mode operator and, from '
    + 'handoff_pending (or any status but closed), to status open; a name sent becomes the conversation\'s operator. The message names the '
    + 'operator sent, else the one who took the conversation over. Records message.created (never with the text). Closed: 409 invalid_state.',
  body: OperatorMessageCreateSchema,
  responses: { 201: { description: 'Message (sender operator)', schema: MessageSchema } },
  errors: [...moveErrors, 'validation_failed'],
  handler: async (input) => {
    const { body, em, services, disclose, afterCommit } = input;
    const attachments = (body.attachments ?? []).map((a) => ({ url: a.url, name: a.name ?? null, content_type: a.content_type ?? null }));
    if (body.content === undefined && !attachments.length) throw invalidField('/content', 'required', 'content is required unless an attachment is sent.');
    requireShowableAttachments(attachments.map((a) => a.url), { tenantId: input.auth.tenant.id, cellOrigin: services.config.publicOrigin });
    const message = await postOperatorMessage(em, refOf(input), {
      content: body.content ?? null, operatorName: body.operator?.name ?? null, attachments,
    }, services.clock.now());
    afterCommit(() => wakeRelay(services.redis));
    disclose({ resourceType: 'message', resourceIds: [message.id] });
    return { status: 201, body: presentMessage(message) };
  },
});

export const takeOverRoute = defineRoute<unknown, IdParams, OperatorBody>({
  ...acting, release: 'planned', method: 'POST', path: '/conversations/{id}/takeover',
  summary: 'An operator takes the conversation over from the AI',
  description: 'Body: operator {name} (optional). Mode ai -> operator, status -> open (also from handoff_pending); the AI stops replying. '
    + 'Already with an operator, or closed: 409 invalid_state. No event: conversation.handoff_requested is the only handoff event.',
  body: TakeoverSchema,
  responses: { 200: { description: 'Conversation', schema: ConversationSchema } },
  errors: [...moveErrors, 'validation_failed'],
  handler: async (input) => answerConversation(input, await takeOver(input.em, refOf(input), input.body.operator?.name ?? null, input.services.clock.now())),
});

export const returnToAiRoute = defineRoute<unknown, IdParams>({
  ...acting, release: 'planned', method: 'POST', path: '/conversations/{id}/return-to-ai',
  summary: 'The operator hands the conversation back to the AI',
  description: 'No body. Mode operator -> ai, the operator is cleared, status -> open. Already with the AI, or closed: 409 invalid_state.',
  responses: { 200: { description: 'Conversation', schema: ConversationSchema } },
  errors: moveErrors,
  handler: async (input) => answerConversation(input, await returnToAi(input.em, refOf(input), input.services.clock.now())),
});

export const closeRoute = defineRoute<unknown, IdParams>({
  ...acting, release: 'planned', method: 'POST', path: '/conversations/{id}/close',
  summary: 'Close the conversation and write its summary',
  description: 'No body. Status -> closed (mode and operator stay); a short summary (customer, first request, cards offered, message '
    + 'counts, outcome) is written to summary and conversation.summary_ready is recorded (the event carries the conversation id, never the '
    + 'summary: read it here or with GET /conversations/{id}). A customer writing again reopens the conversation with the AI. Already closed: 409 invalid_state.',
  responses: { 200: { description: 'Conversation with its summary', schema: ConversationSchema } },
  errors: moveErrors,
  handler: async (input) => {
    const conversation = await closeConversation(input.em, refOf(input), input.services.clock.now());
    input.afterCommit(() => wakeRelay(input.services.redis));
    return answerConversation(input, conversation);
  },
});

export const operatorRoutes = [postOperatorMessageRoute, takeOverRoute, returnToAiRoute, closeRoute];
