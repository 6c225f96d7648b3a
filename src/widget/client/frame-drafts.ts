/**
 * AI replies as they are written (the stream's `message:delta` and `message:retracted`): each
 * draft grows in a bubble at the end of the chat, where the typing indicator was, until the
 * final `message` with the same id takes its place. The contract's client rule: a delta whose
 * offset is past the text shown is ignored, else the text becomes text.slice(0, offset) + piece;
 * deltas of a message already final are ignored. The text goes in as a text node, never as HTML.
 * Polling carries no drafts: a visitor on the fallback sees final messages only.
 */
import { el } from './frame-render.js';

/** A draft that hears nothing this long is dropped (its reply died without a retraction); the typing indicator waits as long. */
const IDLE_MS = 90_000;

export interface DraftChat {
  log: HTMLElement;
  /** The message is shown as final already. */
  isFinal(id: string): boolean;
  /** A draft shows in its place, or was retracted: the typing indicator goes. */
  stopTyping(): void;
  scrollDown(): void;
}

interface Draft {
  item: HTMLElement;
  text: Text;
  idle: number;
}

export class Drafts {
  private readonly drafts = new Map<string, Draft>();

  constructor(private readonly chat: DraftChat) {}

  delta(id: string, offset: number, piece: string): void {
    if (this.chat.isFinal(id)) return;
    const draft = this.drafts.get(id);
    const shown = draft?.text.data ?? '';
    if (offset > shown.length) return;
    const text = shown.slice(0, offset) + piece;
    if (!draft && text === '') return;
    const d = draft ?? this.add(id);
    d.text.data = text;
    clearTimeout(d.idle);
    d.idle = window.setTimeout(() => this.drop(id), IDLE_MS);
    this.chat.stopTyping();
    this.chat.scrollDown();
  }

  /** The reply failed or was canceled: its draft goes, and the typing indicator (shown or not, there is no reply coming). */
  retracted(id: string): void {
    if (this.chat.isFinal(id)) return;
    this.drop(id);
    this.chat.stopTyping();
  }

  /** The final message arrived: its draft's element, removed from the drafts (the caller puts the message in its place). */
  take(id: string): HTMLElement | null {
    const d = this.drafts.get(id);
    if (!d) return null;
    clearTimeout(d.idle);
    this.drafts.delete(id);
    return d.item;
  }

  /** Drops every draft (the stream broke, or the session ended); true when there was one. */
  clear(): boolean {
    const had = this.drafts.size > 0;
    for (const id of [...this.drafts.keys()]) this.drop(id);
    return had;
  }

  private add(id: string): Draft {
    const item = el('li', 'msg msg-ai draft');
    item.dataset.draft = id;
    // The log is aria-live: a screen reader would read every piece; it reads the final message whole.
    item.setAttribute('aria-hidden', 'true');
    const bubble = el('div', 'bubble');
    const box = el('div', 'text');
    const text = document.createTextNode('');
    box.append(text);
    bubble.append(box);
    item.append(bubble);
    this.chat.log.append(item);
    const d: Draft = { item, text, idle: 0 };
    this.drafts.set(id, d);
    return d;
  }

  private drop(id: string): boolean {
    const d = this.drafts.get(id);
    if (!d) return false;
    clearTimeout(d.idle);
    d.item.remove();
    this.drafts.delete(id);
    return true;
  }
}
