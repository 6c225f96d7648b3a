import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { FRAME_POLICY_CACHE_MS } from '../../src/widget/frame-policy.js';
import { FRAME_MODULES } from '../../src/widget/assets.js';

/** The chat page's CSP without frame-ancestors, written out here (not taken from the code's FRAME_BASE_CSP). */
const BASE_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' https: data:; "
  + "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";
import { websiteChannel } from './widget-fixtures.js';

/**
 * GET /widget/frame.html?channel=<id>, the chat page: its CSP frame-ancestors lets only the
 * sites the channel allows frame it (so allowed_domains cannot be bypassed by framing the chat
 * directly), and its caching accounts for the policy. Chromium's side: test/e2e/widget.e2e.test.ts.
 */

let api: TestApi;
let caller: Caller;
/** The api's clock runs this far ahead (to outlive the per-process cache without waiting). */
let skewMs = 0;

const frame = (query: string, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`${api.origin}/widget/frame.html${query}`, { headers: { 'cache-control': 'max-age=0', ...headers } });

const ancestorsOf = (res: Response): string | null => {
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp.startsWith(BASE_CSP)).toBe(true);
  return csp.split('; ').find((d) => d.startsWith('frame-ancestors '))?.slice('frame-ancestors '.length) ?? null;
};

const SHOP = 'https://shop.example.com:* http://shop.example.com:* https://*.shop.example.com:* http://*.shop.example.com:*';
const ORG = 'https://example.org:* http://example.org:* https://*.example.org:* http://*.example.org:*';

beforeAll(async () => {
  api = await startApi({}, { clock: { now: () => new Date(Date.now() + skewMs) } });
  caller = await newCaller(api.services);
});
afterAll(() => api?.close());

describe('frame-ancestors of the chat page', () => {
  it('a channel with allowed domains: the cell itself, each domain and its subdomains, over https and http, on any port', async () => {
    const id = await websiteChannel(api, caller.tenantId, ['--allowed-domains', 'shop.example.com,Example.ORG']);
    const res = await frame(`?channel=${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(`${BASE_CSP}; frame-ancestors 'self' ${SHOP} ${ORG}`);
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(await res.text()).toContain('<html');
  });

  it('an IP address is listed without a wildcard (it has no subdomains)', async () => {
    const id = await websiteChannel(api, caller.tenantId, ['--allowed-domains', '127.0.0.1,localhost']);
    expect(ancestorsOf(await frame(`?channel=${id}`))).toBe(
      "'self' https://127.0.0.1:* http://127.0.0.1:* https://localhost:* http://localhost:* https://*.localhost:* http://*.localhost:*",
    );
  });

  it('the channel id is matched in any letter case', async () => {
    const id = await websiteChannel(api, caller.tenantId, ['--allowed-domains', 'shop.example.com']);
    expect(ancestorsOf(await frame(`?channel=${id.toUpperCase()}`))).toBe(`'self' ${SHOP}`);
  });

  it('a channel without allowed domains: no frame-ancestors at all, any page may frame it (as before)', async () => {
    const id = await websiteChannel(api, caller.tenantId);
    const res = await frame(`?channel=${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(BASE_CSP);
    expect(res.headers.get('x-frame-options')).toBeNull();
  });

  it.each([
    ['an unknown channel', () => `?channel=${randomUUID()}`],
    ['no channel', () => ''],
    ['an empty channel', () => '?channel='],
    ['a channel that is not an id', () => `?channel=${encodeURIComponent("' or 1=1 --")}`],
    ['two channels', () => `?channel=${randomUUID()}&channel=${randomUUID()}`],
    ["an integration's api channel", () => `?channel=${caller.channelId}`],
  ])("%s: the page is served (it says the chat is unavailable) but nobody may frame it: 'none'", async (_why, query) => {
    const res = await frame(query());
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(ancestorsOf(res)).toBe("'none'");
  });

  it("the channel of a tenant no longer active: 'none'", async () => {
    const other = await newCaller(api.services);
    const id = await websiteChannel(api, other.tenantId);
    await api.services.orm.em.fork().getConnection().execute(`update tenants set status = 'inactive' where id = ?`, [other.tenantId]);
    expect(ancestorsOf(await frame(`?channel=${id}`))).toBe("'none'");
  });

  it('the other widget files carry no frame policy', async () => {
    for (const path of ['/widget.js', '/widget/frame.js', ...FRAME_MODULES.map((m) => `/widget/${m}`), '/widget/frame.css']) {
      const res = await fetch(`${api.origin}${path}?channel=${randomUUID()}`);
      expect({ path, status: res.status, csp: res.headers.get('content-security-policy'), cache: res.headers.get('cache-control') })
        .toEqual({ path, status: 200, csp: null, cache: 'public, max-age=300' });
    }
  });
});

describe('caching of the chat page', () => {
  it('is shorter than the other files, and its ETag covers the policy: the same page for another channel is another ETag', async () => {
    const listed = await websiteChannel(api, caller.tenantId, ['--allowed-domains', 'shop.example.com']);
    const open = await websiteChannel(api, caller.tenantId);
    const a = await frame(`?channel=${listed}`);
    const b = await frame(`?channel=${open}`);
    expect(a.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await a.text()).toBe(await b.text());
    expect(a.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    expect(a.headers.get('etag')).not.toBe(b.headers.get('etag'));

    const same = await frame(`?channel=${listed}`, { 'if-none-match': a.headers.get('etag')! });
    expect(same.status).toBe(304);
    expect(same.headers.get('content-security-policy')).toBe(a.headers.get('content-security-policy'));
    const other = await frame(`?channel=${open}`, { 'if-none-match': a.headers.get('etag')! });
    expect(other.status).toBe(200);
  });

  it('a changed list of sites shows once the per-process cache has passed, under a new ETag', async () => {
    const id = await websiteChannel(api, caller.tenantId, ['--allowed-domains', 'shop.example.com']);
    const before = await frame(`?channel=${id}`);
    expect(ancestorsOf(before)).toBe(`'self' ${SHOP}`);
    await api.services.orm.em.fork().getConnection().execute(
      `update channels set settings = jsonb_set(settings, '{allowed_domains}', '["example.org"]') where id = ?`, [id],
    );
    expect(ancestorsOf(await frame(`?channel=${id}`))).toBe(`'self' ${SHOP}`); // still cached

    skewMs += FRAME_POLICY_CACHE_MS + 1;
    const after = await frame(`?channel=${id}`, { 'if-none-match': before.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(ancestorsOf(after)).toBe(`'self' ${ORG}`);
  });
});
