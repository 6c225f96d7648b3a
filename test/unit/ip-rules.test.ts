import { describe, expect, it } from '@jest/globals';
import { addressAllowed, clientAddress, effectiveAllowlist, isValidAllowlistEntry, parseAddress } from '../../src/domain/access/ip-rules.js';

describe('parseAddress', () => {
  it.each([
    ['192.0.2.10', '192.0.2.10'],
    [' 192.0.2.10 ', '192.0.2.10'],
    ['::1', '::1'],
    ['[::1]', '::1'],
    ['2001:DB8::1', '2001:db8::1'],
    ['::ffff:192.0.2.10', '192.0.2.10'],
    ['::ffff:c000:20a', '192.0.2.10'],
  ])('reads %j as %s (IPv4-mapped IPv6 folded to IPv4)', (text, expected) => {
    expect(parseAddress(text)?.toString()).toBe(expected);
  });

  it.each(['', 'localhost', '192.0.2.10[]', '[]192.0.2.10', '[192.0.2.10', '192.0.2.10]', '192.0.2.256', '192.0.2', '10.1', '0x7f.0.0.1', '0127.0.0.1', '2130706433', '1.2.3.4.5', '::1::2', '192.0.2.10/32'])(
    'refuses %j (IPv4 only as four decimal parts)',
    (text) => {
      expect(parseAddress(text)).toBeNull();
    },
  );
});

describe('isValidAllowlistEntry', () => {
  it.each(['203.0.113.7', '203.0.113.0/24', '0.0.0.0/0', '::1', '2001:db8::/32', '2001:db8::/120', '::/0', '::ffff:203.0.113.0/120'])('accepts %s', (entry) => {
    expect(isValidAllowlistEntry(entry)).toBe(true);
  });

  it.each(['', 'any', '203.0.113.0/33', '2001:db8::/129', '203.0.113.0/', '/24', '10/8', '127.1/8', '203.0.113.0/24/1', '203.0.113.7,'])(
    'refuses %j',
    (entry) => {
      expect(isValidAllowlistEntry(entry)).toBe(false);
    },
  );
});

describe('addressAllowed', () => {
  it.each([
    ['an exact IPv4 address', '203.0.113.7', ['203.0.113.7']],
    ['an IPv4 network', '203.0.113.200', ['198.51.100.0/24', '203.0.113.0/24']],
    ['any IPv4 address', '198.51.100.1', ['0.0.0.0/0']],
    ['an exact IPv6 address, however written', '2001:db8:0:0:0:0:0:1', ['2001:db8::1']],
    ['an IPv6 network', '2001:db8:ffff::1', ['2001:db8::/32']],
    ['a long IPv6 network (/120, not IPv4-mapped)', '2001:db8::42', ['2001:db8::/120']],
    ['the IPv6 loopback', '::1', ['::1']],
    ['an IPv4-mapped caller against an IPv4 entry', '::ffff:203.0.113.7', ['203.0.113.7']],
    ['an IPv4-mapped caller against an IPv4 network', '::ffff:203.0.113.7', ['203.0.113.0/24']],
    ['an IPv4 caller against an IPv4-mapped entry', '203.0.113.7', ['::ffff:203.0.113.7']],
    ['an IPv4 caller against an IPv4-mapped network', '203.0.113.7', ['::ffff:203.0.113.0/120']],
    ['any IPv4 caller against the whole IPv4-mapped range (/96)', '198.51.100.1', ['::ffff:0.0.0.0/96']],
    ['an IPv4 caller against a later entry', '203.0.113.7', ['198.51.100.1', '203.0.113.7']],
  ])('lets in %s', (_, address, list) => {
    expect(addressAllowed(address, list)).toBe(true);
  });

  it.each([
    ['an IPv4 address next to the entry', '203.0.113.8', ['203.0.113.7']],
    ['an IPv4 address just outside the network', '203.0.114.0', ['203.0.113.0/24']],
    ['an IPv6 address outside the network', '2001:db9::1', ['2001:db8::/32']],
    ['an IPv4 address against IPv6 entries', '127.0.0.1', ['::1', '::/0']],
    ['an IPv6 address against IPv4 entries', '::1', ['127.0.0.1', '0.0.0.0/0']],
    ['an IPv4-mapped caller outside the IPv4 network', '::ffff:10.0.0.1', ['203.0.113.0/24']],
    ['an unreadable caller address', 'unknown', ['0.0.0.0/0', '::/0']],
    ['anyone against an empty list', '203.0.113.7', []],
    ['anyone against an unreadable entry (never a crash)', '203.0.113.7', ['203.0.113.7/99', 'garbage/8']],
    ['an address an octal entry would have meant', '127.0.0.1', ['0177.0.0.1']],
    ['an IPv6 address next to a single IPv6 entry (a single address is /128)', '2001:db8::2', ['2001:db8::1']],
    ['an IPv6 address against a mapped network shorter than /96', '2001:db8::1', ['::ffff:0.0.0.0/80']],
  ])('keeps out %s', (_, address, list) => {
    expect(addressAllowed(address, list)).toBe(false);
  });
});

describe('clientAddress', () => {
  const proxies = ['10.0.0.0/8'];

  it('is the socket peer, IPv4-mapped folded, when no proxy is trusted', () => {
    expect(clientAddress('::ffff:203.0.113.7', undefined, [])).toBe('203.0.113.7');
    expect(clientAddress('::1', undefined, [])).toBe('::1');
  });

  it('ignores X-Forwarded-For when no proxy is trusted', () => {
    expect(clientAddress('203.0.113.7', '198.51.100.1', [])).toBe('203.0.113.7');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(clientAddress('203.0.113.7', '198.51.100.1', proxies)).toBe('203.0.113.7');
  });

  it('takes the hop a trusted proxy appended', () => {
    expect(clientAddress('10.0.0.1', '198.51.100.1', proxies)).toBe('198.51.100.1');
    expect(clientAddress('::ffff:10.0.0.1', '198.51.100.1', proxies)).toBe('198.51.100.1');
  });

  it('reads from the right and skips trusted proxies, so a forged left part is not believed', () => {
    expect(clientAddress('10.0.0.1', '192.0.2.99, 198.51.100.1, 10.0.0.2', proxies)).toBe('198.51.100.1');
  });

  it('takes the leftmost hop when every hop is a trusted proxy', () => {
    expect(clientAddress('10.0.0.1', '10.0.0.3, 10.0.0.2', proxies)).toBe('10.0.0.3');
  });

  it('folds an IPv4-mapped hop and reads an IPv6 hop', () => {
    expect(clientAddress('10.0.0.1', '::ffff:198.51.100.1', proxies)).toBe('198.51.100.1');
    expect(clientAddress('10.0.0.1', '2001:db8::7', proxies)).toBe('2001:db8::7');
  });

  it('keeps an unreadable peer as it is', () => {
    expect(clientAddress('unix-socket', undefined, [])).toBe('unix-socket');
    expect(clientAddress('unix-socket', '198.51.100.1', proxies)).toBe('unix-socket');
  });

  it('reads no header when a trusted proxy sent none', () => {
    expect(clientAddress('10.0.0.1', undefined, proxies)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', '', proxies)).toBe('10.0.0.1');
  });

  it('drops the port of a hop: IPv4 with a port, IPv6 in brackets with or without one', () => {
    expect(clientAddress('10.0.0.1', '198.51.100.1:5678', proxies)).toBe('198.51.100.1');
    expect(clientAddress('10.0.0.1', '192.0.2.1, 198.51.100.1:5678', proxies)).toBe('198.51.100.1');
    expect(clientAddress('10.0.0.1', '[2001:db8::1]:443', proxies)).toBe('2001:db8::1');
    expect(clientAddress('10.0.0.1', '192.0.2.1, [2001:db8::1]', proxies)).toBe('2001:db8::1');
    expect(clientAddress('10.0.0.1', '198.51.100.1:5678, 10.0.0.2:1', proxies)).toBe('198.51.100.1');
  });

  it('reads nothing else as a port: a hop with junk around it is unreadable', () => {
    for (const hop of ['x198.51.100.1:80', '198.51.100.1:80x', '198.51.100.1:', '198.51.100.1:x', 'x[2001:db8::1]:443', '[2001:db8::1]:443x', '[2001:db8::1]:', '[]:443']) {
      expect(clientAddress('10.0.0.1', hop, proxies)).toBe('10.0.0.1');
    }
  });

  it('skips empty hops (a trailing comma)', () => {
    expect(clientAddress('10.0.0.1', '198.51.100.1,', proxies)).toBe('198.51.100.1');
  });

  it('falls back to the peer when the nearest hop is unreadable or the header is empty', () => {
    expect(clientAddress('10.0.0.1', 'unknown', proxies)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', ' , ', proxies)).toBe('10.0.0.1');
  });
});

describe('effectiveAllowlist', () => {
  it('is null (any address) when neither list restricts; null and empty both mean any', () => {
    expect(effectiveAllowlist(null, null)).toBeNull();
    expect(effectiveAllowlist([], undefined)).toBeNull();
    expect(effectiveAllowlist(undefined, [])).toBeNull();
  });

  it('is the one list that restricts, as a copy', () => {
    const key = ['203.0.113.0/24'];
    expect(effectiveAllowlist(key, null)).toEqual(['203.0.113.0/24']);
    expect(effectiveAllowlist(key, null)).not.toBe(key);
    expect(effectiveAllowlist([], ['198.51.100.7'])).toEqual(['198.51.100.7']);
  });

  it('is the narrower entry of each pair where the wider holds it, whichever list it is in', () => {
    expect(effectiveAllowlist(['203.0.113.0/24'], ['203.0.113.7'])).toEqual(['203.0.113.7']);
    expect(effectiveAllowlist(['203.0.113.7'], ['203.0.113.0/24'])).toEqual(['203.0.113.7']);
    expect(effectiveAllowlist(['10.0.0.0/8', '2001:db8::/32'], ['10.1.0.0/16', '2001:db8:1::/48', '192.0.2.1'])).toEqual(['10.1.0.0/16', '2001:db8:1::/48']);
  });

  it('of two entries naming the same network, keeps the one of the key as written', () => {
    expect(effectiveAllowlist(['::ffff:203.0.113.0/120'], ['203.0.113.0/24'])).toEqual(['::ffff:203.0.113.0/120']);
    expect(effectiveAllowlist(['203.0.113.0/24'], ['::ffff:203.0.113.0/120'])).toEqual(['203.0.113.0/24']);
  });

  it('keeps an entry both lists hold alike once', () => {
    expect(effectiveAllowlist(['203.0.113.0/24', '203.0.113.0/24'], ['203.0.113.0/24'])).toEqual(['203.0.113.0/24']);
  });

  it('is empty (nobody) when the lists do not overlap; another family or an unreadable entry never pairs', () => {
    expect(effectiveAllowlist(['203.0.113.0/24'], ['198.51.100.0/24'])).toEqual([]);
    expect(effectiveAllowlist(['0.0.0.0/0'], ['::/0'])).toEqual([]);
    expect(effectiveAllowlist(['garbage'], ['0.0.0.0/0'])).toEqual([]);
    expect(effectiveAllowlist(['0.0.0.0/0'], ['garbage'])).toEqual([]);
  });

  it('an IPv4-mapped entry pairs with an IPv4 one', () => {
    expect(effectiveAllowlist(['::ffff:203.0.113.0/120'], ['203.0.113.7'])).toEqual(['203.0.113.7']);
  });
});
