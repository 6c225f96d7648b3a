import type { Services } from '../../services.js';
import { recordSupportAction } from '../../domain/support/audit.js';
import type { SupportOperator } from '../../entities/support-operator.js';
import { findOperator, totpBox } from './accounts.js';
import { UNKNOWN_ACCOUNT_HASH, passwordMatches } from './passwords.js';
import { totpMatch } from './totp.js';

/**
 * Signing in with a password and a TOTP code, with guesses limited: each attempt is counted per
 * account and per address in Redis BEFORE anything is verified, so attempts in parallel cannot
 * get more verifications than the limit; past it, the account or the address is refused
 * without a look at the password until the lock-out period has passed. Every failed attempt,
 * every lock-out and every sign-in is a row of support_actions.
 */
export interface SignInLimits {
  /** Attempts per account within a lock-out period (SUPPORT_SIGNIN_ATTEMPTS). */
  perAccount: number;
  /** Attempts per client address within a lock-out period (SUPPORT_SIGNIN_ATTEMPTS_PER_ADDRESS). */
  perAddress: number;
  lockoutMs: number;
}

export type SignInOutcome =
  | { ok: true; operator: SupportOperator }
  | { ok: false; reason: 'locked' | 'refused' };

type FailReason = 'unknown' | 'disabled' | 'password' | 'totp';

const GIVE_BACK = "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0";
const accountKey = (email: string) => `support:signin:account:${email}`;
const addressKey = (address: string) => `support:signin:address:${address}`;

/** Counts one attempt on a counter that lives for the lock-out period from the first attempt. */
async function count(s: Services, keys: string[], lockoutMs: number): Promise<number[]> {
  const multi = s.redis.multi();
  for (const key of keys) multi.set(key, 0, 'PX', lockoutMs, 'NX').incr(key);
  const results = (await multi.exec()) ?? [];
  return keys.map((_, i) => Number(results[i * 2 + 1]?.[1]));
}

export async function signIn(s: Services, limits: SignInLimits, attempt: { email: string; password: string; code: string; address: string }): Promise<SignInOutcome> {
  const email = attempt.email.trim().toLowerCase().slice(0, 254);
  const { address } = attempt;
  const [forAccount, forAddress] = await count(s, [accountKey(email), addressKey(address)], limits.lockoutMs);
  const em = s.orm.em.fork();
  const now = s.clock.now();
  const record = (action: 'login' | 'login.failed' | 'login.locked', targetId: string, detail: Record<string, unknown>) =>
    em.transactional((tx) => recordSupportAction(tx, { operator: email || '(none)', action, targetId, tenantId: null, detail: { address, ...detail } }, now));

  const overAccount = forAccount! > limits.perAccount;
  const overAddress = forAddress! > limits.perAddress;
  if (overAccount || overAddress) {
    // The lock-out is recorded once, by the attempt that reached it; the refused ones after it are only counted.
    if (forAccount === limits.perAccount + 1) await record('login.locked', email, { by: 'account', attempts: limits.perAccount, minutes: limits.lockoutMs / 60_000 });
    if (forAddress === limits.perAddress + 1) await record('login.locked', address, { by: 'address', attempts: limits.perAddress, minutes: limits.lockoutMs / 60_000 });
    return { ok: false, reason: 'locked' };
  }

  const operator = email ? await findOperator(em, email) : null;
  // An unknown account costs the same scrypt as a known one: the time does not tell which e-mails exist.
  const passwordOk = await passwordMatches(attempt.password, operator?.passwordHash ?? UNKNOWN_ACCOUNT_HASH);
  let failed: FailReason | null = !operator ? 'unknown' : !passwordOk ? 'password' : operator.disabled ? 'disabled' : null;
  if (!failed) {
    const step = totpMatch(totpBox(s.config).open(operator!.totpSecretSealed), attempt.code.trim(), now, operator!.totpLastStep ?? null);
    // A code is good once: the step is taken only if no attempt took it (or a later one) first.
    const taken = step === null ? [] : await em.execute<{ id: string }[]>(
      'update support_operators set totp_last_step = ? where id = ? and (totp_last_step is null or totp_last_step < ?) returning id', [step, operator!.id, step],
    );
    if (!taken.length) failed = 'totp';
  }
  if (failed) {
    await record('login.failed', operator?.id ?? email, { reason: failed });
    return { ok: false, reason: 'refused' };
  }
  // A sign-in clears the account's count and takes its own attempt back from the address's (while that count lives).
  await s.redis.multi().del(accountKey(email)).eval(GIVE_BACK, 1, addressKey(address)).exec();
  await record('login', operator!.id, { method: 'password' });
  return { ok: true, operator: operator! };
}
