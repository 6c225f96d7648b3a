import type { Em } from '../../db/em.js';
import type { Tenant } from '../../entities/tenant.js';
import { findTenant, ProvisioningError } from './tenants.js';

/**
 * A tenant's primary domain (spec 02 Card: page_url paths starting with `/` resolve against
 * it): a host name of letters, digits and hyphens in dot-separated labels (at most 253
 * characters, lowercased), optionally with a port. Not an address, a scheme or a path.
 */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export function parsePrimaryDomain(text: string): string {
  const value = text.trim().toLowerCase().replace(/\.$/, '');
  const [host = '', port, ...rest] = value.split(':');
  const labels = host.split('.');
  const validPort = port === undefined || (/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535);
  const isAddress = /^[\d.]+$/.test(host);
  if (rest.length || !validPort || isAddress || host.length > 253 || !labels.every((l) => LABEL.test(l)) || (labels.length < 2 && !isLocalhost(host))) {
    throw new ProvisioningError(`--domain is a host name such as shop.example.com (optionally with a port), not "${text}"`);
  }
  return value;
}

/** A developer's own machine: no TLS there. */
const isLocalhost = (host: string): boolean => host === 'localhost' || host.endsWith('.localhost');

/**
 * The origin card paths resolve against: https://<domain>; for localhost (bin/up's demo
 * shop) http, since a developer's machine has no certificate.
 */
export function siteOrigin(domain: string | null | undefined): string | null {
  if (!domain) return null;
  const host = domain.split(':')[0]!;
  return `${isLocalhost(host) ? 'http' : 'https'}://${domain}`;
}

/**
 * A card address as the chat shows it: a path starting with `/` joined to the site origin;
 * without one (no primary domain) there is no address to show (null). Anything else as stored.
 */
export function siteAddress(url: string, origin: string | null): string | null {
  if (!url.startsWith('/')) return url;
  return origin === null ? null : `${origin}${url}`;
}

/** The site origin of the tenant (see siteOrigin), in one read; null without a primary domain. */
export async function tenantSiteOrigin(em: Em, tenantId: string): Promise<string | null> {
  const [row] = await em.execute<{ primary_domain: string | null }[]>('select primary_domain from tenants where id = ?', [tenantId]);
  return siteOrigin(row?.primary_domain);
}

export async function setPrimaryDomain(em: Em, tenantId: string, domain: string | null, now: Date): Promise<Tenant> {
  const tenant = await findTenant(em, tenantId);
  tenant.primaryDomain = domain;
  tenant.updatedAt = now;
  await em.flush();
  return tenant;
}
