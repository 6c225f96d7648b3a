import type { Redis } from 'ioredis';
import type { Orm } from '../db/em.js';
import { Message } from '../entities/conversation.js';
import { CONVERSATION_DRAFT_CHANNEL, draftId, draftsKey, parseDraftNotice, type DraftNotice } from '../domain/conversations/drafts.js';
import { channelName } from '../redis.js';

/** What a stream is sent of a draft (src/domain/conversations/drafts.ts). */
export type DraftEvent =
  | { type: 'delta'; messageId: string; offset: number; text: string }
  | { type: 'retracted'; messageId: string };

/** A stream as the drafts see it (the hub's listener). */
export interface DraftListener {
  /** Its catch-up went out: it gets drafts as they come. */
  ready: boolean;
  /** Notices heard before it was ready, in arrival order: its catch-up merges them. */
  heard: DraftNotice[];
  follower: { hasSent(messageId: string): boolean };
}

/** The drafts a stream's catch-up starts from: the hash as read after the catch-up's messages, without replies already committed. */
export type DraftTexts = Map<string, string>;

/**
 * The drafts side of the live hub: notices on CONVERSATION_DRAFT_CHANNEL go at once to the
 * ready streams of their conversation, with no database read, as ONE event object per notice
 * that every stream shares (its SSE frame is rendered once); a stream is never sent a draft of
 * a message it was sent as final. A stream opening meanwhile gets the drafts in its catch-up.
 */
export class LiveDrafts {
  readonly channel: string;

  constructor(private readonly redis: Redis, private readonly orm: Orm) {
    this.channel = channelName(redis, CONVERSATION_DRAFT_CHANNEL);
  }

  /** A notice on the channel: to the ready streams of its conversation; kept by those still catching up. */
  heard(raw: string, listenersOf: (conversationId: string) => Iterable<DraftListener> | undefined, deliver: (l: DraftListener, events: DraftEvent[]) => void): void {
    const notice = parseDraftNotice(raw);
    if (!notice) return;
    const listeners = listenersOf(notice.conversationId);
    if (!listeners) return;
    const batch: DraftEvent[] = ['retracted' in notice
      ? { type: 'retracted', messageId: notice.messageId }
      : { type: 'delta', messageId: notice.messageId, offset: notice.offset, text: notice.text }];
    for (const l of listeners) {
      if (!l.ready) l.heard.push(notice);
      else if (!l.follower.hasSent(notice.messageId)) deliver(l, batch);
    }
  }

  /** The conversation's drafts now, less those whose message is committed (a commit comes before its HDEL). */
  async read(conversationId: string): Promise<DraftTexts> {
    const all = await this.redis.hgetall(draftsKey(conversationId));
    const drafts: DraftTexts = new Map();
    for (const [field, text] of Object.entries(all)) {
      const id = draftId(field);
      if (id) drafts.set(id, text);
    }
    if (drafts.size === 0) return drafts;
    const committed = await this.orm.em.fork().find(Message, { id: { $in: [...drafts.keys()] } }, { fields: ['id'] });
    for (const m of committed) drafts.delete(m.id);
    return drafts;
  }

  /** What a stream's catch-up ends with (catchUpDrafts); forgets what it heard meanwhile. */
  catchUp(drafts: DraftTexts, l: DraftListener): DraftEvent[] {
    const events = catchUpDrafts(drafts, l.heard, (id) => l.follower.hasSent(id));
    l.heard = [];
    return events;
  }
}

/**
 * What a stream's catch-up ends with: each draft as one `delta` at offset 0 with its whole
 * text. The hash was read after the stream started hearing notices, so some notices it heard
 * are already in the hash: a delta heard before any that the text does not already hold is
 * skipped (applied, it would cut the text back to what it was then); the rest apply as the
 * client rule does. Messages the stream was sent as final get nothing.
 */
export function catchUpDrafts(drafts: DraftTexts, heard: readonly DraftNotice[], sent: (messageId: string) => boolean): DraftEvent[] {
  const texts = new Map<string, { text: string | undefined; past: boolean }>();
  for (const [id, text] of drafts) texts.set(id, { text, past: false });
  for (const n of heard) {
    let d = texts.get(n.messageId);
    if (!d) texts.set(n.messageId, (d = { text: undefined, past: true }));
    if ('retracted' in n) {
      d.text = undefined;
      d.past = true;
    } else if (d.text === undefined) {
      if (n.offset === 0) d.text = n.text;
    } else if (n.offset <= d.text.length) {
      const next = d.text.slice(0, n.offset) + n.text;
      if (d.past || !d.text.startsWith(next)) {
        d.past = true;
        d.text = next;
      }
    }
  }
  const events: DraftEvent[] = [];
  for (const [messageId, d] of texts) {
    if (d.text !== undefined && !sent(messageId)) events.push({ type: 'delta', messageId, offset: 0, text: d.text });
  }
  return events;
}
