import type { Em } from '../../db/em.js';
import { Site } from '../../entities/article.js';
import { domainError } from '../../errors/domain-error.js';
import { newId, randomBase62, UUID } from '../../ids.js';
import { hashApiKey } from '../access/api-key-format.js';

/** A site is working while its module has sent a heartbeat within this long. */
export const SITE_WORKING_MS = 2 * 60 * 60 * 1000;
/** What the module is told: poll about every 10 minutes, beat every hour. */
export const SITE_POLL_SECONDS = 600;
export const SITE_HEARTBEAT_SECONDS = 3600;

const SITE_TOKEN = /^st_[0-9A-Za-z]{48}$/;

export interface BoundSite {
  site_id: string;
  site_token: string;
  url: string;
  drafts_only: boolean;
}

/** Binds a tenant's site: the token is answered once, only its HMAC is stored. */
export async function bindSite(em: Em, input: { tenantId: string; url: string; draftsOnly: boolean }, pepper: string, now: Date): Promise<BoundSite> {
  const url = new URL(input.url);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw domainError('validation_failed', 'The site address is an http(s):// address.');
  const token = `st_${randomBase62(48)}`;
  const site = em.create(Site, {
    id: newId(), tenantId: input.tenantId, url: url.origin, draftsOnly: input.draftsOnly, tokenHash: hashApiKey(token, pepper), lastHeartbeatAt: null, createdAt: now,
  });
  await em.flush();
  return { site_id: site.id, site_token: token, url: site.url, drafts_only: site.draftsOnly };
}

/** The site of a token, else null (unknown or malformed). */
export async function siteOfToken(em: Em, token: string, pepper: string): Promise<Site | null> {
  if (!SITE_TOKEN.test(token)) return null;
  return em.findOne(Site, { tokenHash: hashApiKey(token, pepper) });
}

/** The tenant's site, else not_found (a foreign site is indistinguishable from none). */
export async function findSite(em: Em, tenantId: string, id: string): Promise<Site> {
  const site = UUID.test(id) ? await em.findOne(Site, { id, tenantId }) : null;
  if (!site) throw domainError('not_found', 'No such site.');
  return site;
}

export const siteWorking = (site: Site, now: Date): boolean =>
  !!site.lastHeartbeatAt && now.getTime() - site.lastHeartbeatAt.getTime() <= SITE_WORKING_MS;

/** A bound site as support reads it (bin/ctl site list|show): never its token, which only `site bind` printed. */
export interface SiteView {
  site_id: string;
  tenant_id: string;
  url: string;
  drafts_only: boolean;
  /** Whether its module sent a heartbeat within the last 2 hours (publishable). */
  working: boolean;
  last_heartbeat_at: string | null;
  /** Queued jobs waiting for its module's result. */
  pending_jobs: number;
  created_at: string;
}

async function viewsOf(em: Em, sites: Site[], now: Date): Promise<SiteView[]> {
  const pending = new Map<string, number>();
  if (sites.length) {
    const rows = await em.getConnection().execute<{ site_id: string; n: number }[]>(
      `select site_id, count(*)::int as n from publications where state = 'queued' and site_id in (${sites.map(() => '?').join(',')}) group by site_id`,
      sites.map((s) => s.id));
    for (const r of rows) pending.set(r.site_id, r.n);
  }
  return sites.map((site) => ({
    site_id: site.id, tenant_id: site.tenantId, url: site.url, drafts_only: site.draftsOnly, working: siteWorking(site, now),
    last_heartbeat_at: site.lastHeartbeatAt?.toISOString() ?? null, pending_jobs: pending.get(site.id) ?? 0, created_at: site.createdAt.toISOString(),
  }));
}

/** A tenant's bound sites, oldest first. */
export async function listSites(em: Em, tenantId: string, now: Date): Promise<SiteView[]> {
  return viewsOf(em, await em.find(Site, { tenantId }, { orderBy: { createdAt: 'asc', id: 'asc' } }), now);
}

/** One site by its id, whatever its tenant (support's read), else not_found. */
export async function showSite(em: Em, id: string, now: Date): Promise<SiteView> {
  const site = UUID.test(id) ? await em.findOne(Site, { id }) : null;
  if (!site) throw domainError('not_found', `No site ${id}.`);
  return (await viewsOf(em, [site], now))[0]!;
}
