import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Services } from '../../services.js';
import type { Em } from '../../db/em.js';
import { newId } from '../../ids.js';
import type { OperatorRole } from '../../entities/support-operator.js';

/**
 * The console's sessions, on the server (support_sessions): the cookie carries 32 random bytes,
 * the table only their SHA-256, so a copy of the database signs nobody in. A session ends when
 * it is unused for its idle time, at its absolute expiry, at sign-out, when an admin ends it,
 * and when its operator is disabled or has a password reset.
 */
export const SESSION_COOKIE = 'support_session';

export interface SessionOperator {
  id: string;
  email: string;
  role: OperatorRole;
}

export interface SignedIn {
  sessionId: string;
  operator: SessionOperator & { displayName: string };
}

export interface SessionLifetimes {
  idleMs: number;
  maxMs: number;
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A session's cookie header: path /, HttpOnly, SameSite=Strict; Secure when the console is served over https. */
export function sessionCookie(token: string, o: { secure: boolean; maxAgeSeconds: number }): string {
  return `${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${o.maxAgeSeconds}${o.secure ? '; Secure' : ''}`;
}

export function cookieOf(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** Starts a session for an operator; the token (the cookie's value) is returned once and stored only as its hash. */
export async function startSession(em: Em, o: { operatorId: string; method: 'password' | 'proxy'; address: string | null }, lifetimes: SessionLifetimes, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await em.execute(
    `insert into support_sessions (id, operator_id, token_hash, method, address, created_at, last_seen_at, idle_ms, expires_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [newId(), o.operatorId, tokenHash(token), o.method, o.address, now.toISOString(), now.toISOString(), lifetimes.idleMs, new Date(now.getTime() + lifetimes.maxMs).toISOString()],
    'run',
  );
  return token;
}

interface SessionRow { session_id: string; operator_id: string; email: string; role: OperatorRole; display_name: string }

/** The live session of a token, its last use moved to `now`; null when it ended, idled out, expired, or its operator is disabled. */
export async function sessionOfToken(em: Em, token: string | undefined, now: Date): Promise<SignedIn | null> {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await em.execute<SessionRow[]>(
    `update support_sessions s set last_seen_at = ?
       from support_operators o
      where s.token_hash = ? and s.ended_at is null and s.expires_at > ?
        and s.last_seen_at + s.idle_ms * interval '1 millisecond' > ?
        and o.id = s.operator_id and not o.disabled
      returning s.id as session_id, o.id as operator_id, o.email, o.role, o.display_name`,
    [now.toISOString(), tokenHash(token), now.toISOString(), now.toISOString()],
  );
  return row ? { sessionId: row.session_id, operator: { id: row.operator_id, email: row.email, role: row.role, displayName: row.display_name } } : null;
}

/**
 * The operator signed in by a request's session cookie, or null (for other listeners of the
 * console process, such as the codec endpoint: the same cookie, path /, SameSite=Strict, HttpOnly).
 */
export async function operatorOfRequest(services: Services, req: IncomingMessage): Promise<SessionOperator | null> {
  const signedIn = await sessionOfToken(services.orm.em.fork(), cookieOf(req, SESSION_COOKIE), services.clock.now());
  return signedIn ? { id: signedIn.operator.id, email: signedIn.operator.email, role: signedIn.operator.role } : null;
}

/** Ends live sessions (one, or all of an operator's); returns how many ended. */
export async function endSessions(em: Em, which: { sessionId: string } | { operatorId: string }, endedBy: string, now: Date): Promise<number> {
  const [column, id] = 'sessionId' in which ? ['id', which.sessionId] : ['operator_id', which.operatorId];
  const rows = await em.execute<{ id: string }[]>(
    `update support_sessions set ended_at = ?, ended_by = ? where ${column} = ? and ended_at is null returning id`,
    [now.toISOString(), endedBy, id],
  );
  return rows.length;
}

export interface SessionView {
  id: string;
  method: 'password' | 'proxy';
  address: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
  endedBy: string | null;
  live: boolean;
}

/** An operator's sessions, newest first: the live ones and the last ended ones. */
export async function sessionsOf(em: Em, operatorId: string, now: Date, limit = 50): Promise<SessionView[]> {
  const rows = await em.execute<{ id: string; method: 'password' | 'proxy'; address: string | null; created_at: string; last_seen_at: string; expires_at: string; ended_at: string | null; ended_by: string | null; idle_ms: number }[]>(
    'select * from support_sessions where operator_id = ? order by created_at desc limit ?', [operatorId, limit],
  );
  return rows.map((r) => {
    const lastSeenAt = new Date(r.last_seen_at);
    const expiresAt = new Date(r.expires_at);
    return {
      id: r.id, method: r.method, address: r.address, createdAt: new Date(r.created_at), lastSeenAt, expiresAt,
      endedAt: r.ended_at ? new Date(r.ended_at) : null, endedBy: r.ended_by,
      live: !r.ended_at && expiresAt > now && lastSeenAt.getTime() + r.idle_ms > now.getTime(),
    };
  });
}

/** The token every form of a session carries, derived from the session's own secret: a POST without it is refused (CSRF). */
export function formToken(token: string): string {
  return createHash('sha256').update(`support-console form\n${token}`).digest('base64url');
}
