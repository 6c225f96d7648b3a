import ipaddr from 'ipaddr.js';

/**
 * Which resolved addresses a webhook may connect to. Only global unicast passes: loopback,
 * private, link-local (cloud metadata 169.254.169.254), CGNAT (incl. 100.100.100.200),
 * multicast, broadcast, reserved, documentation (192.0.2/24, 198.51.100/24, 203.0.113/24,
 * 2001:db8::/32), benchmarking (198.18/15), 0.0.0.0/8, unique-local IPv6 (incl.
 * fd00:ec2::254) and every IPv6 form that embeds an IPv4 address (mapped, 6to4, Teredo,
 * NAT64) are refused. `allowPrivateNetworks` (local development and tests only) lets
 * loopback and private ranges through and nothing else.
 */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal']);

export interface AddressVerdict {
  allowed: boolean;
  range: string;
}

export function classifyAddress(address: string, allowPrivateNetworks: boolean): AddressVerdict {
  if (!ipaddr.isValid(address)) return { allowed: false, range: 'invalid' };
  const parsed = ipaddr.parse(address);
  let range: string = parsed.range();
  // ipaddr.js files a few special-purpose IPv4 blocks under 'unicast'; name them here.
  if (parsed.kind() === 'ipv4') {
    const v4 = parsed as ipaddr.IPv4;
    if (v4.match(ipaddr.parseCIDR('198.18.0.0/15') as [ipaddr.IPv4, number])) range = 'benchmarking';
    if (v4.match(ipaddr.parseCIDR('198.51.100.0/24') as [ipaddr.IPv4, number]) || v4.match(ipaddr.parseCIDR('203.0.113.0/24') as [ipaddr.IPv4, number])) range = 'documentation';
  }
  const allowed = range === 'unicast' || (allowPrivateNetworks && PRIVATE_RANGES.has(range));
  return { allowed, range };
}

export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(host.replace(/^\[(.*)\]$/, '$1'));
}
