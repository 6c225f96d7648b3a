import { ConfigError } from '../config/config-error.js';
import { isValidAllowlistEntry } from '../domain/access/ip-rules.js';
import type { SessionLifetimes } from './operators/sessions.js';
import type { SignInLimits } from './operators/sign-in.js';

export interface SupportConsoleSettings {
  port: number;
  /** 127.0.0.1 unless SUPPORT_HOST says otherwise: an internal listener. */
  host: string;
  /**
   * The origin operators' browsers use (SUPPORT_PUBLIC_ORIGIN, e.g. https://support.example.com
   * behind a proxy): a POST must come from it, and https makes the session cookie Secure.
   * Null: http:// and the request's Host (a console reached directly).
   */
  publicOrigin: string | null;
  /** SUPPORT_TRUSTED_PROXIES: the authenticating proxies whose X-Forwarded-Email signs an operator in (none by default). */
  trustedProxies: string[];
  sessions: SessionLifetimes;
  signIn: SignInLimits;
  /** Recoveries by range: at most `max` deliveries a job (SUPPORT_RECOVERY_MAX), read `pageSize` a page (SUPPORT_RECOVERY_PAGE). */
  recovery: { max: number; pageSize: number };
}

function whole(env: Record<string, string | undefined>, name: string, fallback: number, min = 1): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`configuration: "${name}" must be a whole number, at least ${min}`);
  return n;
}

/** The console's settings from the environment; null when SUPPORT_PORT is unset (no console). */
export function supportConsoleSettings(env: Record<string, string | undefined>): SupportConsoleSettings | null {
  const text = env.SUPPORT_PORT;
  if (text === undefined || text === '') return null;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError('configuration: "SUPPORT_PORT" must be a port number (0-65535)');
  let publicOrigin: string | null = null;
  if (env.SUPPORT_PUBLIC_ORIGIN) {
    const url = URL.canParse(env.SUPPORT_PUBLIC_ORIGIN) ? new URL(env.SUPPORT_PUBLIC_ORIGIN) : null;
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== env.SUPPORT_PUBLIC_ORIGIN.replace(/\/$/, '')) {
      throw new ConfigError('configuration: "SUPPORT_PUBLIC_ORIGIN" is an origin such as https://support.example.com (scheme, host, optional port; no path)');
    }
    publicOrigin = url.origin;
  }
  const trustedProxies = (env.SUPPORT_TRUSTED_PROXIES ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  const badProxy = trustedProxies.find((p) => !isValidAllowlistEntry(p));
  if (badProxy) throw new ConfigError(`configuration: "SUPPORT_TRUSTED_PROXIES" entry "${badProxy}" is not an IP address or CIDR network`);
  return {
    port,
    host: env.SUPPORT_HOST || '127.0.0.1',
    publicOrigin,
    trustedProxies,
    sessions: { idleMs: whole(env, 'SUPPORT_SESSION_IDLE_MINUTES', 30) * 60_000, maxMs: whole(env, 'SUPPORT_SESSION_MAX_HOURS', 12) * 3600_000 },
    signIn: {
      perAccount: whole(env, 'SUPPORT_SIGNIN_ATTEMPTS', 5),
      perAddress: whole(env, 'SUPPORT_SIGNIN_ATTEMPTS_PER_ADDRESS', 20),
      lockoutMs: whole(env, 'SUPPORT_SIGNIN_LOCKOUT_MINUTES', 15) * 60_000,
    },
    recovery: { max: whole(env, 'SUPPORT_RECOVERY_MAX', 10_000), pageSize: whole(env, 'SUPPORT_RECOVERY_PAGE', 200) },
  };
}
