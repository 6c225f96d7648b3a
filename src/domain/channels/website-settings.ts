import { ProvisioningError } from '../provisioning/tenants.js';

/** A consent the visitor accepts before the first message; a new version asks again. */
export interface Consent {
  text: string;
  url: string;
  version: string;
}

/**
 * What a website channel shows and where it may run (channels.settings of a channel of type
 * `website`). `allowed_domains` empty = any site; otherwise init answers cross-origin only
 * to a listed host or a subdomain of one.
 */
export interface WebsiteSettings {
  greeting: string | null;
  color: string;
  consent: Consent | null;
  assistant: { name: string; subtitle: string | null };
  queue: { title: string; subtitle: string | null };
  allowed_domains: string[];
}

export const WEBSITE_DEFAULTS: WebsiteSettings = {
  greeting: null,
  color: '#2563eb',
  consent: null,
  assistant: { name: 'Assistant', subtitle: 'Answers in seconds' },
  queue: { title: 'Connecting you to an operator', subtitle: 'An operator will answer here shortly' },
  allowed_domains: [],
};

const COLOR = /^#[0-9a-f]{6}$/i;
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const DOMAIN = new RegExp(`^(?=.{1,253}$)${LABEL}(?:\\.${LABEL})*$`);
const LIMITS = { greeting: 500, consentText: 1000, consentUrl: 2000, consentVersion: 64 };

/** What an operator sets; everything else takes the defaults. */
export interface WebsiteSettingsInput {
  greeting?: string | null;
  color?: string | null;
  consent?: { text?: string; url?: string; version?: string } | null;
  allowedDomains?: string[] | null;
}

function consentOf(c: WebsiteSettingsInput['consent']): Consent | null {
  if (!c || (c.text === undefined && c.url === undefined && c.version === undefined)) return null;
  const text = c.text?.trim();
  const url = c.url?.trim();
  const version = c.version?.trim();
  if (!text || !url || !version) throw new ProvisioningError('a consent needs all three of text, url and version');
  if (text.length > LIMITS.consentText) throw new ProvisioningError(`the consent text is at most ${LIMITS.consentText} characters`);
  if (url.length > LIMITS.consentUrl || !URL.canParse(url) || new URL(url).protocol !== 'https:') throw new ProvisioningError('the consent url is an https:// address');
  if (version.length > LIMITS.consentVersion) throw new ProvisioningError(`the consent version is at most ${LIMITS.consentVersion} characters`);
  return { text, url, version };
}

/** A site's host name as listed: lower case, no scheme, port, path or trailing dot. */
export function parseDomain(text: string): string {
  const domain = text.trim().toLowerCase().replace(/\.$/, '');
  if (!DOMAIN.test(domain)) throw new ProvisioningError(`not a domain name: ${text.trim()} (write example.com, without scheme, port or path)`);
  return domain;
}

/** Checks what an operator sent and fills in the defaults. */
export function websiteSettings(input: WebsiteSettingsInput): WebsiteSettings {
  const greeting = input.greeting?.trim() || null;
  if (greeting && greeting.length > LIMITS.greeting) throw new ProvisioningError(`the greeting is at most ${LIMITS.greeting} characters`);
  const color = input.color?.trim() ?? WEBSITE_DEFAULTS.color;
  if (!COLOR.test(color)) throw new ProvisioningError(`the color is #rrggbb, such as ${WEBSITE_DEFAULTS.color}`);
  return {
    ...WEBSITE_DEFAULTS,
    greeting,
    color: color.toLowerCase(),
    consent: consentOf(input.consent),
    allowed_domains: [...new Set((input.allowedDomains ?? []).map(parseDomain))],
  };
}

/** The stored settings with the defaults under them (a row written before a field existed still reads whole). */
export function storedWebsiteSettings(stored: Record<string, unknown>): WebsiteSettings {
  const s = stored as Partial<WebsiteSettings>;
  return {
    greeting: s.greeting ?? WEBSITE_DEFAULTS.greeting,
    color: s.color ?? WEBSITE_DEFAULTS.color,
    consent: s.consent ?? null,
    assistant: { ...WEBSITE_DEFAULTS.assistant, ...s.assistant },
    queue: { ...WEBSITE_DEFAULTS.queue, ...s.queue },
    allowed_domains: s.allowed_domains ?? [],
  };
}

/**
 * Whether a page of `origin` may embed the chat: any site when the list is empty; else the
 * origin's host is a listed domain or a subdomain of one (any scheme and port).
 */
export function originAllowed(origin: string, allowedDomains: readonly string[]): boolean {
  if (!allowedDomains.length) return true;
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  return allowedDomains.some((d) => host === d || host.endsWith(`.${d}`));
}

/**
 * originAllowed's rule as CSP `frame-ancestors` host-sources, for the chat page (CSP3
 * host-source: scheme "://" host ":" port): each listed domain and `*.<domain>` (a wildcard
 * host matches subdomains at any depth, not the domain itself), each over https and http (a
 * source without a scheme matches only the cell's own scheme and its upgrade), each with port
 * `*` (without one a source matches only the scheme's default port). An IP address has no
 * subdomains. Null for an empty list (any site). A stored entry that is not a domain name
 * gives no source, so nothing but host names ever reaches the header.
 */
export function frameAncestorSources(allowedDomains: readonly string[]): string[] | null {
  if (!allowedDomains.length) return null;
  const hosts = allowedDomains
    .filter((d) => DOMAIN.test(d))
    .flatMap((d) => (/^\d+$/.test(d.slice(d.lastIndexOf('.') + 1)) ? [d] : [d, `*.${d}`]));
  return hosts.flatMap((h) => [`https://${h}:*`, `http://${h}:*`]);
}
