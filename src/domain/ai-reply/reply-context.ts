import type { Em } from '../../db/orm.js';
import { Conversation, Message } from '../../entities/conversation.js';
import { Channel } from '../../entities/channel.js';
import { Tenant } from '../../entities/tenant.js';
import { Operation } from '../../entities/operation.js';
import { loadAiCatalogue } from '../cards/catalogue.js';
import type { SellerContext, SellerTurn } from '../ai-seller/seller-model.js';
import type { Cell } from '../../config.js';

/** Turns of history the seller is given at most. */
const HISTORY_TURNS = 30;

/** What an AI reply operation works on (Operation.input). */
export interface AiReplyInput {
  conversation_id: string;
  message_id: string;
}

/**
 * Everything the seller needs for one reply: the conversation up to the customer's message
 * (deleted messages left out), the AI catalogue, the channel greeting and the tenant's name.
 */
export async function loadReplyContext(em: Em, operationId: string, cell: Cell): Promise<SellerContext> {
  const op = await em.findOneOrFail(Operation, { id: operationId });
  const input = op.input as unknown as AiReplyInput;
  const conversation = await em.findOneOrFail(Conversation, { id: input.conversation_id, tenantId: op.tenantId });
  const turn = await em.findOneOrFail(Message, { id: input.message_id, conversationId: conversation.id });
  const [tenant, channel, recent, catalogue] = await Promise.all([
    em.findOneOrFail(Tenant, { id: op.tenantId }),
    em.findOne(Channel, { id: conversation.channelId }),
    em.find(Message, { conversationId: conversation.id, deletedAt: null, createdAt: { $lte: turn.createdAt } }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: HISTORY_TURNS }),
    loadAiCatalogue(em, op.tenantId, cell),
  ]);
  const history: SellerTurn[] = recent.reverse()
    .filter((m) => m.content !== null && m.content !== '')
    .map((m) => ({ sender: m.sender, content: m.content! }));
  const greeting = channel?.settings.greeting;
  return {
    tenantName: tenant.name,
    language: conversation.language ?? null,
    greeting: typeof greeting === 'string' && greeting.trim() ? greeting : null,
    catalogue,
    history,
  };
}
