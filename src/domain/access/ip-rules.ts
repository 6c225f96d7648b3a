import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Parses an address, folding IPv4-mapped IPv6 (::ffff:1.2.3.4) into IPv4. */
export function parseAddress(text: string): Address | null {
  const trimmed = text.trim().replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(trimmed)) return null;
  const addr = ipaddr.parse(trimmed);
  return addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() ? (addr as ipaddr.IPv6).toIPv4Address() : addr;
}

/** An allowlist entry: a single address or a CIDR network, IPv4 or IPv6. */
export function isValidAllowlistEntry(entry: string): boolean {
  if (entry.includes('/')) {
    try {
      ipaddr.parseCIDR(entry);
      return true;
    } catch {
      return false;
    }
  }
  return parseAddress(entry) !== null;
}

export function addressAllowed(address: string, allowlist: readonly string[]): boolean {
  const addr = parseAddress(address);
  if (!addr) return false;
  return allowlist.some((entry) => {
    if (!entry.includes('/')) {
      const single = parseAddress(entry);
      return single !== null && single.kind() === addr.kind() && single.toNormalizedString() === addr.toNormalizedString();
    }
    const [network, bits] = ipaddr.parseCIDR(entry);
    const net = network.kind() === 'ipv6' && (network as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96
      ? [(network as ipaddr.IPv6).toIPv4Address(), bits - 96] as const
      : [network, bits] as const;
    return net[0].kind() === addr.kind() && addr.match(net[0] as never, net[1]);
  });
}

/**
 * The client address: the socket peer, unless that peer is a configured trusted proxy; then
 * X-Forwarded-For is read from the right, skipping trusted proxies, and the first other
 * address is the client. Without trusted proxies the header is ignored.
 */
export function clientAddress(socketAddress: string, forwardedFor: string | undefined, trustedProxies: readonly string[]): string {
  const peer = parseAddress(socketAddress)?.toString() ?? socketAddress;
  if (!trustedProxies.length || !forwardedFor || !addressAllowed(peer, trustedProxies)) return peer;
  const hops = forwardedFor.split(',').map((h) => h.trim()).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = parseAddress(hops[i]!);
    if (!hop) return peer;
    if (!addressAllowed(hop.toString(), trustedProxies)) return hop.toString();
  }
  return hops.length ? (parseAddress(hops[0]!)?.toString() ?? peer) : peer;
}
