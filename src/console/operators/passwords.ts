import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Operators' passwords, hashed with scrypt (memory-hard: N=2^15, r=8 is 32 MiB per guess) and a
 * salt of their own; the parameters are stored with the hash, so stronger ones can come later
 * and old hashes still verify: `scrypt$N$r$p$salt$hash` (salt and hash base64url).
 */
const PARAMETERS = { N: 2 ** 15, r: 8, p: 1 };
const KEY_BYTES = 32;
/** At least 16 characters: a password that is a passphrase or made by a manager. */
export const PASSWORD_MIN_LENGTH = 16;

function derive(password: string, salt: Buffer, o: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...o, maxmem: 256 * o.N * o.r };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMETERS);
  return ['scrypt', PARAMETERS.N, PARAMETERS.r, PARAMETERS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `password` is the one hashed (in constant time); a malformed hash matches nothing. */
export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash, extra] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash || extra !== undefined) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A password for a first sign-in, printed once by bin/ctl: 24 random bytes. */
export function newPassword(): string {
  return randomBytes(24).toString('base64url');
}

/** A hash no password matches: an unknown e-mail costs the same time as a known one. */
export const UNKNOWN_ACCOUNT_HASH = `scrypt$${PARAMETERS.N}$${PARAMETERS.r}$${PARAMETERS.p}$${randomBytes(16).toString('base64url')}$${randomBytes(KEY_BYTES).toString('base64url')}`;
