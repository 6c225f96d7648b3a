import { LockMode } from '@mikro-orm/core';
import type { Em } from '../db/em.js';
import type { WidgetSettings } from '../config/widget.js';
import { WidgetSession } from '../entities/widget-session.js';
import { Conversation } from '../entities/conversation.js';
import { domainError } from '../errors/domain-error.js';
import { newId } from '../ids.js';
import { findWebsiteChannelDomains } from '../domain/channels/website-channels.js';
import { newSessionToken, parseSessionToken, tokenHash, tokenMatches } from './session-tokens.js';

const invalidSession = () => domainError('invalid_session', 'The chat session is unknown, expired or was replaced by a newer token; start a new chat.');

/** A valid token's session, and the token itself: its hash and when it stops being valid (ms). */
export interface HeldToken {
  session: WidgetSession;
  hash: string;
  endsAt: number;
}

/**
 * The visitor behind a token, for every visitor route (history, poll, the stream, messages):
 * the session whose current token it is, or whose previous token it is while that is still
 * in its grace time, and that has not expired. Anything else is 401 invalid_session. With
 * `lock` the row is locked (messages rotate the token).
 */
export async function sessionOfToken(em: Em, token: unknown, settings: WidgetSettings, now: Date, o: { lock?: boolean } = {}): Promise<WidgetSession> {
  return (await heldToken(em, token, settings, now, o)).session;
}

/**
 * sessionOfToken, and when that token ends: a current token with the session (as of now), a
 * previous one at the end of its grace time (or the session's end, when sooner).
 */
export async function heldToken(em: Em, token: unknown, settings: WidgetSettings, now: Date, o: { lock?: boolean } = {}): Promise<HeldToken> {
  const parsed = parseSessionToken(token);
  if (!parsed) throw invalidSession();
  const session = await em.findOne(WidgetSession, { id: parsed.sessionId }, o.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  if (!session || session.expiresAt.getTime() <= now.getTime()) throw invalidSession();
  const hash = tokenHash(parsed.secret, settings.secret);
  if (tokenMatches(parsed.secret, session.tokenHash, settings.secret)) return { session, hash, endsAt: session.expiresAt.getTime() };
  const graceEnd = session.previousValidUntil?.getTime();
  if (graceEnd !== undefined && graceEnd > now.getTime() && tokenMatches(parsed.secret, session.previousTokenHash, settings.secret)) {
    return { session, hash, endsAt: Math.min(graceEnd, session.expiresAt.getTime()) };
  }
  throw invalidSession();
}

/**
 * A session's chat must still be open on every visitor route: its website channel exists and
 * its tenant is active. Otherwise 404 not_found, what POST /api/widget/init answers for it.
 */
export async function requireOpenChat(em: Em, channelId: string): Promise<void> {
  if (!(await chatIsOpen(em, channelId))) throw domainError('not_found', 'No such chat.');
}

/** One read by primary key (the stream asks it on every heartbeat). */
export async function chatIsOpen(em: Em, channelId: string): Promise<boolean> {
  return (await findWebsiteChannelDomains(em, channelId)) !== null;
}

/**
 * The visitor's own conversation, and only theirs: the session's conversation, of the
 * session's tenant and channel. A session whose conversation is gone is no longer valid.
 */
export async function conversationOfSession(em: Em, session: WidgetSession): Promise<Conversation> {
  const conversation = await em.findOne(Conversation, { id: session.conversationId, tenantId: session.tenantId, channelId: session.channelId });
  if (!conversation) throw invalidSession();
  return conversation;
}

/** A new visitor's session; answers the token to hand out. */
export function openSession(em: Em, c: { tenantId: string; channelId: string; conversationId: string; consentVersion: string | null }, settings: WidgetSettings, now: Date): { session: WidgetSession; token: string } {
  const id = newId();
  const { token, hash } = newSessionToken(id, settings.secret);
  const session = em.create(WidgetSession, {
    id, ...c, tokenHash: hash, previousTokenHash: null, previousValidUntil: null,
    expiresAt: new Date(now.getTime() + settings.sessionTtlMs), createdAt: now, updatedAt: now,
  });
  return { session, token };
}

/**
 * Every message answer hands out a fresh token: the current one becomes the previous (valid
 * WIDGET_TOKEN_GRACE more, so a poll or stream already under way is not cut off), and the
 * session lives WIDGET_SESSION_TTL from now.
 */
export function rotateSession(session: WidgetSession, settings: WidgetSettings, now: Date): string {
  const { token, hash } = newSessionToken(session.id, settings.secret);
  session.previousTokenHash = session.tokenHash;
  session.previousValidUntil = new Date(now.getTime() + settings.tokenGraceMs);
  session.tokenHash = hash;
  session.expiresAt = new Date(now.getTime() + settings.sessionTtlMs);
  session.updatedAt = now;
  return token;
}
