import { lookup } from 'node:dns/promises';
import type { WebhookSettings } from '../../config/webhooks.js';
import { classifyAddress, isIpLiteral } from './address-policy.js';

export class UrlRefused extends Error {}

/**
 * Resolves a subscriber host to the addresses a connection may use: every address the name
 * resolves to must pass the address policy (one blocked address refuses the whole name, so
 * a DNS answer cannot mix a public and a private address). `settings.resolve` pins names
 * for development and tests, like curl --resolve; pinned addresses are checked the same way.
 */
export async function resolveSubscriberHost(host: string, settings: Pick<WebhookSettings, 'resolve' | 'allowPrivateNetworks'>): Promise<string[]> {
  const name = host.toLowerCase();
  if (isIpLiteral(name)) throw new UrlRefused('the host must be a name, not an IP address');
  let addresses: string[];
  const pinned = settings.resolve[name];
  if (pinned) addresses = [pinned];
  else {
    try {
      addresses = (await lookup(name, { all: true, verbatim: true })).map((a) => a.address);
    } catch (err) {
      throw new UrlRefused(`the host name does not resolve (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  if (!addresses.length) throw new UrlRefused('the host name does not resolve');
  for (const address of addresses) {
    const verdict = classifyAddress(address, settings.allowPrivateNetworks);
    if (!verdict.allowed) throw new UrlRefused(`the host name resolves to a ${verdict.range} address, which webhooks may not reach`);
  }
  return addresses;
}

/**
 * Why URL parsers would disagree about the host of a subscriber URL as written, or null. The
 * WHATWG parser (which checks it and connects) reads `https://localhost\@evil.example/` as
 * host localhost and path `/@evil.example/`; an RFC 3986 reader, a log viewer or the
 * integrator's own tooling sees user `localhost\` at evil.example. Such text is refused at
 * POST and PATCH (docs/decisions.md "Issue 25"), so the stored href means one thing.
 */
export function ambiguityOf(text: string): string | null {
  if (text.includes('\\')) return 'the URL may not contain a backslash (URL parsers disagree on where its host ends)';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u0020\u007f-\u009f]/.test(text)) return 'the URL may not contain spaces, tabs, newlines or other control characters';
  // https:host and https:/host parse as https://host: write the slashes.
  if (/^https:/i.test(text) && !/^https:\/\//i.test(text)) return 'write the URL as https://host/path';
  const authority = text.replace(/^[a-z][a-z\d+.-]*:\/*/i, '').split(/[/?#]/, 1)[0]!;
  if (authority.includes('@')) return 'the URL may not carry credentials';
  if (authority.includes('%')) return 'the host may not be percent-encoded';
  if (/\.(?::\d*)?$/.test(authority)) return 'the host may not end with a dot';
  return null;
}

/** The static rules of a subscriber URL: https, port 443, a host name, no credentials. */
export function checkSubscriberUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UrlRefused('not a valid URL');
  }
  if (url.protocol !== 'https:') throw new UrlRefused('the URL must use https');
  if (url.port !== '' && url.port !== '443') throw new UrlRefused('the URL must use port 443');
  if (url.username || url.password) throw new UrlRefused('the URL may not carry credentials');
  if (isIpLiteral(url.hostname)) throw new UrlRefused('the host must be a name, not an IP address');
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') throw new UrlRefused('the host must be a fully qualified name');
  return url;
}
