import type { Redis } from 'ioredis';

/**
 * Stands in for the worker's side of streamed AI replies, written from the shared contract
 * (BRIEF of issue 37; docs/decisions.md "Streamed AI replies: the delta event") with its
 * literal names, not the code's constants: the hash `conversation-drafts:<C>` (ioredis adds
 * the key prefix), field = message id, value = the whole visible text so far, PEXPIRE 10
 * minutes; each write and its notice on the channel `<key prefix>conversation-draft` in one
 * MULTI; the field deleted after the final message commits and on retraction.
 */
export class DraftWriter {
  /** The whole text so far of each draft. */
  readonly texts = new Map<string, string>();

  constructor(private readonly redis: Redis, readonly conversationId: string) {}

  private get channel(): string {
    return `${this.redis.options.keyPrefix ?? ''}conversation-draft`;
  }

  private get key(): string {
    return `conversation-drafts:${this.conversationId}`;
  }

  /** The draft's text from `offset` on becomes `piece` (offset 0: a new text). */
  async write(messageId: string, offset: number, piece: string): Promise<void> {
    const text = (this.texts.get(messageId) ?? '').slice(0, offset) + piece;
    this.texts.set(messageId, text);
    await this.redis.multi()
      .hset(this.key, messageId, text)
      .pexpire(this.key, 600_000)
      .publish(this.channel, JSON.stringify({ conversation_id: this.conversationId, message_id: messageId, offset, text: piece }))
      .exec();
  }

  /** Appends `piece` to the draft (a delta at its current end). */
  append(messageId: string, piece: string): Promise<void> {
    return this.write(messageId, this.texts.get(messageId)?.length ?? 0, piece);
  }

  /** Only the notice of a delta, without a write (a stray or late notice). */
  async publishOnly(messageId: string, offset: number, piece: string, conversationId = this.conversationId): Promise<void> {
    await this.redis.publish(this.channel, JSON.stringify({ conversation_id: conversationId, message_id: messageId, offset, text: piece }));
  }

  /** The reply failed or was canceled. */
  async retract(messageId: string): Promise<void> {
    this.texts.delete(messageId);
    await this.redis.multi()
      .hdel(this.key, messageId)
      .publish(this.channel, JSON.stringify({ conversation_id: this.conversationId, message_id: messageId, retracted: true }))
      .exec();
  }

  /** After the final message committed (and was announced). */
  async committed(messageId: string): Promise<void> {
    this.texts.delete(messageId);
    await this.redis.hdel(this.key, messageId);
  }
}
