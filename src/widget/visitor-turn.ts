import type { Context } from 'koa';
import type { Services } from '../services.js';
import type { Conversation, Message, PageRef } from '../entities/conversation.js';
import type { Operation } from '../entities/operation.js';
import { domainError } from '../errors/domain-error.js';
import { clientAddress } from '../domain/access/ip-rules.js';
import { takeCustomerTurn } from '../domain/ai-reply/customer-turn.js';
import { startVisitorConversation, websitePayer, type WebsiteChannel } from '../domain/channels/website-channels.js';
import type { Consent } from '../domain/channels/website-settings.js';
import { takeConversationChanges } from '../domain/conversations/live.js';
import type { WalletView } from '../domain/wallet/wallet-reader.js';
import { paidRateCounter } from '../http/rate-limit.js';
import { conversationOfSession, openSession, rotateSession, sessionOfToken } from './sessions.js';
import { rotationOf, type TokenRotation } from './token-rotations.js';

export interface VisitorMessage {
  content: string;
  sessionToken?: string | null;
  pageUrl?: string | null;
  pageTitle?: string | null;
  consentVersion?: string | null;
}

export interface VisitorTurn {
  /** The fresh session token. */
  token: string;
  conversation: Conversation;
  message: Message;
  /** The AI reply being prepared; null when the AI does not answer. */
  operation: Operation | null;
  /** Conversations the transaction changed (to announce after the commit). */
  changed: string[];
  /** The returning visitor's token rotation (to announce after the commit). */
  rotation: TokenRotation | null;
}

/** The client address the request comes from (behind TRUSTED_PROXIES, the forwarded one). */
const visitorAddress = (ctx: Context, services: Services): string =>
  clientAddress(ctx.req.socket.remoteAddress ?? '', ctx.get('x-forwarded-for') || undefined, services.config.trustedProxies);

const PAGE_URL_MAX = 2000;
const PAGE_TITLE_MAX = 300;

/**
 * The page the visitor writes from, as context for operators: best effort, never a reason to
 * refuse a message. An address is kept when it is http(s) (cut at 2000 characters), a title
 * is cut at 300; null when nothing usable was sent.
 */
export function pageOf(m: VisitorMessage): PageRef | null {
  const url = m.pageUrl?.trim();
  const address = url && /^https?:\/\//i.test(url) && URL.canParse(url) ? url.slice(0, PAGE_URL_MAX) : undefined;
  const title = m.pageTitle?.trim().slice(0, PAGE_TITLE_MAX) || undefined;
  return address || title ? { ...(address ? { address } : {}), ...(title ? { title } : {}) } : null;
}

/**
 * The consent version the session holds after this message. A configured consent must be
 * accepted by every message (spec 01: consent_version equal to the current version), not only
 * the first; otherwise 400 consent_required with the consent to show.
 */
function acceptedConsent(consent: Consent | null, sent: string | null | undefined, held: string | null | undefined): string | null {
  if (!consent) return held ?? null;
  if (sent === consent.version) return consent.version;
  throw domainError('consent_required', 'Accept the consent: send its version as consent_version with every message.', { consent });
}

/**
 * A visitor's message, in one transaction: the session (a new visitor gets a conversation on
 * the website channel and a session; a returning one is found by the token, which must be of
 * this channel), the consent, the page, then the customer turn shared with the API (the AI
 * reply is a paid operation of the tenant; when the tenant cannot pay, the conversation goes
 * to an operator), and a fresh token. Nothing is written when any step refuses.
 */
export async function takeVisitorTurn(services: Services, ctx: Context, website: WebsiteChannel, wallet: WalletView, m: VisitorMessage): Promise<VisitorTurn> {
  const settings = services.config.widget;
  const { channel } = website;
  return services.orm.em.fork().transactional(async (tx) => {
    const now = services.clock.now();
    const held = m.sessionToken ? await sessionOfToken(tx, m.sessionToken, settings, now, { lock: true }) : null;
    // A token of another channel (of this tenant or any other) is no session here.
    if (held && held.channelId !== channel.id) throw domainError('invalid_session', 'The chat session belongs to another chat; start a new chat.');
    const consentVersion = acceptedConsent(website.settings.consent, m.consentVersion, held?.consentVersion);
    const page = pageOf(m);
    let conversation: Conversation;
    let token: string;
    if (held) {
      conversation = await conversationOfSession(tx, held);
      if (page) conversation.page = page;
      held.consentVersion = consentVersion;
      token = rotateSession(held, settings, now);
    } else {
      conversation = await startVisitorConversation(tx, channel, page, now);
      ({ token } = openSession(tx, { tenantId: channel.tenantId, channelId: channel.id, conversationId: conversation.id, consentVersion }, settings, now));
    }
    const turn = await takeCustomerTurn(tx, {
      payer: websitePayer(website, services.config, visitorAddress(ctx, services)), wallet, services, rates: paidRateCounter(services, ctx), unpaid: 'hand_off',
    }, conversation.id, { text: m.content, attachments: [] });
    await tx.flush();
    return {
      token, conversation: turn.conversation, message: turn.message, operation: turn.operation, changed: takeConversationChanges(tx),
      rotation: held ? rotationOf(held) : null,
    };
  });
}
