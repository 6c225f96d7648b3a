/**
 * An AI reply: your customer writes (found or created by your id for them), the AI seller's
 * reply is a paid operation. `wait` holds the answer until the reply is ready; when it is not
 * ready in time the answer is 202 with the operation, and client.operations.wait follows it.
 * The Idempotency-Keys come from the intent (your customer, the conversation and your id of
 * the customer's message), so running the turn again, after a crash or a timeout, in this
 * process or another, is the same turn: answered again, charged once.
 *
 *   SALES_CHAT_API_KEY=sk_... SALES_CHAT_BASE_URL=http://127.0.0.1:3000/api/public/v1 node examples/ai-reply.ts
 */
import { pathToFileURL } from 'node:url';
import { SalesChat, type Operation } from '@sales-chat/client';

export type Log = (line: string) => void;

export interface Turn {
  conversationId: string;
  operation: Operation | null;
  reply: string | null;
}

/** Your customer's message: your own id of it (your chat's, your CRM's) and its text. */
export interface CustomerMessage {
  id: string;
  text: string;
}

export async function aiReply(client: SalesChat, customer: { id: string; name: string }, message: CustomerMessage, o: { wait?: number; log?: Log } = {}): Promise<Turn> {
  const log = o.log ?? console.log;
  const text = message.text;
  const conversation = await client.conversations.create({ external_customer_id: customer.id, name: customer.name }, { idempotencyKey: `conversation-${customer.id}` });
  log(`conversation ${conversation.id.slice(0, 8)} for customer ${customer.id}`);
  // One Idempotency-Key per customer turn, made from the turn itself (never a random one): a retry of this turn is the same turn, charged once.
  const turnKey = `turn-${conversation.id}-${message.id}`;
  const answer = await client.conversations.sendMessage(conversation.id, { content: text }, { wait: o.wait ?? 20, idempotencyKey: turnKey });
  log(`customer: ${text}`);
  if (answer.ai_reply.status === 'replied' && answer.reply) {
    log(`ai (within wait): ${answer.reply.content}`);
    log(`charged ${answer.operation?.usage?.cost.amount} ${answer.operation?.usage?.cost.currency} (${answer.operation?.usage?.model})`);
    return { conversationId: conversation.id, operation: answer.operation ?? null, reply: answer.reply.content };
  }
  if (!answer.operation) {
    log(`no AI reply: ${answer.ai_reply.status}${answer.ai_reply.reason ? ` (${answer.ai_reply.reason})` : ''}, nothing charged`);
    return { conversationId: conversation.id, operation: null, reply: null };
  }
  log(`202: operation ${answer.operation.id.slice(0, 8)} ${answer.operation.status}; waiting for it`);
  const done = await client.operations.wait(answer.operation);
  if (done.status !== 'succeeded' || !done.resource) {
    log(`operation ${done.status}${done.error ? `: ${done.error.code}` : ''}`);
    return { conversationId: conversation.id, operation: done, reply: null };
  }
  // The result is the message operation.resource names.
  let reply: string | null = null;
  for await (const message of client.conversations.listMessages(conversation.id)) if (message.id === done.resource.id) reply = message.content;
  log(`ai: ${reply}`);
  log(`charged ${done.usage?.cost.amount} ${done.usage?.cost.currency} (${done.usage?.model})`);
  return { conversationId: conversation.id, operation: done, reply };
}

async function main(): Promise<void> {
  const client = new SalesChat({ apiKey: process.env.SALES_CHAT_API_KEY!, baseUrl: process.env.SALES_CHAT_BASE_URL! });
  await aiReply(client, { id: 'crm-anna', name: 'Anna' }, { id: 'crm-anna-msg-1', text: 'Hello! Do you have a sofa that seats three?' });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
