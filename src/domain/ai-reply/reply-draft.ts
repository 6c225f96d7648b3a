import type { Redis } from 'ioredis';
import { channelName } from '../../redis.js';
import { CONVERSATION_DRAFT_CHANNEL, DRAFT_TTL_MS, draftsKey } from '../conversations/drafts.js';
import { keepKnownCards, takeHandoff, tidy, withoutCardMarkers } from '../ai-seller/markers.js';

/** Whose draft: the conversation and the id the reply's message will have (the operation's resource). */
export interface DraftTarget {
  conversationId: string;
  messageId: string;
}

/**
 * A draft that has ended (its message committed, or the reply retracted) is closed for as long
 * as a draft lives: an attempt still writing after the end (a remote call learns of its cancel
 * only at its next heartbeat, seconds later) then writes nothing, so no draft comes back.
 */
const closedKey = (messageId: string): string => `conversation-draft-closed:${messageId}`;

/**
 * The hash field and the notice in one step, refused once the draft is closed. A script rather
 * than MULTI only for that check; like MULTI it runs whole, and Redis keeps the order of one
 * connection's commands, so notices reach the streams in the order they were written.
 */
const WRITE = `
if redis.call('exists', KEYS[2]) == 1 then return 0 end
redis.call('hset', KEYS[1], ARGV[1], ARGV[2])
redis.call('pexpire', KEYS[1], ARGV[3])
redis.call('publish', ARGV[4], ARGV[5])
return 1`;

/** A marker the model has begun and not closed yet (`[CARD:ru`, `[HAND`): hidden until it is whole. */
const UNFINISHED_MARKER = /\[[^\]\n]{0,48}$/;

/**
 * The text a visitor may see of a reply being written: no card or handoff markers (cards come
 * with the final message), no half-written marker at the end, tidied as the final text will be.
 */
export function visibleDraft(raw: string): string {
  return tidy(takeHandoff(keepKnownCards(raw, new Set())).content.replace(UNFINISHED_MARKER, ''));
}

/**
 * Publishes one attempt's draft of a reply as the model writes it: `update` takes the raw text
 * so far (a SellerModel's onText); the first piece goes at once, later ones at most once per
 * `throttleMs` (the newest text then), and `finish` sends the reply as it will be kept. A
 * piece that extends what was last published is sent from there; any other change (a marker
 * taken out, a new attempt) resends the whole text from offset 0. Stops for good when `signal`
 * aborts. A Redis that fails loses the draft, never the reply: the final message still comes.
 */
export class DraftPublisher {
  private published = '';
  /** The newest text, made visible only when it is sent (the model calls update per token; the throttle sends a few). */
  private latest: () => string = () => '';
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private sent: Promise<void> = Promise.resolve();

  constructor(private readonly redis: Redis, private readonly target: DraftTarget, private readonly throttleMs: number, private readonly signal?: AbortSignal) {
    signal?.addEventListener('abort', () => this.stop(), { once: true });
  }

  readonly update = (raw: string): void => {
    this.latest = () => visibleDraft(raw);
    if (this.timer || this.stopped) return;
    const waitMs = this.lastSentAt + this.throttleMs - Date.now();
    if (waitMs <= 0) this.send();
    else this.timer = setTimeout(() => this.send(), waitMs);
  };

  /** Sends the reply's text as the message will show it (whatever the throttle), and waits for every write. */
  async finish(content: string): Promise<void> {
    this.latest = () => withoutCardMarkers(content);
    this.send();
    this.stopped = true;
    await this.sent;
  }

  /** No more writes (the attempt failed or was cancelled); one under way still lands. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private send(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped || this.signal?.aborted) return;
    const text = this.latest();
    if (text === this.published) return;
    const offset = text.startsWith(this.published) ? this.published.length : 0;
    this.published = text;
    this.lastSentAt = Date.now();
    const { conversationId, messageId } = this.target;
    const notice = JSON.stringify({ conversation_id: conversationId, message_id: messageId, offset, text: text.slice(offset) });
    const write = this.redis.eval(WRITE, 2, draftsKey(conversationId), closedKey(messageId), messageId, text, DRAFT_TTL_MS, channelName(this.redis, CONVERSATION_DRAFT_CHANNEL), notice)
      .then((written) => { if (written === 0) this.stop(); }, () => undefined);
    this.sent = this.sent.then(() => write);
  }
}

/**
 * Ends a draft: `committed` (its message is written and announced: the field goes) or retracted
 * (the reply failed or was canceled: the field goes and the streams are told to remove it).
 * Either way the draft is closed, so a late write of a running attempt cannot bring it back.
 * A Redis that fails leaves the field to its expiry; the operation's own end stands.
 */
export async function endDraft(redis: Redis, target: DraftTarget, how: 'committed' | 'retracted'): Promise<void> {
  const { conversationId, messageId } = target;
  const multi = redis.multi().set(closedKey(messageId), '1', 'PX', DRAFT_TTL_MS).hdel(draftsKey(conversationId), messageId);
  if (how === 'retracted') {
    multi.publish(channelName(redis, CONVERSATION_DRAFT_CHANNEL), JSON.stringify({ conversation_id: conversationId, message_id: messageId, retracted: true }));
  }
  await multi.exec().catch(() => undefined);
}
