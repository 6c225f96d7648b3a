/**
 * How the frame draws a message: text with its web addresses as links, attachments, product
 * cards and the time. Data reaches the page only as text nodes and checked http(s) addresses.
 */
import type { WidgetCard, WidgetMessage } from './contract.js';

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string | null): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

/** http(s) addresses only (never javascript: and the like); paths resolve against `base`. */
export function safeUrl(raw: string | null | undefined, base: string | null): string | null {
  if (!raw) return null;
  try {
    const url = base ? new URL(raw, base) : new URL(raw);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

function link(href: string, className: string, text: string): HTMLAnchorElement {
  const a = el('a', className, text);
  a.href = href;
  a.target = '_blank';
  a.rel = 'noopener noreferrer';
  return a;
}

/** Text with its web addresses as links; card markers a model left behind are dropped. */
function richText(content: string): HTMLElement {
  const box = el('div', 'text');
  const text = content.replace(/\[CARD:[a-z0-9_-]{1,40}\]/g, '').trim();
  let at = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g)) {
    box.append(text.slice(at, match.index));
    const href = safeUrl(match[0], null);
    box.append(href ? link(href, 'inline-link', match[0]) : match[0]);
    at = (match.index ?? 0) + match[0].length;
  }
  box.append(text.slice(at));
  return box;
}

/** A product card; its page and button paths resolve against the host page's origin. */
function renderCard(card: WidgetCard, hostOrigin: string | null): HTMLElement {
  const box = el('div', 'card');
  // Pictures of the account's storage are under the cell host; product pages under the site's.
  const image = safeUrl(card.image_url, location.origin);
  if (image) {
    const img = el('img', 'card-image');
    img.src = image;
    img.alt = card.name;
    img.loading = 'lazy';
    img.referrerPolicy = 'no-referrer';
    img.addEventListener('error', () => img.remove());
    box.append(img);
  }
  const body = el('div', 'card-body');
  body.append(el('div', 'card-name', card.name));
  if (card.price_text) body.append(el('div', 'card-price', card.price_text));
  if (card.description) body.append(el('div', 'card-description', card.description));
  const page = safeUrl(card.page_url, hostOrigin);
  const buttons = card.buttons.length > 0 ? card.buttons.slice(0, 3) : page ? [{ label: 'Details', url: page }] : [];
  const row = el('div', 'card-buttons');
  for (const b of buttons) {
    const href = safeUrl(b.url, hostOrigin);
    if (href) row.append(link(href, 'card-button', b.label));
  }
  if (row.childElementCount > 0) body.append(row);
  box.append(body);
  return box;
}

/** A paper clip (not an emoji: not every system has a font for it). */
function clipIcon(): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  svg.setAttribute('aria-hidden', 'true');
  svg.classList.add('clip');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('fill', 'none');
  path.setAttribute('stroke', 'currentColor');
  path.setAttribute('stroke-width', '2');
  path.setAttribute('stroke-linecap', 'round');
  path.setAttribute('d', 'M21 11.5l-8.5 8.5a5 5 0 0 1-7-7L14 4.5a3.5 3.5 0 0 1 5 5L10.5 18a2 2 0 0 1-3-3L15 7.5');
  svg.append(path);
  return svg;
}

export const timeOf = (iso: string): string => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
};

export function renderMessage(m: Pick<WidgetMessage, 'sender' | 'content' | 'created_at' | 'operator' | 'attachments' | 'cards'>, hostOrigin: string | null): HTMLElement {
  const item = el('li', `msg msg-${m.sender}`);
  item.dataset.sender = m.sender;
  if (m.sender === 'operator') item.append(el('div', 'author', m.operator?.name ?? 'Operator'));
  if (m.content) {
    const bubble = el('div', 'bubble');
    bubble.append(richText(m.content));
    item.append(bubble);
  }
  if (m.attachments.length > 0) {
    const list = el('div', 'attachments');
    m.attachments.forEach((a, i) => {
      const href = safeUrl(a.url, location.origin);
      if (!href) return;
      const anchor = link(href, 'attachment', a.name ?? `File ${i + 1}`);
      anchor.prepend(clipIcon());
      list.append(anchor);
    });
    item.append(list);
  }
  if (m.cards.length > 0) {
    const cards = el('div', 'cards');
    for (const card of m.cards) cards.append(renderCard(card, hostOrigin));
    item.append(cards);
  }
  if (m.sender !== 'system') item.append(el('time', 'time', timeOf(m.created_at)));
  return item;
}
