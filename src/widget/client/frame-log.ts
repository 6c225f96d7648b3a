/**
 * The conversation as the chat page shows it: each message once (by id) in created_at order,
 * the visitor's messages while they are sent and when they failed, a reply's draft until its
 * final message takes its place (frame-drafts.ts), the typing dots and notes. It draws;
 * frame.ts decides what (the session, the composer, the live updates).
 */
import type { WidgetMessage } from './contract.js';
import { Drafts } from './frame-drafts.js';
import { el, renderMessage as drawMessage, timeOf } from './frame-render.js';

const TYPING_TIMEOUT_MS = 90_000;

/** What the log draws in, and what it tells the page. */
export interface ChatLogPage {
  log: HTMLElement;
  scroller: HTMLElement;
  typing: HTMLElement;
  /** The host page's origin as known now: card and button paths resolve against it. */
  hostOrigin(): string | null;
  /** A message from the other side arrived live (not from history). */
  arrived(): void;
}

export class ChatLog {
  private readonly rendered = new Map<string, HTMLElement>();
  /** AI replies being written, shown as they grow (frame-drafts.ts). */
  readonly drafts: Drafts;
  private typingTimer: number | undefined;
  private pendingSeq = 0;

  constructor(private readonly page: ChatLogPage) {
    this.drafts = new Drafts({ log: page.log, isFinal: (id) => this.rendered.has(id), stopTyping: () => this.stopTyping(), scrollDown: () => this.scrollDown() });
  }

  /** A message as drawn, its card and button paths resolved against the host page. */
  private render(m: Parameters<typeof drawMessage>[0]): HTMLElement {
    return drawMessage(m, this.page.hostOrigin());
  }

  scrollDown(): void {
    this.page.scroller.scrollTop = this.page.scroller.scrollHeight;
  }

  /** Places a message by created_at among the stored ones (the greeting stays first, sending ones last). */
  private place(item: HTMLElement, at: string): void {
    item.dataset.at = at;
    const log = this.page.log;
    const later = [...log.children].find((c) => c instanceof HTMLElement && c.dataset.at && !c.classList.contains('pending') && c.dataset.at > at);
    if (later) log.insertBefore(item, later);
    else log.append(item);
  }

  /** Shows a message once (by id); `live` when it arrives now rather than from history. */
  add(m: WidgetMessage, live: boolean): void {
    if (this.rendered.has(m.id)) return;
    if (m.sender === 'user') {
      // A message this frame is still sending arrives from the stream first: take it over.
      const pending = [...this.page.log.querySelectorAll<HTMLElement>('.msg.pending')].find((p) => p.dataset.content === (m.content ?? ''));
      if (pending) {
        this.settle(pending, m);
        return;
      }
    }
    const item = this.render(m);
    item.dataset.id = m.id;
    this.rendered.set(m.id, item);
    // The reply's draft gives way in the same task: the page never shows both.
    this.drafts.take(m.id)?.remove();
    this.place(item, m.created_at);
    if (m.sender !== 'user') {
      this.stopTyping();
      if (live) this.page.arrived();
    }
    this.scrollDown();
  }

  /** A message being sent becomes the stored one. */
  settle(pending: HTMLElement, m: WidgetMessage): void {
    const shown = this.rendered.get(m.id);
    if (shown === pending) return;
    if (shown) {
      pending.remove();
      return;
    }
    pending.classList.remove('pending', 'failed');
    pending.querySelector('.failure')?.remove();
    pending.dataset.id = m.id;
    pending.dataset.at = m.created_at;
    pending.querySelector('time')?.replaceWith(el('time', 'time', timeOf(m.created_at)));
    this.rendered.set(m.id, pending);
  }

  /** The visitor's message while it is sent: last in the log, until the stored one settles it. */
  sending(content: string): HTMLElement {
    const item = this.render({ sender: 'user', content, created_at: new Date().toISOString(), attachments: [], cards: [] });
    item.classList.add('pending');
    item.dataset.content = content;
    item.dataset.id = `pending-${++this.pendingSeq}`;
    this.page.log.append(item);
    this.scrollDown();
    return item;
  }

  /** A message being sent goes last again (after the note that a new chat began). */
  moveLast(item: HTMLElement): void {
    this.page.log.append(item);
  }

  /** A message that was not sent: why, and a Retry button unless `retry` is null. */
  failed(item: HTMLElement, reason: string, retry: (() => void) | null): void {
    item.classList.add('failed');
    item.querySelector('.failure')?.remove();
    const row = el('div', 'failure', `${reason} `);
    if (retry) {
      const button = el('button', 'retry', 'Retry');
      button.type = 'button';
      button.addEventListener('click', () => {
        row.remove();
        item.classList.remove('failed');
        retry();
      });
      row.append(button);
    }
    item.append(row);
    this.scrollDown();
  }

  note(text: string): void {
    const item = el('li', 'msg msg-system note');
    const bubble = el('div', 'bubble', text);
    item.append(bubble);
    this.page.log.append(item);
    this.scrollDown();
  }

  startTyping(): void {
    this.page.typing.hidden = false;
    clearTimeout(this.typingTimer);
    this.typingTimer = window.setTimeout(() => this.stopTyping(), TYPING_TIMEOUT_MS);
    this.scrollDown();
  }

  stopTyping(): void {
    this.page.typing.hidden = true;
    clearTimeout(this.typingTimer);
  }

  /** The assistant's greeting, first in the log (in place of an earlier one). */
  greet(text: string | null): void {
    this.page.log.querySelector('.greeting')?.remove();
    if (!text) return;
    const greeting = this.render({ sender: 'ai', content: text, created_at: '', attachments: [], cards: [] });
    greeting.classList.add('greeting');
    greeting.querySelector('time')?.remove();
    this.page.log.prepend(greeting);
  }

  /** The session ended: its messages and drafts go (notes stay). */
  clear(): void {
    for (const item of this.rendered.values()) item.remove();
    this.rendered.clear();
    this.drafts.clear();
  }
}
