import type { Redis } from 'ioredis';
import { channelName, subscriberConnection } from '../../src/redis.js';
import { CONVERSATION_DRAFT_CHANNEL, draftsKey } from '../../src/domain/conversations/drafts.js';
import { CONVERSATION_LIVE_CHANNEL } from '../../src/domain/conversations/live.js';
import { eventually } from './eventually.js';

/** One notice as it came, in Redis's order: a draft's delta or retraction, or a conversation's live notice. */
export type Heard =
  | { kind: 'delta'; conversationId: string; messageId: string; offset: number; text: string; at: number }
  | { kind: 'retracted'; conversationId: string; messageId: string; at: number }
  | { kind: 'live'; conversationId: string; at: number };

/**
 * What the api processes hear from the worker about a conversation (the draft channel and the
 * conversation-live channel), on one subscriber connection so the two keep Redis's order.
 */
export class DraftListener {
  readonly heard: Heard[] = [];

  private constructor(private readonly redis: Redis, private readonly subscriber: Redis) {}

  static async start(redis: Redis): Promise<DraftListener> {
    const self = new DraftListener(redis, subscriberConnection(redis));
    const draft = channelName(redis, CONVERSATION_DRAFT_CHANNEL);
    self.subscriber.on('message', (channel: string, message: string) => {
      const at = Date.now();
      if (channel !== draft) return void self.heard.push({ kind: 'live', conversationId: message, at });
      const n = JSON.parse(message);
      self.heard.push(n.retracted === true
        ? { kind: 'retracted', conversationId: n.conversation_id, messageId: n.message_id, at }
        : { kind: 'delta', conversationId: n.conversation_id, messageId: n.message_id, offset: n.offset, text: n.text, at });
    });
    await self.subscriber.subscribe(draft, channelName(redis, CONVERSATION_LIVE_CHANNEL));
    return self;
  }

  /** Everything heard about one conversation, in order. */
  of(conversationId: string): Heard[] {
    return this.heard.filter((h) => h.conversationId === conversationId);
  }

  deltas(messageId: string): Extract<Heard, { kind: 'delta' }>[] {
    return this.heard.filter((h): h is Extract<Heard, { kind: 'delta' }> => h.kind === 'delta' && h.messageId === messageId);
  }

  /** The first delta of a conversation's reply, once one arrives. */
  firstDelta(conversationId: string, timeoutMs = 30_000): Promise<Extract<Heard, { kind: 'delta' }>> {
    return eventually(`a draft delta of conversation ${conversationId}`, async () => this.of(conversationId).find((h): h is Extract<Heard, { kind: 'delta' }> => h.kind === 'delta'), timeoutMs, 20);
  }

  /** The draft's field in the conversation's hash (null: none). */
  field(conversationId: string, messageId: string): Promise<string | null> {
    return this.redis.hget(draftsKey(conversationId), messageId);
  }

  async close(): Promise<void> {
    await this.subscriber.quit().catch(() => undefined);
  }
}

/** The widget's rule for deltas: one that starts past what is shown is ignored, else it replaces the rest from its offset. */
export function shownAfter(deltas: { offset: number; text: string }[]): string {
  let shown = '';
  for (const d of deltas) if (d.offset <= shown.length) shown = shown.slice(0, d.offset) + d.text;
  return shown;
}
