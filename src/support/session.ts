import { createHmac, timingSafeEqual } from 'node:crypto';
import { ConfigError } from '../config.js';

/** How long a login lasts: a working day. */
export const SESSION_MS = 12 * 3600_000;
export const SESSION_COOKIE = 'support_session';
/** An operator's name as recorded with each action: a person's name or login, nothing more. */
export const OPERATOR_NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._@-]{0,63}$/u;

export interface SupportConsoleSettings {
  port: number;
  /** 127.0.0.1 unless SUPPORT_HOST says otherwise: an internal listener. */
  host: string;
  /** The operators' shared secret (SUPPORT_CONSOLE_SECRET); also signs the sessions. */
  secret: string;
}

/** The console's settings from the environment; null when SUPPORT_PORT is unset (no console). */
export function supportConsoleSettings(env: Record<string, string | undefined>): SupportConsoleSettings | null {
  const text = env.SUPPORT_PORT;
  if (text === undefined || text === '') return null;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError('configuration: "SUPPORT_PORT" must be a port number (0-65535)');
  const secret = env.SUPPORT_CONSOLE_SECRET ?? '';
  if (secret.length < 32) throw new ConfigError('configuration: "SUPPORT_CONSOLE_SECRET" is required with SUPPORT_PORT (32+ random characters; bin/up writes one into .env)');
  return { port, host: env.SUPPORT_HOST || '127.0.0.1', secret };
}

const sign = (secret: string, purpose: string, text: string) => createHmac('sha256', secret).update(`${purpose}\n${text}`).digest('base64url');

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether the secret typed at login is the operators' secret (compared in constant time). */
export function secretMatches(settings: SupportConsoleSettings, typed: string): boolean {
  return sameText(sign(settings.secret, 'login', typed), sign(settings.secret, 'login', settings.secret));
}

/** The session cookie's value: the operator and the end of the session, signed. */
export function newSession(settings: SupportConsoleSettings, operator: string, now: Date): string {
  const body = Buffer.from(JSON.stringify({ operator, until: now.getTime() + SESSION_MS })).toString('base64url');
  return `${body}.${sign(settings.secret, 'session', body)}`;
}

/** The operator of a session cookie still valid at `now`, else null. */
export function sessionOperator(settings: SupportConsoleSettings, cookie: string | undefined, now: Date): string | null {
  const [body, mac, extra] = (cookie ?? '').split('.');
  if (!body || !mac || extra !== undefined || !sameText(mac, sign(settings.secret, 'session', body))) return null;
  try {
    const { operator, until } = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { operator: unknown; until: unknown };
    return typeof operator === 'string' && typeof until === 'number' && until > now.getTime() ? operator : null;
  } catch {
    return null;
  }
}

/** The token every form of a session carries: a POST without it is refused (CSRF). */
export function formToken(settings: SupportConsoleSettings, cookie: string): string {
  return sign(settings.secret, 'form', cookie);
}

export function formTokenMatches(settings: SupportConsoleSettings, cookie: string, token: string | undefined): boolean {
  return token !== undefined && sameText(token, formToken(settings, cookie));
}
