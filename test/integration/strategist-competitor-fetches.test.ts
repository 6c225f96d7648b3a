import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Receiver, type Script } from '../harness/receiver.js';
import { fetchPage } from '../../src/domain/strategist/competitors.js';

/**
 * A competitor page fetch against a real HTTPS server on loopback (the far side of the network,
 * not a patched function): the webhooks' address rules refuse before any request; a non-2xx
 * answer, a page over 1 MiB and an answer slower than the timeout each give no page (null)
 * rather than an error or a hang (issue 28 item 6: none of these had run).
 */

const TIMEOUT_MS = 1000;
const MIB = 1024 * 1024;
let site: Receiver;
let settings: { timeoutMs: number; resolve: Record<string, string>; allowPrivateNetworks: boolean };

beforeAll(async () => {
  site = await Receiver.start('strategist-competitor-fetches');
  // bin/test lets the tests reach loopback (WEBHOOK_ALLOW_PRIVATE_NETWORKS=true); the receiver's name is pinned to its address.
  settings = { timeoutMs: TIMEOUT_MS, resolve: { [site.host]: site.resolveEntry.split('=')[1]! }, allowPrivateNetworks: true };
}, 60_000);
afterAll(async () => site?.close(), 30_000);

const html = (body: string | Buffer): Script => () => ({ status: 200, headers: { 'Content-Type': 'text/html' }, body });
/** fetchPage, bounded: a fetch that never settles fails the test instead of hanging it. */
const fetched = (url: string, s = settings) => Promise.race([
  fetchPage(url, s),
  new Promise<string>((resolve) => setTimeout(() => resolve('<never settled>'), TIMEOUT_MS + 10_000)),
]);

describe('a competitor page fetch', () => {
  it('answers the page of a 2xx answer', async () => {
    site.route('/page-ok', html('<title>Trail shoes</title>'));
    expect(await fetched(site.url('/page-ok'))).toBe('<title>Trail shoes</title>');
    expect(site.received('/page-ok')[0]!.headers).toMatchObject({ 'user-agent': 'PublicApi-Strategist/1', accept: 'text/html' });
  });

  it.each([
    ['http, not https', () => `http://${site.host}/refused-http`, '/refused-http'],
    ['a port other than 443', () => `https://${site.host}:8443/refused-port`, '/refused-port'],
    ['the server\'s own address as an IP literal', () => `https://${site.resolveEntry.split('=')[1]}/refused-literal`, '/refused-literal'],
    ['credentials in the address', () => `https://user:secret@${site.host}/refused-credentials`, '/refused-credentials'],
    ['a host that does not resolve', () => 'https://no-such-host.invalid/refused-unresolved', '/refused-unresolved'],
  ])('refused by the address rules, with no request: %s', async (_, url, path) => {
    site.route(path, html('<title>never</title>'));
    expect(await fetched(url())).toBeNull();
    expect(site.received(path)).toEqual([]);
  });

  it('refused when the name resolves to a private address and private networks are not allowed', async () => {
    site.route('/refused-private', html('<title>never</title>'));
    expect(await fetched(site.url('/refused-private'), { ...settings, allowPrivateNetworks: false })).toBeNull();
    expect(site.received('/refused-private')).toEqual([]);
  });

  it.each([[404], [500], [503], [204 + 100]])('a %d answer gives no page', async (status) => {
    site.route(`/status-${status}`, () => ({ status, headers: { 'Content-Type': 'text/html' }, body: '<title>An error page</title>' }));
    expect(await fetched(site.url(`/status-${status}`))).toBeNull();
    expect(site.received(`/status-${status}`)).toHaveLength(1);
  });

  it('a redirect is not followed', async () => {
    site.route('/moved-target', html('<title>moved</title>'));
    site.route('/moved', () => ({ status: 301, headers: { Location: site.url('/moved-target') } }));
    expect(await fetched(site.url('/moved'))).toBeNull();
    expect(site.received('/moved-target')).toEqual([]);
  });

  it('a page of exactly 1 MiB is read; one byte more gives no page', async () => {
    site.route('/page-1mib', html(Buffer.alloc(MIB, 'a')));
    site.route('/page-over', html(Buffer.alloc(MIB + 1, 'a')));
    expect((await fetched(site.url('/page-1mib')))?.length).toBe(MIB);
    expect(await fetched(site.url('/page-over'))).toBeNull();
  });

  it('an answer slower than the timeout gives no page', async () => {
    site.route('/page-slow', () => ({ status: 200, headers: { 'Content-Type': 'text/html' }, body: '<title>late</title>', delayMs: TIMEOUT_MS + 4000 }));
    const started = Date.now();
    expect(await fetched(site.url('/page-slow'))).toBeNull();
    // Given up at the timeout, not when the answer came (the bound is loose: it is the timeout's own test).
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3500);
  });
});
