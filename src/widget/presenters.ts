import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Conversation, Message } from '../entities/conversation.js';
import { siteAddress } from '../domain/provisioning/primary-domain.js';

/** Conversation state as the widget shows it (spec 01): ai, queued (waiting for an operator), operator. */
export const WIDGET_STATES = ['ai', 'queued', 'operator'] as const;
export type WidgetState = (typeof WIDGET_STATES)[number];

export function widgetState(c: Conversation): WidgetState {
  if (c.mode === 'operator') return 'operator';
  if (c.status === 'handoff_pending') return 'queued';
  return 'ai';
}

export function widgetOperator(c: Conversation): { name: string } | null {
  return c.mode === 'operator' && c.operatorName ? { name: c.operatorName } : null;
}

/** Signs attachment addresses: `/api/widget/attachments/<message>/<index>?exp=<unix s>&sig=<hex>`. */
export class AttachmentSigner {
  constructor(private readonly origin: string, private readonly secret: string, private readonly ttlMs: number) {}

  private signature(messageId: string, index: number, exp: number): string {
    return createHmac('sha256', this.secret).update(`attachment:${messageId}:${index}:${exp}`).digest('hex');
  }

  url(messageId: string, index: number, now: Date): string {
    const exp = Math.floor((now.getTime() + this.ttlMs) / 1000);
    return `${this.origin}/api/widget/attachments/${messageId}/${index}?exp=${exp}&sig=${this.signature(messageId, index, exp)}`;
  }

  /** A signature that matches and has not expired. */
  verify(messageId: string, index: number, exp: number, sig: string, now: Date): boolean {
    if (!Number.isInteger(exp) || exp * 1000 < now.getTime() || !/^[0-9a-f]{64}$/.test(sig)) return false;
    return timingSafeEqual(Buffer.from(sig, 'hex'), Buffer.from(this.signature(messageId, index, exp), 'hex'));
  }
}

const SENDER = { customer: 'user', ai: 'ai', operator: 'operator', system: 'system' } as const;
export const WIDGET_SENDERS = Object.values(SENDER);

/** Whether a message carries a card address that is a path (resolved against the tenant's primary domain). */
export const hasCardPaths = (m: Message): boolean =>
  m.cards.some((c) => c.page_url?.startsWith('/') || c.buttons.some((b) => b.url.startsWith('/')));

/**
 * A chat message as the widget templates read it (spec 01): sender user/ai/operator/system,
 * content, id, created_at, optional operator {name}, attachments [{url, name}] behind signed
 * short-lived addresses, and cards [{name, price_text, description, buttons}] (plus image_url
 * and page_url, additive). Deleted messages are not shown to visitors at all.
 * Card addresses that are paths (spec 02 Card) become addresses on `site`, the tenant's
 * primary domain (https://<domain>); without one a path page_url is null and a button to a
 * path is left out (the chat frame is on the cell's origin, where the path leads nowhere).
 */
export function presentWidgetMessage(m: Message, signer: AttachmentSigner, now: Date, site: string | null) {
  return {
    id: m.id,
    sender: SENDER[m.sender],
    content: m.content ?? null,
    created_at: m.createdAt.toISOString(),
    ...(m.operatorName ? { operator: { name: m.operatorName } } : {}),
    attachments: m.attachments.map((a, i) => ({ url: signer.url(m.id, i, now), name: a.name ?? null })),
    cards: m.cards.map((c) => ({
      name: c.name, price_text: c.price_text, description: c.description, image_url: c.image_url,
      page_url: c.page_url === null ? null : siteAddress(c.page_url, site),
      buttons: c.buttons.flatMap((b) => {
        const url = siteAddress(b.url, site);
        return url === null ? [] : [{ label: b.label, url }];
      }),
    })),
  };
}
export type WidgetMessage = ReturnType<typeof presentWidgetMessage>;
