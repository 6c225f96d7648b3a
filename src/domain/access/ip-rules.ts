import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Parses an address, folding IPv4-mapped IPv6 (::ffff:1.2.3.4) into IPv4. IPv4 only as four
 * decimal parts: ipaddr.js also reads `10.1`, `0x7f.0.0.1`, `0127.0.0.1` (octal) and
 * `2130706433`, which in an allowlist would silently mean another address than the one meant.
 */
export function parseAddress(text: string): Address | null {
  const trimmed = text.trim().replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(trimmed)) return null;
  if (ipaddr.IPv4.isValid(trimmed) && !ipaddr.IPv4.isValidFourPartDecimal(trimmed)) return null;
  const addr = ipaddr.parse(trimmed);
  return addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() ? (addr as ipaddr.IPv6).toIPv4Address() : addr;
}

/** A CIDR network (address part as strict as parseAddress); an IPv4-mapped one as IPv4. */
function parseNetwork(entry: string): readonly [Address, number] | null {
  if (parseAddress(entry.slice(0, entry.indexOf('/'))) === null) return null;
  let network: Address;
  let bits: number;
  try {
    [network, bits] = ipaddr.parseCIDR(entry);
  } catch {
    return null;
  }
  return network.kind() === 'ipv6' && (network as ipaddr.IPv6).isIPv4MappedAddress() && bits >= 96
    ? [(network as ipaddr.IPv6).toIPv4Address(), bits - 96]
    : [network, bits];
}

/** An allowlist entry: a single address or a CIDR network, IPv4 or IPv6. */
export function isValidAllowlistEntry(entry: string): boolean {
  return entry.includes('/') ? parseNetwork(entry) !== null : parseAddress(entry) !== null;
}

/** Allowlists are checked on every request: each entry is parsed once (a single address as /32 or /128). */
const parsedEntries = new Map<string, readonly [Address, number] | null>();

function entryNetwork(entry: string): readonly [Address, number] | null {
  let net = parsedEntries.get(entry);
  // Stryker disable next-line ConditionalExpression: 'true' only parses every time (the cache is for speed; its answers are the same).
  if (net === undefined) {
    if (entry.includes('/')) net = parseNetwork(entry);
    else {
      const single = parseAddress(entry);
      // A single address is its own network: all of its bits (32 or 128).
      net = single ? [single, single.toByteArray().length * 8] : null;
    }
    // Stryker disable next-line all: the cache's bound and its filling change memory and speed, never an answer.
    if (parsedEntries.size > 10_000) parsedEntries.clear();
    // Stryker disable next-line all: as above.
    parsedEntries.set(entry, net);
  }
  return net;
}

export function addressAllowed(address: string, allowlist: readonly string[]): boolean {
  const addr = parseAddress(address);
  if (!addr) return false;
  return allowlist.some((entry) => {
    const net = entryNetwork(entry);
    return net !== null && net[0].kind() === addr.kind() && addr.match(net[0] as never, net[1]);
  });
}

/** A list that restricts: null and empty both mean any address (as the authenticator reads them). */
const restricting = (list: readonly string[] | null | undefined): readonly string[] | null => (list && list.length ? list : null);

/**
 * The rule a request meets when a key's allowlist and its integration's both apply (an
 * address must be in each list that is set): their intersection, as entries of the two lists.
 * For each pair of one family, the narrower entry where the wider holds it; null = any address.
 */
export function effectiveAllowlist(keyList: readonly string[] | null | undefined, integrationList: readonly string[] | null | undefined): string[] | null {
  const [ownList, otherList] = [restricting(keyList), restricting(integrationList)];
  if (!ownList || !otherList) return ownList || otherList ? [...(ownList ?? otherList)!] : null;
  const effective = new Set<string>();
  for (const a of ownList) {
    for (const b of otherList) {
      const [na, nb] = [entryNetwork(a), entryNetwork(b)];
      if (!na || !nb || na[0].kind() !== nb[0].kind()) continue;
      const [narrow, wide, entry] = na[1] >= nb[1] ? [na, nb, a] : [nb, na, b];
      if (narrow[0].match(wide[0] as never, wide[1])) effective.add(entry);
    }
  }
  return [...effective];
}

/** An X-Forwarded-For hop may carry a port: `1.2.3.4:5678`, `[2001:db8::1]:443`. */
function withoutPort(hop: string): string {
  const h = hop.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(h);
  if (bracketed) return bracketed[1]!;
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(h);
  return v4 ? v4[1]! : h;
}

/**
 * The client address: the socket peer, unless that peer is a configured trusted proxy; then
 * X-Forwarded-For is read from the right, skipping trusted proxies, and the first other
 * address is the client. Without trusted proxies the header is ignored.
 */
export function clientAddress(socketAddress: string, forwardedFor: string | undefined, trustedProxies: readonly string[]): string {
  const peer = parseAddress(socketAddress)?.toString() ?? socketAddress;
  if (!trustedProxies.length || !forwardedFor || !addressAllowed(peer, trustedProxies)) return peer;
  const hops = forwardedFor.split(',').map(withoutPort).filter(Boolean);
  // Stryker disable next-line EqualityOperator: i > 0 is equivalent, the leftmost hop is then answered by the return below (parsed, or the peer).
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = parseAddress(hops[i]!);
    if (!hop) return peer;
    if (!addressAllowed(hop.toString(), trustedProxies)) return hop.toString();
  }
  // Stryker disable next-line OptionalChaining: every hop was read in the loop above, so hops[0] parses here.
  return hops.length ? (parseAddress(hops[0]!)?.toString() ?? peer) : peer;
}
