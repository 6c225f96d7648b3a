/**
 * /widget/frame.js: the visitor chat inside the iframe on the cell origin (contract:
 * spec 01 "Visitor chat routes"). Every call is same-origin (frame-http.ts). The session token
 * lives in this origin's localStorage, keyed by channel, so it survives page loads of the host
 * site; where the browser refuses a third-party frame its storage, the embed script keeps it in
 * the host page's storage instead (FrameState over postMessage; frame-storage.ts).
 * Live updates come from the event stream; when it is unavailable the frame polls every
 * 2.5 s and tries the stream again now and then (frame-live.ts). The messages are drawn in the
 * chat's log (frame-log.ts); data reaches the page only as text nodes (frame-render.ts).
 */
import type { Consent, ConversationView, FrameState, FrameToHost, HistoryAnswer, HostToFrame, InitAnswer, SendAnswer, WidgetMessage } from './contract.js';
import { api, HttpError, sessionGone } from './frame-http.js';
import { LiveUpdates } from './frame-live.js';
import { ChatLog } from './frame-log.js';
import { safeUrl } from './frame-render.js';
import { FrameStorage } from './frame-storage.js';

const MAX_CONTENT = 4000;

const channel = new URLSearchParams(location.search).get('channel') ?? '';
const storageKey = `saleschat:${channel}`;
const embedded = window.parent !== window;

// ---------------------------------------------------------------- elements

const byId = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const found = document.getElementById(id);
  if (!found) throw new Error(`frame.html lacks #${id}`);
  return found as T;
};
const app = byId('app');
const nameEl = byId('assistant-name');
const subtitleEl = byId('assistant-subtitle');
const avatarEl = byId('avatar');
const closeButton = byId<HTMLButtonElement>('close');
const banner = byId('banner');
const bannerTitle = byId('banner-title');
const bannerSubtitle = byId('banner-subtitle');
const scroller = byId('scroll');
const log = byId('log');
const typing = byId('typing');
const notice = byId('notice');
const consentLine = byId('consent');
const consentBox = byId<HTMLInputElement>('consent-box');
const consentText = byId('consent-text');
const consentLink = byId<HTMLAnchorElement>('consent-link');
const form = byId<HTMLFormElement>('form');
const input = byId<HTMLTextAreaElement>('input');
const sendButton = byId<HTMLButtonElement>('send');

// ---------------------------------------------------------------- state

let contextArrived: () => void = () => undefined;
const firstContext = new Promise<void>((resolve) => {
  contextArrived = resolve;
});

const storage = new FrameStorage(storageKey, (state) => tell({ type: 'saleschat:store', state }));
const stored = () => storage.stored();
const store = (patch: Partial<FrameState>) => storage.store(patch);

let settings: InitAnswer | null = null;
/** The session token (read at boot, once the host page's storage is known). */
let token: string | null = null;
let consent: Consent | null = null;
let view: ConversationView = { state: 'ai', operator: null };
/** created_at and stream cursor of the newest message seen (poll `after`, stream last_event_id). */
let lastAt: string | null = null;
let lastCursor: string | null = null;
let hostOrigin: string | null = originOf(document.referrer);
/** The host page's origin as its context messages show it. */
let contextOrigin: string | null = null;
let pageUrl: string | null = null;
let pageTitle: string | null = null;
let visible = !embedded;

/** The conversation as the page shows it (frame-log.ts); `arrived`: a live reply tells the host page when the chat is out of sight. */
const chat = new ChatLog({
  log, scroller, typing,
  hostOrigin: () => hostOrigin,
  arrived: () => {
    if (!visible || document.hidden) tell({ type: 'saleschat:unread' });
  },
});

function originOf(url: string | null | undefined): string | null {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

/** To the embed script; a stored token only to the host origin the context came from. */
function tell(message: FrameToHost): void {
  if (!embedded) return;
  if (message.type === 'saleschat:store' && !contextOrigin) return;
  window.parent.postMessage(message, message.type === 'saleschat:store' ? contextOrigin! : hostOrigin ?? '*');
}

// ---------------------------------------------------------------- messages

function noteNewest(m: WidgetMessage, cursor?: string): void {
  if (!lastAt || m.created_at >= lastAt) {
    lastAt = m.created_at;
    lastCursor = cursor || `${Date.parse(m.created_at)}.${m.id}`;
  }
}

/** Shows a message once (by id); `live` when it arrives now rather than from history. */
function addMessage(m: WidgetMessage, o: { live?: boolean; cursor?: string } = {}): void {
  noteNewest(m, o.cursor);
  chat.add(m, o.live === true);
}

function setView(next: ConversationView): void {
  view = { state: next.state, operator: next.operator ?? null };
  app.dataset.state = view.state;
  if (view.state !== 'ai') chat.stopTyping();
  if (view.state === 'queued' && settings) {
    banner.hidden = false;
    banner.className = 'banner banner-queue';
    bannerTitle.textContent = settings.queue.title;
    bannerSubtitle.textContent = settings.queue.subtitle ?? '';
  } else if (view.state === 'operator') {
    banner.hidden = false;
    banner.className = 'banner banner-operator';
    bannerTitle.textContent = view.operator?.name ?? 'Operator';
    bannerSubtitle.textContent = 'is answering you';
  } else {
    banner.hidden = true;
  }
}

function showNotice(text: string | null): void {
  notice.hidden = !text;
  notice.textContent = text ?? '';
}

// ---------------------------------------------------------------- consent and composer

function consentPending(): boolean {
  return consent !== null && stored().consent !== consent.version;
}

function showConsent(c: Consent | null): void {
  consent = c;
  if (!consentPending() || !c) {
    consentLine.hidden = true;
    updateComposer();
    return;
  }
  consentLine.hidden = false;
  consentText.textContent = c.text;
  const href = safeUrl(c.url, hostOrigin ?? location.origin);
  consentLink.hidden = !href;
  if (href) consentLink.href = href;
  updateComposer();
}

function updateComposer(): void {
  const blocked = !settings || (consentPending() && !consentBox.checked);
  sendButton.disabled = blocked || input.value.trim() === '';
  input.disabled = !settings;
  app.dataset.consent = consentPending() ? (consentBox.checked ? 'checked' : 'required') : 'none';
}

function growInput(): void {
  input.style.height = 'auto';
  input.style.height = `${Math.min(input.scrollHeight, 120)}px`;
}

// ---------------------------------------------------------------- sending

let sendQueue: Promise<void> = Promise.resolve();

function submit(): void {
  const content = input.value.trim().slice(0, MAX_CONTENT);
  if (content && consentPending() && !consentBox.checked) {
    consentLine.classList.remove('attention');
    void consentLine.offsetWidth; // restart the animation
    consentLine.classList.add('attention');
    return;
  }
  if (!content || sendButton.disabled) return;
  input.value = '';
  growInput();
  const item = chat.sending(content);
  enqueue(item, content);
  updateComposer();
}

function enqueue(item: HTMLElement, content: string): void {
  sendQueue = sendQueue.then(() => send(item, content, true));
}

async function send(item: HTMLElement, content: string, mayRestart: boolean): Promise<void> {
  if (view.state === 'ai') chat.startTyping();
  const acceptedNow = consent && consentBox.checked ? consent.version : null;
  const accepted = acceptedNow ?? (consent && stored().consent === consent.version ? consent.version : null);
  try {
    // With the stream (or before it is first tried) the reply is watched there as it is written; the answer need not hold for it.
    const answer = await api<SendAnswer>('POST', live.streams ? '/api/widget/messages?wait=0' : '/api/widget/messages', {
      channel_id: channel, content, ...(token ? { session_token: token } : {}),
      ...(pageUrl && pageUrl.length <= 2000 ? { page_url: pageUrl } : {}), ...(pageTitle ? { page_title: pageTitle.slice(0, 500) } : {}),
      ...(accepted ? { consent_version: accepted } : {}),
    });
    const fresh = !token;
    token = answer.session_token;
    store({ token, ...(accepted ? { consent: accepted } : {}) });
    if (accepted) showConsent(consent);
    if (fresh) tell({ type: 'saleschat:session', active: true });
    if (answer.message && item.isConnected) {
      chat.settle(item, answer.message);
      noteNewest(answer.message);
    }
    setView(answer);
    if (answer.response) addMessage(answer.response, { live: true });
    else if (answer.queued || answer.state !== 'ai') chat.stopTyping();
    if (!live.following) live.connect(); // the first message: from now on there is a conversation to follow
  } catch (err) {
    chat.stopTyping();
    if (err instanceof HttpError && err.code === 'consent_required') {
      store({ consent: undefined });
      showConsent(err.problem.consent ?? consent);
      item.remove();
      if (!input.value) input.value = content;
      updateComposer();
      return;
    }
    if (mayRestart && err instanceof HttpError && err.status === 401) {
      // The session ended (expired, or the token was rotated out): start a new conversation.
      resetSession('Your previous chat has ended; this message starts a new one.');
      chat.moveLast(item);
      await send(item, content, false);
      return;
    }
    failed(item, content, err);
  }
}

function failed(item: HTMLElement, content: string, err: unknown): void {
  const reason = !(err instanceof HttpError) ? 'No connection.'
    : err.status === 413 ? 'The message is too long.'
      : err.status === 429 ? 'Too many messages; wait a moment.'
        : err.status === 503 ? 'The chat is unavailable right now.' : 'Not sent.';
  // A message too long stays too long: no Retry.
  chat.failed(item, reason, !(err instanceof HttpError) || err.status !== 413 ? () => enqueue(item, content) : null);
}

// ---------------------------------------------------------------- live updates: stream, then polling

const live = new LiveUpdates({
  token: () => token,
  newest: () => ({ cursor: lastCursor, at: lastAt }),
  message: (m, cursor) => addMessage(m, { live: true, cursor }),
  delta: (d) => chat.drafts.delta(d.message_id, d.offset, d.text),
  retracted: (id) => chat.drafts.retracted(id),
  // The reply is still on its way: the dots until the stream is back (its catch-up resends the text) or the final message comes.
  streamLost: () => {
    if (chat.drafts.clear()) chat.startTyping();
  },
  view: setView,
  notice: showNotice,
  closed: () => chat.note('The conversation was closed. Write to us again any time.'),
  sessionEnded: () => resetSession('Your previous chat has ended.'),
  transport: (t) => {
    app.dataset.transport = t;
  },
});

/** Drops the session: a new visitor from the next message on. */
function resetSession(message: string | null): void {
  live.stop();
  token = null;
  store({ token: undefined });
  tell({ type: 'saleschat:session', active: false });
  chat.clear();
  lastAt = null;
  lastCursor = null;
  setView({ state: 'ai', operator: null });
  chat.stopTyping();
  if (message) chat.note(message);
}

// ---------------------------------------------------------------- start

function applySettings(s: InitAnswer): void {
  settings = s;
  if (/^#[0-9a-fA-F]{6}$/.test(s.color)) document.documentElement.style.setProperty('--accent', s.color);
  nameEl.textContent = s.assistant.name;
  subtitleEl.textContent = s.assistant.subtitle ?? '';
  avatarEl.textContent = (s.assistant.name.trim()[0] ?? '?').toUpperCase();
  document.title = s.assistant.name;
  chat.greet(s.greeting);
  showConsent(s.consent ?? null);
}

async function boot(): Promise<void> {
  showNotice(null);
  if (!channel) {
    showNotice('This chat is not set up (no channel).');
    return;
  }
  try {
    applySettings(await api<InitAnswer>('POST', '/api/widget/init', { channel_id: channel }));
  } catch (err) {
    const text = err instanceof HttpError && err.status === 404 ? 'This chat is not available.' : 'The chat is unavailable right now.';
    showNotice(text);
    if (!(err instanceof HttpError && err.status === 404)) window.setTimeout(() => void boot(), 10_000);
    return;
  }
  if (embedded && !storage.own) {
    // The token is in the host page's storage: wait for the embed script's first context.
    await Promise.race([firstContext, new Promise((resolve) => window.setTimeout(resolve, 2000))]);
    storage.hostStateLoaded = true;
  }
  token = stored().token ?? null;
  showConsent(consent);
  if (token) {
    try {
      const history = await api<HistoryAnswer>('GET', `/api/widget/history?st=${encodeURIComponent(token)}`);
      for (const m of history.messages) addMessage(m);
      setView(history);
    } catch (err) {
      if (sessionGone(err)) resetSession(null);
    }
  }
  if (token) live.connect();
  app.dataset.ready = 'true';
  updateComposer();
  focusInput();
}

/** Not on a phone: the keyboard would cover half the chat before the visitor asked for it. */
function focusInput(): void {
  if (visible && !input.disabled && window.innerWidth > 480) input.focus();
}

window.addEventListener('message', (event: MessageEvent<HostToFrame>) => {
  if (!embedded || event.source !== window.parent || event.data?.type !== 'saleschat:context') return;
  const data = event.data;
  hostOrigin = contextOrigin = event.origin;
  pageUrl = typeof data.page_url === 'string' ? data.page_url : null;
  pageTitle = typeof data.page_title === 'string' ? data.page_title : null;
  storage.takeHostState(data.stored);
  contextArrived();
  const wasVisible = visible;
  visible = data.open === true;
  if (visible && !wasVisible) {
    chat.scrollDown();
    focusInput();
  }
});

if (embedded) closeButton.addEventListener('click', () => tell({ type: 'saleschat:close' }));
else closeButton.hidden = true;
consentBox.addEventListener('change', updateComposer);
input.addEventListener('input', () => {
  growInput();
  updateComposer();
});
input.addEventListener('keydown', (e) => {
  if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
    e.preventDefault();
    submit();
  }
});
form.addEventListener('submit', (e) => {
  e.preventDefault();
  submit();
});
updateComposer();
tell({ type: 'saleschat:hello' });
void boot();
