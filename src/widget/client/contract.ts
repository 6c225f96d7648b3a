/**
 * The visitor chat wire shapes the frame reads (spec 01, Visitor chat routes; the server side
 * is src/widget/presenters.ts and the session and stream routes). Types only: nothing here
 * reaches the browser.
 */

export type WidgetState = 'ai' | 'queued' | 'operator';

export interface Consent {
  text: string;
  url: string;
  version: string;
}

export interface InitAnswer {
  channel_id: string;
  greeting: string | null;
  color: string;
  assistant: { name: string; subtitle: string | null };
  queue: { title: string; subtitle: string | null };
  consent?: Consent | null;
}

export interface WidgetCard {
  name: string;
  price_text: string | null;
  description: string | null;
  image_url?: string | null;
  page_url?: string | null;
  buttons: { label: string; url: string }[];
}

export interface WidgetMessage {
  id: string;
  sender: 'user' | 'ai' | 'operator' | 'system';
  content: string | null;
  created_at: string;
  operator?: { name: string };
  attachments: { url: string; name: string | null }[];
  cards: WidgetCard[];
}

/** `message:delta` on the stream: the draft of AI reply `message_id` from UTF-16 index `offset` on is `text`. */
export interface DraftDelta {
  message_id: string;
  offset: number;
  text: string;
}

/** `message:retracted`: that reply failed or was canceled; its draft goes. */
export interface DraftRetracted {
  message_id: string;
}

export interface ConversationView {
  state: WidgetState;
  operator: { name: string } | null;
}

export interface SendAnswer extends ConversationView {
  session_token: string;
  queued: boolean;
  response: WidgetMessage | null;
  /** The visitor's own message as stored (additive). */
  message?: WidgetMessage;
}

export interface HistoryAnswer extends ConversationView {
  messages: WidgetMessage[];
}

export interface PollAnswer extends ConversationView {
  new_messages: WidgetMessage[];
}

/** Problem JSON as the widget routes answer it; `error` repeats `code`. */
export interface ProblemAnswer {
  code?: string;
  error?: string;
  detail?: string;
  consent?: Consent;
}

/** What the frame keeps per channel: in its own storage, or the host page's when its own is blocked. */
export interface FrameState {
  token?: string;
  /** The consent version this visitor accepted. */
  consent?: string;
}

/**
 * postMessage between the embed script (host page) and the frame. Browsers that block
 * third-party storage (Chrome with third-party cookies off, Safari, Brave) refuse the frame's
 * localStorage: the frame then keeps its state in the host page's storage through the embed
 * script (`saleschat:store` there, `stored` back in every context message).
 */
export type FrameToHost =
  | { type: 'saleschat:hello' }
  | { type: 'saleschat:close' }
  | { type: 'saleschat:session'; active: boolean }
  | { type: 'saleschat:unread' }
  | { type: 'saleschat:store'; state: FrameState };
export type HostToFrame =
  | { type: 'saleschat:context'; page_url: string; page_title: string; open: boolean; stored: FrameState };
