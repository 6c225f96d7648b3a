/**
 * /widget.js: the one line a site owner pastes,
 *   <script src="https://<cell origin>/widget.js" data-channel="<channel id>" async></script>
 * adds a launcher bubble and, on the first click, an iframe with the chat from the cell origin
 * (/widget/frame.html), where every call but init is same-origin. A site with its own launcher
 * calls window.SalesChat.open() / close() (or POST /api/widget/init itself: it has CORS).
 *
 * A classic script (document.currentScript works only there): no imports, no exports, all
 * inside one function. Styles are set through the CSSOM, so a host page's CSP need not allow
 * inline styles; it must allow this origin in script-src, connect-src and frame-src.
 */
(() => {
  interface SalesChatApi {
    open(): void;
    close(): void;
    toggle(): void;
    isOpen(): boolean;
  }
  /** What the frame keeps when the browser refuses it storage of its own (third-party storage blocked). */
  interface FrameState {
    token?: string;
    consent?: string;
  }
  interface Memory {
    open?: boolean;
    session?: boolean;
    frame?: FrameState;
  }
  type FrameMessage =
    | { type: 'saleschat:hello' }
    | { type: 'saleschat:close' }
    | { type: 'saleschat:session'; active: boolean }
    | { type: 'saleschat:unread' }
    | { type: 'saleschat:store'; state: FrameState };

  const w = window as unknown as { SalesChat?: SalesChatApi };
  if (w.SalesChat) return; // pasted twice

  const script = document.currentScript as HTMLScriptElement | null;
  const channel = script?.dataset.channel ?? '';
  if (!script || !channel) {
    console.warn('[SalesChat] the widget script needs data-channel="<channel id>"');
    return;
  }
  const cellOrigin = new URL(script.src, location.href).origin;
  const frameUrl = `${cellOrigin}/widget/frame.html?channel=${encodeURIComponent(channel)}`;
  /**
   * The host page's memory (its own origin): whether a chat is going on, whether the panel is
   * open, and the frame's state when the frame may not keep it itself.
   */
  const memoryKey = `saleschat:${channel}`;
  const narrow = window.matchMedia('(max-width: 480px)');

  let color = '#2563eb';
  let frame: HTMLIFrameElement | null = null;
  let opened = false;
  let launcher: HTMLButtonElement | null = null;
  let dot: HTMLSpanElement | null = null;

  const memory = (): Memory => {
    try {
      return JSON.parse(localStorage.getItem(memoryKey) ?? '{}') as Memory;
    } catch {
      return {};
    }
  };
  const remember = (patch: Memory): void => {
    try {
      localStorage.setItem(memoryKey, JSON.stringify({ ...memory(), ...patch }));
    } catch {
      // storage off: the chat works, it just does not reopen by itself
    }
  };

  const css = (el: HTMLElement, styles: Record<string, string>): void => {
    for (const [name, value] of Object.entries(styles)) el.style.setProperty(name, value);
  };

  function layout(): void {
    if (launcher) {
      css(launcher, { background: color, display: opened && narrow.matches ? 'none' : 'flex' });
      launcher.setAttribute('aria-expanded', String(opened));
      launcher.setAttribute('aria-label', opened ? 'Close chat' : 'Open chat');
      launcher.textContent = opened ? '\u00d7' : '';
      if (!opened) launcher.append(bubbleIcon());
      if (dot) launcher.append(dot);
    }
    if (!frame) return;
    const common = { display: opened ? 'block' : 'none', position: 'fixed', 'z-index': '2147483000', border: '0', background: '#fff' };
    css(frame, narrow.matches
      ? { ...common, inset: '0', width: '100%', height: '100%', 'max-height': 'none', 'border-radius': '0', 'box-shadow': 'none' }
      : {
        ...common, inset: 'auto 20px 92px auto', width: '360px', height: '560px', 'max-height': 'calc(100vh - 112px)',
        'border-radius': '14px', 'box-shadow': '0 12px 40px rgba(0,0,0,.22)',
      });
  }

  function bubbleIcon(): SVGSVGElement {
    const ns = 'http://www.w3.org/2000/svg';
    const svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('width', '28');
    svg.setAttribute('height', '28');
    svg.setAttribute('aria-hidden', 'true');
    const path = document.createElementNS(ns, 'path');
    path.setAttribute('fill', '#fff');
    path.setAttribute('d', 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z');
    svg.append(path);
    return svg;
  }

  function context(): void {
    frame?.contentWindow?.postMessage({
      type: 'saleschat:context', page_url: location.href, page_title: document.title, open: opened, stored: memory().frame ?? {},
    }, cellOrigin);
  }

  function ensureFrame(): HTMLIFrameElement {
    if (frame) return frame;
    frame = document.createElement('iframe');
    frame.src = frameUrl;
    frame.title = 'Chat';
    frame.id = 'saleschat-frame';
    frame.setAttribute('allow', 'clipboard-write');
    frame.addEventListener('load', context);
    layout();
    document.body.append(frame);
    return frame;
  }

  /** null while init is under way; false where the chat may not run (nothing opens then). */
  let available: boolean | null = null;
  let openWhenReady = false;

  function open(): void {
    if (available !== true) {
      openWhenReady = available === null;
      return;
    }
    ensureFrame();
    opened = true;
    dot?.remove();
    dot = null;
    remember({ open: true });
    layout();
    context();
  }

  function close(): void {
    opened = false;
    remember({ open: false });
    layout();
    context();
    launcher?.focus();
  }

  window.addEventListener('message', (event: MessageEvent<FrameMessage>) => {
    if (event.origin !== cellOrigin || !frame || event.source !== frame.contentWindow) return;
    const data = event.data;
    if (data?.type === 'saleschat:hello') context();
    else if (data?.type === 'saleschat:close') close();
    else if (data?.type === 'saleschat:store' && data.state && typeof data.state === 'object') {
      remember({ frame: { token: typeof data.state.token === 'string' ? data.state.token : undefined, consent: typeof data.state.consent === 'string' ? data.state.consent : undefined } });
    } else if (data?.type === 'saleschat:session') remember({ session: data.active });
    else if (data?.type === 'saleschat:unread' && !opened && launcher && !dot) {
      dot = document.createElement('span');
      css(dot, { position: 'absolute', top: '2px', right: '2px', width: '14px', height: '14px', 'border-radius': '50%', background: '#ef4444', border: '2px solid #fff' });
      launcher.append(dot);
    }
  });
  narrow.addEventListener('change', layout);

  function addLauncher(): void {
    launcher = document.createElement('button');
    launcher.type = 'button';
    launcher.id = 'saleschat-launcher';
    css(launcher, {
      position: 'fixed', right: '20px', bottom: '20px', width: '60px', height: '60px', 'border-radius': '50%', border: '0', cursor: 'pointer',
      color: '#fff', 'font-size': '30px', 'line-height': '1', 'align-items': 'center', 'justify-content': 'center', padding: '0',
      'box-shadow': '0 6px 20px rgba(0,0,0,.25)', 'z-index': '2147483000',
    });
    launcher.addEventListener('click', () => (opened ? close() : open()));
    document.body.append(launcher);
    layout();
  }

  w.SalesChat = { open, close, toggle: () => (opened ? close() : open()), isOpen: () => opened };

  /** One page view per page load, where the chat runs (no cookie: the server counts a daily visitor hash). */
  function pageview(): void {
    fetch(`${cellOrigin}/api/widget/pageview`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, credentials: 'omit', keepalive: true,
      body: JSON.stringify({ channel_id: channel, url: location.href, title: document.title.slice(0, 500), referrer: document.referrer }),
    }).catch(() => undefined);
  }

  function start(): void {
    // init answers cross-origin only for the sites the channel allows: elsewhere no launcher.
    fetch(`${cellOrigin}/api/widget/init`, {
      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ channel_id: channel }), credentials: 'omit',
    }).then(async (res) => {
      if (res.status === 403 || res.status === 404) {
        available = false;
        console.warn(`[SalesChat] the chat is not available on this site (${res.status})`);
        return;
      }
      available = true;
      pageview();
      if (res.ok) {
        const settings = await res.json() as { color?: string };
        if (typeof settings.color === 'string' && /^#[0-9a-fA-F]{6}$/.test(settings.color)) color = settings.color;
      }
      addLauncher();
      const m = memory();
      if (m.open || openWhenReady) open();
      else if (m.session) ensureFrame(); // hidden: new operator messages still arrive and mark the bubble
    }).catch(() => {
      available = false;
      // A site the channel does not allow gets a 403 without CORS headers, which reads as a
      // network error here, like being offline: no launcher either way.
      console.warn('[SalesChat] the chat could not start (not allowed on this site, or offline)');
    });
  }

  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
})();
