/**
 * The address rule for everything a tenant shows in chat (card images, card links and
 * buttons, message attachments): what a visitor's browser may be sent to.
 *
 * The account's storage lives on the cell: a stored file has the path
 * `/storage/<tenant id>/<file path>`, written either as that path or as the same path under
 * the cell's host (`https://<cell host>/storage/<tenant id>/...`). Any address whose path
 * starts with `/storage/` on the cell (or a bare `/storage/...` path) is a storage path, and
 * it must name the caller's own tenant.
 */

/** `file`: https or a file in the account's storage. `link`: https or a path on the account's primary domain. */
export type AddressKind = 'file' | 'link';

export interface StorageContext {
  tenantId: string;
  /** Origin of the cell, e.g. `https://api.ru.example.com`: its host serves `/storage/`. */
  cellOrigin: string;
}

/** Why an address is refused: `invalid_format` (not an address) or `not_allowed` (an address, but not one we send). */
export interface AddressRefusal {
  code: 'invalid_format' | 'not_allowed';
  message: string;
}

const STORAGE_PREFIX = '/storage/';

const refuse = (code: AddressRefusal['code'], message: string): AddressRefusal => ({ code, message });

const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);

/**
 * Control characters and backslashes never belong in an address, nor white space as written
 * (`written`); once %-escapes are decoded a space is fine (a %20 in a file name).
 */
function unsafe(text: string, written: boolean): boolean {
  for (const ch of text) {
    if (isControl(ch.codePointAt(0)!) || ch === '\\' || (written && /\s/.test(ch))) return true;
  }
  return false;
}

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** The path of an address as written, without query and fragment, %-escapes decoded; null when malformed. */
function plainPath(written: string): string | null {
  return decoded(written.split(/[?#]/)[0]!);
}

/** A path's problem, if any: malformed escapes, hidden control characters, or dot segments that walk out of where it points. */
function pathRefusal(path: string | null): AddressRefusal | null {
  if (path === null || unsafe(path, false)) return refuse('invalid_format', 'the path has malformed %-escapes, control characters or backslashes');
  if (path.split('/').some((segment) => segment === '.' || segment === '..')) return refuse('invalid_format', 'the path may not hold . or .. segments');
  return null;
}

/** The storage rule: a path under /storage/ must be `/storage/<own tenant id>/<file path>` (`path` decoded, no query). */
function storageRefusal(path: string, ctx: StorageContext): AddressRefusal | null {
  const [, tenant, ...file] = path.slice(STORAGE_PREFIX.length - 1).split('/');
  if (tenant?.toLowerCase() !== ctx.tenantId.toLowerCase()) return refuse('not_allowed', "a storage path must be one of this account's files: /storage/<your tenant id>/<file path>");
  if (!file.length || file.some((s) => s === '')) return refuse('invalid_format', 'a storage path is /storage/<tenant id>/<file path>');
  return null;
}

/** A path (%-escapes decoded) is a storage path when it starts with /storage/, letter case ignored. */
export function isStoragePath(path: string): boolean {
  return path.toLowerCase().startsWith(STORAGE_PREFIX);
}

/** The cell's host, any port, a trailing dot ignored. */
const sameHost = (a: URL, b: URL) => a.hostname.replace(/\.$/, '') === b.hostname.replace(/\.$/, '');

/**
 * Checks one address of the given kind; null when it may be shown. Refused: any scheme but
 * https (javascript:, data:, http:, ...), protocol-relative `//host`, credentials, control
 * characters, white space, backslashes, dot segments, another account's storage path, and for
 * `file` any path that is not in the account's storage.
 */
export function addressRefusal(text: string, kind: AddressKind, ctx: StorageContext): AddressRefusal | null {
  if (unsafe(text, true)) return refuse('invalid_format', 'the address has control characters, white space or backslashes');
  if (text.startsWith('//')) return refuse('not_allowed', 'a protocol-relative address (//host) is not allowed; write https://');
  if (text.startsWith('/')) {
    const path = plainPath(text);
    const bad = pathRefusal(path);
    if (bad || path === null) return bad;
    if (isStoragePath(path)) return storageRefusal(path, ctx);
    return kind === 'link' ? null : refuse('not_allowed', "must be an https:// address or a file in the account's storage (/storage/<tenant id>/<file path>)");
  }
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
  if (scheme === undefined) return refuse('invalid_format', kind === 'link' ? 'must be an https:// address or a path starting with /' : "must be an https:// address or a storage path");
  if (scheme !== 'https') return refuse('not_allowed', `the ${scheme}: scheme is not allowed; only https://`);
  if (!/^https:\/\/[^/?#]/i.test(text) || !URL.canParse(text)) return refuse('invalid_format', 'not a valid https:// address');
  const url = new URL(text);
  if (url.username || url.password) return refuse('not_allowed', 'an address may not carry a user name or password');
  const path = plainPath(text.slice('https://'.length).replace(/^[^/?#]*/, ''));
  const bad = pathRefusal(path);
  if (bad || path === null) return bad;
  if (sameHost(url, new URL(ctx.cellOrigin)) && isStoragePath(path)) return storageRefusal(path, ctx);
  return null;
}
