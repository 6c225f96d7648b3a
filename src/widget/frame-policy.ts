import type { Services } from '../services.js';
import { findWebsiteChannelDomains } from '../domain/channels/website-channels.js';
import { frameAncestorSources } from '../domain/channels/website-settings.js';
import { UUID } from '../ids.js';

/**
 * Which pages may put the chat page (GET /widget/frame.html?channel=<id>) in a frame: its CSP
 * `frame-ancestors`, per channel, so that a channel's allowed_domains cannot be bypassed by
 * framing the chat directly (inside the frame init is same-origin and always passes).
 *   - listed domains: 'self' and each domain and its subdomains, any scheme and port
 *   - an empty list: no frame-ancestors at all, as before: any page, also a sandboxed one or a
 *     file:// page, which `frame-ancestors *` would refuse (it matches network schemes only)
 *   - no channel, not an id, no such website channel, its tenant inactive: 'none' (the page
 *     would only say the chat is unavailable)
 * No X-Frame-Options: it cannot list sites, and browsers that know frame-ancestors ignore it.
 */

export const FRAME_BASE_CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self'", "connect-src 'self'", "img-src 'self' https: data:",
  "font-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'none'",
].join('; ');

/** How long a process reuses a channel's answer (a changed list shows within this plus the page's max-age). */
export const FRAME_POLICY_CACHE_MS = 5_000;
const MAX_CACHED = 1_000;

/** The frame-ancestors value for a channel's domains (null: no such channel); null back = no directive. */
export function frameAncestors(domains: readonly string[] | null): string | null {
  if (!domains) return "'none'";
  const sources = frameAncestorSources(domains);
  return sources ? ["'self'", ...sources].join(' ') : null;
}

/** The chat page's whole CSP for a channel's domains. */
export function frameCsp(domains: readonly string[] | null): string {
  const ancestors = frameAncestors(domains);
  return ancestors ? `${FRAME_BASE_CSP}; frame-ancestors ${ancestors}` : FRAME_BASE_CSP;
}

/**
 * The chat page's CSP by the `channel` query, one indexed read per channel and process every
 * few seconds at most: answers (and reads under way) are kept FRAME_POLICY_CACHE_MS, at most
 * MAX_CACHED channels (the oldest go first). A failed read is not kept.
 */
export class FramePolicies {
  private readonly cached = new Map<string, { until: number; csp: Promise<string> }>();

  constructor(private readonly services: Pick<Services, 'orm' | 'clock'>, private readonly ttlMs = FRAME_POLICY_CACHE_MS) {}

  csp(channel: unknown): Promise<string> {
    if (typeof channel !== 'string' || !UUID.test(channel)) return Promise.resolve(frameCsp(null));
    const id = channel.toLowerCase();
    const now = this.services.clock.now().getTime();
    const hit = this.cached.get(id);
    if (hit && hit.until > now) return hit.csp;
    this.cached.delete(id);
    while (this.cached.size >= MAX_CACHED) this.cached.delete(this.cached.keys().next().value!);
    const csp = findWebsiteChannelDomains(this.services.orm.em.fork(), id).then(frameCsp);
    const entry = { until: now + this.ttlMs, csp };
    this.cached.set(id, entry);
    csp.catch(() => {
      if (this.cached.get(id) === entry) this.cached.delete(id);
    });
    return csp;
  }
}
