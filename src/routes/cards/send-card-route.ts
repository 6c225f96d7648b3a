import { defineRoute } from '../../http/route.js';
import { sendCard, type CardSending } from '../../domain/cards/send-card.js';
import { wakeRelay } from '../../domain/events/outbox-wakeup.js';
import { presentMessage } from '../conversations/presenters.js';
import { MessageSchema } from '../conversations/schemas.js';
import { ConversationParams } from '../conversations/request-schemas.js';
import { conversationFamily, type IdParams } from '../conversations/context.js';
import { CardSendSchema } from './schemas.js';

/** POST /conversations/{id}/cards (spec 02 Conversations: Available, PII; shapes "not shown", designed here). */
export const sendCardRoute = defineRoute<unknown, IdParams, CardSending>({
  ...conversationFamily, release: 'available', method: 'POST', path: '/conversations/{id}/cards',
  scope: 'conversations:write', rateClass: 'write',
  summary: 'Send a product card into a conversation',
  description: 'Body: code (the card), content (optional text sent along, at most 4000 characters). Answers the operator message '
    + 'carrying a copy of the card (price text derived; a card without buttons gets one default detail button to its page). '
    + 'The copy is kept: later edits or deletion of the card do not change the message. Unknown code: 422 at /code. '
    + 'Inactive card or closed conversation: 409 invalid_state.',
  params: ConversationParams,
  body: CardSendSchema,
  responses: { 201: { description: 'Message (sender operator) with the card in cards', schema: MessageSchema } },
  errors: ['invalid_state'],
  handler: async ({ params, body, auth, em, services, disclose, afterCommit }) => {
    const message = await sendCard(em, auth.tenant.id, params.id, body, services.config.cell, services.clock.now());
    afterCommit(() => wakeRelay(services.redis));
    disclose({ resourceType: 'conversation', resourceIds: [params.id] });
    return { status: 201, body: presentMessage(message) };
  },
});
