import type { Em } from '../../db/em.js';
import { Message } from '../../entities/conversation.js';
import { loadAiCatalogue } from '../cards/catalogue.js';
import type { SellerContext, SellerTurn } from '../ai-seller/seller-model.js';
import type { Cell } from '../../config.js';
import { RowVanished } from '../operations/row-vanished.js';
import type { DraftTarget } from './reply-draft.js';

/** Turns of history the seller is given at most. */
const HISTORY_TURNS = 30;

/** What an AI reply operation works on (Operation.input). */
export interface AiReplyInput {
  conversation_id: string;
  message_id: string;
}

interface TurnRow {
  tenant_id: string;
  tenant_name: string;
  conversation_id: string;
  language: string | null;
  greeting: unknown;
  turn_created_at: Date;
  resource_id: string | null;
}

/** One reply to write: what the seller is given, and where its live draft goes (null: none, no message id). */
export interface ReplyJob {
  context: SellerContext;
  draft: DraftTarget | null;
}

/**
 * Everything the seller needs for one reply: the conversation up to the customer's message
 * (deleted messages left out), the AI catalogue, the channel greeting and the tenant's name;
 * and the reply's message id, under which its draft streams. Three reads: the operation with its conversation, turn, tenant and channel; the history; the catalogue.
 */
export async function loadReplyContext(em: Em, operationId: string, cell: Cell): Promise<ReplyJob> {
  const [turn] = await em.execute<TurnRow[]>(
    `select o.tenant_id, t.name as tenant_name, c.id as conversation_id, c.language,
            ch.settings -> 'greeting' as greeting, m.created_at as turn_created_at, o.resource_id
       from operations o
       join conversations c on c.id = (o.input ->> 'conversation_id')::uuid and c.tenant_id = o.tenant_id
       join messages m on m.id = (o.input ->> 'message_id')::uuid and m.conversation_id = c.id
       join tenants t on t.id = o.tenant_id
       left join channels ch on ch.id = c.channel_id
      where o.id = ?`, [operationId]);
  if (!turn) throw new RowVanished(`The AI reply operation ${operationId}, its conversation or its message was not found.`);
  const [recent, catalogue] = await Promise.all([
    em.find(Message, { conversationId: turn.conversation_id, deletedAt: null, createdAt: { $lte: new Date(turn.turn_created_at) } }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: HISTORY_TURNS }),
    loadAiCatalogue(em, turn.tenant_id, cell),
  ]);
  const history: SellerTurn[] = recent.reverse()
    .filter((m) => m.content !== null && m.content !== '')
    .map((m) => ({ sender: m.sender, content: m.content! }));
  const { greeting } = turn;
  const context: SellerContext = {
    tenantName: turn.tenant_name,
    language: turn.language ?? null,
    greeting: typeof greeting === 'string' && greeting.trim() ? greeting : null,
    catalogue,
    history,
  };
  return { context, draft: turn.resource_id ? { conversationId: turn.conversation_id, messageId: turn.resource_id } : null };
}
