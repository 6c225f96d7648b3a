import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type CallerOptions } from '../harness/fixtures.js';
import { call, expectProblem, type Answer } from '../harness/http.js';
import { peerProbe } from '../harness/probe-routes.js';
import { API_BASE_PATH } from '../../src/config.js';

/** One api listening on `::`: IPv6 callers come from ::1, IPv4 callers from ::ffff:127.0.0.1. */
let dual: TestApi;
let v4: string;
let v6: string;

beforeAll(async () => {
  dual = await startApi({}, { host: '::', extraRoutes: [peerProbe()] });
  v4 = `http://127.0.0.1:${dual.port}${API_BASE_PATH}`;
  v6 = dual.base;
});
afterAll(async () => dual.close());

async function keyFor(api: TestApi, o: CallerOptions): Promise<string> {
  return (await newCaller(api.services, o)).apiKey;
}

function expectRefused(res: Answer, address: string, owner: 'key' | 'integration'): void {
  expectProblem(res, 'ip_not_allowed');
  expect(res.body.detail).toBe(`The address ${address} is not in the ${owner}'s IP allowlist.`);
  expect(res.headers.get('www-authenticate')).toBeNull();
}

describe('the caller address on a dual-stack listener', () => {
  it('an IPv4 caller arrives as an IPv4-mapped IPv6 socket address and is matched as IPv4', async () => {
    const key = await keyFor(dual, {});
    const ipv4 = await call(v4, 'GET', '/test/peer', { key });
    expect(ipv4.body).toEqual({ socket: '::ffff:127.0.0.1', client: '127.0.0.1' });
    const ipv6 = await call(v6, 'GET', '/test/peer', { key });
    expect(ipv6.body).toEqual({ socket: '::1', client: '::1' });
  });
});

describe('GET /me key.ip_allowlist: the effective rule, both lists applied', () => {
  const me = async (base: string, o: CallerOptions) => (await call(base, 'GET', '/me', { key: await keyFor(dual, o) })).body.key;

  it("a key without a list of its own shows its integration's list, which is enforced: never null while a list applies", async () => {
    const key = await me(v6, { keyAllowlist: null, integrationAllowlist: ['::1'] });
    expect(key.ip_allowlist).toEqual(['::1']);
    expect(key.ip_allowlist_sources).toEqual({ key: null, integration: ['::1'] });
    expectRefused(await call(v4, 'GET', '/me', { key: await keyFor(dual, { keyAllowlist: null, integrationAllowlist: ['::1'] }) }), '127.0.0.1', 'integration');
  });

  it('with both lists, where they overlap: the narrower entry of each pair of one family', async () => {
    const key = await me(v4, { keyAllowlist: ['127.0.0.0/8', '::1', '198.51.100.0/24'], integrationAllowlist: ['127.0.0.1', '10.0.0.0/8', '::/64'] });
    expect(key.ip_allowlist).toEqual(['127.0.0.1', '::1']);
    expect(key.ip_allowlist_sources).toEqual({ key: ['127.0.0.0/8', '::1', '198.51.100.0/24'], integration: ['127.0.0.1', '10.0.0.0/8', '::/64'] });
  });

  it('no list anywhere: null, any address', async () => {
    const key = await me(v4, { keyAllowlist: null, integrationAllowlist: null, hostingCountry: null, transferBasis: null });
    expect(key).toMatchObject({ ip_allowlist: null, ip_allowlist_sources: { key: null, integration: null } });
  });
});

describe('ip_not_allowed: the key allowlist', () => {
  it('a key allowing the exact IPv4 address answers 200 and shows its allowlist in GET /me', async () => {
    const key = await keyFor(dual, { keyAllowlist: ['127.0.0.1'] });
    const res = await call(v4, 'GET', '/me', { key });
    expect(res.status).toBe(200);
    expect(res.body.key.ip_allowlist).toEqual(['127.0.0.1']);
  });

  it('a key allowing another IPv4 address answers 403 ip_not_allowed', async () => {
    const key = await keyFor(dual, { keyAllowlist: ['203.0.113.7'] });
    expectRefused(await call(v4, 'GET', '/me', { key }), '127.0.0.1', 'key');
  });

  it('a key allowing an IPv4 network answers 200 inside it and 403 ip_not_allowed outside it', async () => {
    expect((await call(v4, 'GET', '/me', { key: await keyFor(dual, { keyAllowlist: ['127.0.0.0/8'] }) })).status).toBe(200);
    expectRefused(await call(v4, 'GET', '/me', { key: await keyFor(dual, { keyAllowlist: ['203.0.113.0/24'] }) }), '127.0.0.1', 'key');
  });

  it('a key allowing ::1 answers 200 over IPv6 and 403 ip_not_allowed over IPv4', async () => {
    const key = await keyFor(dual, { keyAllowlist: ['::1'] });
    expect((await call(v6, 'GET', '/me', { key })).status).toBe(200);
    expectRefused(await call(v4, 'GET', '/me', { key }), '127.0.0.1', 'key');
  });

  it('a key allowing an IPv6 network answers 200 inside it and 403 ip_not_allowed outside it', async () => {
    expect((await call(v6, 'GET', '/me', { key: await keyFor(dual, { keyAllowlist: ['::/64'] }) })).status).toBe(200);
    expectRefused(await call(v6, 'GET', '/me', { key: await keyFor(dual, { keyAllowlist: ['2001:db8::/32'] }) }), '::1', 'key');
  });

  it('a key allowing 127.0.0.1 answers 403 ip_not_allowed to the IPv6 loopback ::1', async () => {
    const key = await keyFor(dual, { keyAllowlist: ['127.0.0.1'] });
    expectRefused(await call(v6, 'GET', '/me', { key }), '::1', 'key');
  });

  it.each([['::ffff:127.0.0.1'], ['::ffff:127.0.0.0/104']])('a key allowing the IPv4-mapped form %s lets an IPv4 caller in', async (entry) => {
    const key = await keyFor(dual, { keyAllowlist: [entry] });
    expect((await call(v4, 'GET', '/me', { key })).status).toBe(200);
  });
});

describe('ip_not_allowed: the integration allowlist', () => {
  it('an integration allowing another network answers 403 ip_not_allowed', async () => {
    const key = await keyFor(dual, { integrationAllowlist: ['203.0.113.0/24'] });
    expectRefused(await call(v4, 'GET', '/me', { key }), '127.0.0.1', 'integration');
  });

  it('an integration allowing ::1 answers 200 over IPv6 and 403 ip_not_allowed over IPv4', async () => {
    const key = await keyFor(dual, { integrationAllowlist: ['::1'] });
    expect((await call(v6, 'GET', '/me', { key })).status).toBe(200);
    expectRefused(await call(v4, 'GET', '/me', { key }), '127.0.0.1', 'integration');
  });

  it('an integration allowing 127.0.0.0/8 lets in an IPv4 caller seen as ::ffff:127.0.0.1', async () => {
    const key = await keyFor(dual, { integrationAllowlist: ['127.0.0.0/8'] });
    expect((await call(v4, 'GET', '/me', { key })).status).toBe(200);
  });

  it('both allowlists must let the caller in: a key allowing it does not widen the integration', async () => {
    const key = await keyFor(dual, { keyAllowlist: ['127.0.0.1'], integrationAllowlist: ['::1'] });
    expectRefused(await call(v4, 'GET', '/me', { key }), '127.0.0.1', 'integration');
  });

  it('without any allowlist every address is let in', async () => {
    const key = await keyFor(dual, { integrationAllowlist: null, keyAllowlist: null });
    expect((await call(v4, 'GET', '/me', { key })).status).toBe(200);
    expect((await call(v6, 'GET', '/me', { key })).status).toBe(200);
  });
});

describe('X-Forwarded-For', () => {
  const forwarded = (xff: string) => ({ 'x-forwarded-for': xff });

  it('is ignored without TRUSTED_PROXIES: it can neither let in nor lock out', async () => {
    const remote = await keyFor(dual, { integrationAllowlist: ['203.0.113.7'] });
    expectRefused(await call(v4, 'GET', '/me', { key: remote, headers: forwarded('203.0.113.7') }), '127.0.0.1', 'integration');
    const local = await keyFor(dual, { integrationAllowlist: ['127.0.0.0/8'] });
    expect((await call(v4, 'GET', '/me', { key: local, headers: forwarded('203.0.113.9') })).status).toBe(200);
  });

  it('is ignored when the peer is not one of the TRUSTED_PROXIES', async () => {
    const api = await startApi({ TRUSTED_PROXIES: '10.0.0.0/8' });
    try {
      const key = await keyFor(api, { integrationAllowlist: ['203.0.113.7'] });
      expectRefused(await call(api.base, 'GET', '/me', { key, headers: forwarded('203.0.113.7') }), '127.0.0.1', 'integration');
    } finally {
      await api.close();
    }
  });

  describe('behind TRUSTED_PROXIES=127.0.0.1/32', () => {
    let proxied: TestApi;
    beforeAll(async () => {
      proxied = await startApi({ TRUSTED_PROXIES: '127.0.0.1/32' }, { extraRoutes: [peerProbe()] });
    });
    afterAll(async () => proxied.close());
    const me = (key: string, xff?: string) => call(proxied.base, 'GET', '/me', { key, headers: xff ? forwarded(xff) : {} });

    it('the forwarded address is the client: allowed in the list answers 200, the proxy itself 403', async () => {
      const key = await keyFor(proxied, { integrationAllowlist: ['203.0.113.7'] });
      expect((await me(key, '203.0.113.7')).status).toBe(200);
      expectRefused(await me(key), '127.0.0.1', 'integration');
    });

    it('a client behind the proxy no longer passes as the proxy\'s loopback address', async () => {
      const key = await keyFor(proxied, { integrationAllowlist: ['127.0.0.0/8'] });
      expectRefused(await me(key, '203.0.113.9'), '203.0.113.9', 'integration');
    });

    it('the header is read from the right: an address the client wrote on the left is not believed', async () => {
      const key = await keyFor(proxied, { integrationAllowlist: ['203.0.113.7'] });
      expectRefused(await me(key, '203.0.113.7, 198.51.100.1'), '198.51.100.1', 'integration');
    });

    it('trusted hops are skipped, and the key allowlist judges the same address', async () => {
      const key = await keyFor(proxied, { integrationAllowlist: null, keyAllowlist: ['203.0.113.0/24'] });
      expect((await me(key, '203.0.113.7, 127.0.0.1')).status).toBe(200);
      expectRefused(await me(key, '198.51.100.1, 127.0.0.1'), '198.51.100.1', 'key');
      const peer = await call(proxied.base, 'GET', '/test/peer', { key, headers: forwarded('203.0.113.7, 127.0.0.1') });
      expect(peer.body).toEqual({ socket: '127.0.0.1', client: '203.0.113.7' });
    });
  });
});
