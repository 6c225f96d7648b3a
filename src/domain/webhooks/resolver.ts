import { lookup } from 'node:dns/promises';
import type { WebhookSettings } from '../../config.js';
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
