import type { RouteDeprecation } from '../config.js';

/**
 * Deprecation (RFC 9745: `@<unix seconds>`), Sunset (RFC 8594: an HTTP date) and a Link to
 * the change log, for a route named in ROUTE_DEPRECATIONS.
 */
export function deprecationHeaders(d: RouteDeprecation | undefined): Record<string, string> {
  if (!d) return {};
  const headers: Record<string, string> = { Deprecation: `@${Math.floor(new Date(d.deprecation).getTime() / 1000)}` };
  if (d.sunset) headers.Sunset = new Date(d.sunset).toUTCString();
  if (d.link) headers.Link = `<${d.link}>; rel="deprecation"; type="text/html"`;
  return headers;
}
