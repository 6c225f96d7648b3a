import { Resource, sent, keyed, unwrap, type Body, type Query, type WaitOptions, type WriteOptions } from '../resource.js';
import type { RequestOptions } from '../request-options.js';

/** Conversations and their messages; the customer's turn and the AI reply. */
export class Conversations extends Resource {
  list(query: Query<'getConversations'> = {}, o: RequestOptions = {}) {
    return this.paged((cursor) => this.api.GET('/conversations', { params: { query: { ...query, cursor } }, ...sent(o) }), query.cursor);
  }

  /** Finds or creates the conversation of your customer (by external_customer_id). */
  create(body: Body<'postConversations'>, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/conversations', { params: { header: keyed(o) }, body, ...sent(o) }));
  }

  retrieve(id: string, o: RequestOptions = {}) {
    return unwrap(this.api.GET('/conversations/{id}', { params: { path: { id } }, ...sent(o) }));
  }

  listMessages(id: string, query: Query<'getConversationsByIdMessages'> = {}, o: RequestOptions = {}) {
    return this.paged((cursor) => this.api.GET('/conversations/{id}/messages', { params: { path: { id }, query: { ...query, cursor } }, ...sent(o) }), query.cursor);
  }

  /**
   * The customer's message; the AI reply is a paid operation: 200 with the reply when it is
   * ready within `wait`, else 202 with the operation (client.operations.wait). One
   * Idempotency-Key per customer turn: pass your own to make a later retry the same turn.
   */
  sendMessage(id: string, body: Body<'postConversationsByIdMessages'>, o: WaitOptions = {}) {
    return unwrap(this.api.POST('/conversations/{id}/messages', {
      params: { path: { id }, query: o.wait === undefined ? {} : { wait: o.wait }, header: keyed(o) }, body, ...sent(o),
    }));
  }

  sendCard(id: string, body: Body<'postConversationsByIdCards'>, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/conversations/{id}/cards', { params: { path: { id }, header: keyed(o) }, body, ...sent(o) }));
  }

  sendOperatorMessage(id: string, body: Body<'postConversationsByIdOperatorMessages'>, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/conversations/{id}/operator-messages', { params: { path: { id }, header: keyed(o) }, body, ...sent(o) }));
  }

  takeover(id: string, body: Body<'postConversationsByIdTakeover'> = {}, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/conversations/{id}/takeover', { params: { path: { id }, header: keyed(o) }, body, ...sent(o) }));
  }

  returnToAi(id: string, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/conversations/{id}/return-to-ai', { params: { path: { id }, header: keyed(o) }, ...sent(o) }));
  }

  close(id: string, o: WriteOptions = {}) {
    return unwrap(this.api.POST('/conversations/{id}/close', { params: { path: { id }, header: keyed(o) }, ...sent(o) }));
  }
}
