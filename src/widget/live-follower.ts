/**
 * What each stream of a conversation is sent, worked out from the snapshots the hub reads
 * (live-hub.ts): pure, no Redis and no database. One ConversationFollower per stream; the
 * followers of one snapshot share its positions, state and events (SnapshotShare).
 */
import type { Conversation, Message } from '../entities/conversation.js';
import { widgetOperator, widgetState, type WidgetState } from './presenters.js';
import { START, cursorOf, isAfter, positionOf, type Position } from './sse.js';
import type { DraftEvent } from './live-drafts.js';

/**
 * How far back, behind the newest message a listener has, a read looks for messages it has
 * not seen. A message's created_at is taken before its transaction commits, so of two
 * messages committed close together the later-committed one can carry the earlier time; a
 * pure "after the last position" read would skip it forever. Inside this window such a
 * message is still sent (once: listeners remember what they sent within the window).
 */
export const LATE_COMMIT_WINDOW_MS = 10_000;

/** What a snapshot read saw: the conversation and its non-deleted messages from `fromMs` on, ascending (created_at, id). */
export interface LiveSnapshot {
  /** null when the conversation is gone. */
  conversation: Conversation | null;
  messages: Message[];
  /** created_at bound of the read (inclusive); -Infinity = every message. */
  fromMs: number;
}

export type LiveEvent =
  | { type: 'message'; message: Message; /** the event id: the listener's resume cursor after this message */ cursor: string }
  | { type: 'update'; state: WidgetState; operator: { name: string } | null }
  | { type: 'closed' }
  | DraftEvent;

const CLOSED: LiveEvent = { type: 'closed' };

/** The conversation's state as streams show it, with the one `update` event that announces it. */
interface SharedState {
  state: WidgetState;
  operator: string | null;
  closed: boolean;
  /** updated_at (ms). */
  version: number;
  update: LiveEvent;
}

/**
 * What every follower of one snapshot would otherwise compute for itself: the messages'
 * positions, the state, and the events themselves. A fan-out hands the same snapshot to
 * every stream of the conversation, so the streams that are level (the usual case) get the
 * SAME event objects, which the stream side renders once (by identity) for all of them.
 */
class SnapshotShare {
  readonly positions: Position[];
  readonly state: SharedState | null;
  private readonly events: (LiveEvent | undefined)[] = [];

  constructor(readonly snapshot: LiveSnapshot) {
    this.positions = snapshot.messages.map(positionOf);
    const c = snapshot.conversation;
    if (!c) {
      this.state = null;
      return;
    }
    const state = widgetState(c);
    const operator = widgetOperator(c);
    this.state = { state, operator: operator?.name ?? null, closed: c.status === 'closed', version: c.updatedAt.getTime(), update: { type: 'update', state, operator } };
  }

  /** The event of message i whose cursor is the message's own position. */
  messageEvent(i: number): LiveEvent {
    return (this.events[i] ??= { type: 'message', message: this.snapshot.messages[i]!, cursor: cursorOf(this.positions[i]!) });
  }
}

const shares = new WeakMap<LiveSnapshot, SnapshotShare>();
const shareOf = (snapshot: LiveSnapshot): SnapshotShare => {
  let share = shares.get(snapshot);
  if (!share) shares.set(snapshot, (share = new SnapshotShare(snapshot)));
  return share;
};

/**
 * What one stream has sent, and what it must send next from each snapshot: messages it has
 * not sent (after its position, or late commits inside the window), `update` when
 * {state, operator} changed since it last sent one (and once at the start), `closed` when
 * the status became closed while it was open. Pure: the hub feeds it snapshots, the stream
 * writes what it answers. Events are shared between the followers of a snapshot where they
 * are equal (SnapshotShare): treat them as read-only.
 */
export class ConversationFollower {
  /** The highest position sent (or the baseline). */
  private after: Position;
  /** Ids of messages sent, or at or before the baseline, inside the window behind `after`. */
  private readonly seen = new Map<string, number>();
  /** The window's floor at the last prune: nothing in `seen` is older, so an unchanged floor needs no prune. */
  private prunedAt = -Infinity;
  private shown: SharedState | null = null;
  /** updated_at (ms) of the conversation state last applied: an older snapshot never moves the state back. */
  private stateVersion = -Infinity;

  /** `baseline`: the client's resume position; null = whatever the catch-up snapshot's newest message is. */
  constructor(private readonly baseline: Position | null) {
    this.after = baseline ?? START;
  }

  /** Whether the message was sent to this stream as final (or was at or before its baseline), inside the window. */
  hasSent(messageId: string): boolean {
    return this.seen.has(messageId);
  }

  /** The created_at (ms) the next snapshot must start at for this follower (inclusive). */
  needsFrom(): number {
    return this.after.t === -Infinity ? -Infinity : this.after.t - LATE_COMMIT_WINDOW_MS;
  }

  /** The first snapshot: messages after the baseline, then the current state. */
  catchUp(snapshot: LiveSnapshot): LiveEvent[] {
    const share = shareOf(snapshot);
    const last = share.positions[share.positions.length - 1];
    const baseline = this.baseline ?? last ?? START;
    this.after = baseline;
    const events: LiveEvent[] = [];
    snapshot.messages.forEach((m, i) => {
      const p = share.positions[i]!;
      if (!isAfter(p, baseline)) this.seen.set(m.id, p.t);
      else events.push(this.send(share, i));
    });
    this.prune();
    this.applyState(share.state, events, true);
    return events;
  }

  /** A later snapshot; null when it starts after what this follower needs (read again). */
  apply(snapshot: LiveSnapshot): LiveEvent[] | null {
    if (snapshot.fromMs > this.needsFrom()) return null;
    const share = shareOf(snapshot);
    const events: LiveEvent[] = [];
    const floor = this.needsFrom();
    snapshot.messages.forEach((m, i) => {
      if (!this.seen.has(m.id) && share.positions[i]!.t >= floor) events.push(this.send(share, i));
    });
    this.prune();
    this.applyState(share.state, events, false);
    return events;
  }

  private send(share: SnapshotShare, i: number): LiveEvent {
    const p = share.positions[i]!;
    const m = share.snapshot.messages[i]!;
    this.seen.set(m.id, p.t);
    if (isAfter(p, this.after)) this.after = p;
    // Level with the message (the usual case): the shared event; behind a later message sent before (a late commit): its own cursor.
    return this.after === p ? share.messageEvent(i) : { type: 'message', message: m, cursor: cursorOf(this.after) };
  }

  private prune(): void {
    const floor = this.needsFrom();
    if (floor === this.prunedAt) return;
    this.prunedAt = floor;
    for (const [id, t] of this.seen) if (t < floor) this.seen.delete(id);
  }

  private applyState(s: SharedState | null, events: LiveEvent[], always: boolean): void {
    if (!s || s.version < this.stateVersion) return;
    this.stateVersion = s.version;
    const before = this.shown;
    if (always || !before || before.state !== s.state || before.operator !== s.operator) events.push(s.update);
    // A transition this stream saw: a stream opened on a closed conversation gets its state only.
    if (s.closed && before && !before.closed) events.push(CLOSED);
    this.shown = s;
  }
}
