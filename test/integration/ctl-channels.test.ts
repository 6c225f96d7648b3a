import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CtlHarness, ctlProcess, onlyJson, uniq } from '../harness/ctl.js';
import { call } from '../harness/http.js';
import { DEMO_CONSENT, DEMO_TENANT_ID, DEMO_WEBSITE_CHANNEL_ID } from '../../src/domain/provisioning/demo.js';

/** `bin/ctl channel create --type website`, and the website chat the demo seed makes. */

const PROCESS_TIMEOUT_MS = 60_000;
const h = new CtlHarness();
const { ctl, count } = h;

let tenantId: string;
beforeAll(async () => {
  await h.start();
  ({ id: tenantId } = await ctl('tenant', 'create', '--name', 'Channels'));
});
afterAll(() => h.stop());

const channelRow = async (id: string) =>
  (await h.db.query('select tenant_id, integration_id, type, name, settings from channels where id = $1', [id])).rows[0];
const initOf = (id: string) => call(h.api.origin, 'POST', '/api/widget/init', { body: { channel_id: id } });

describe('channel create --type website', () => {
  it('takes every flag and answers {id}; init shows the settings', async () => {
    const out = await ctl('channel', 'create', '--tenant', tenantId, '--type', 'website', '--name', 'Main site',
      '--greeting', 'Hi! Ask me about sizes.', '--color', '#00AA55',
      '--consent-text', 'I agree to the privacy policy.', '--consent-url', 'https://shop.example.com/privacy', '--consent-version', '2026-11',
      '--allowed-domains', 'shop.example.com, Example.ORG.,shop.example.com');
    expect(Object.keys(out)).toEqual(['id']);
    expect(await channelRow(out.id)).toEqual({
      tenant_id: tenantId, integration_id: null, type: 'website', name: 'Main site',
      settings: {
        greeting: 'Hi! Ask me about sizes.', color: '#00aa55',
        consent: { text: 'I agree to the privacy policy.', url: 'https://shop.example.com/privacy', version: '2026-11' },
        assistant: { name: 'Assistant', subtitle: 'Answers in seconds' },
        queue: { title: 'Connecting you to an operator', subtitle: 'An operator will answer here shortly' },
        allowed_domains: ['shop.example.com', 'example.org'],
      },
    });
    const res = await initOf(out.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ channel_id: out.id, greeting: 'Hi! Ask me about sizes.', color: '#00aa55', consent: { version: '2026-11' } });
  });

  it('without options: no greeting, the default color, no consent, any site', async () => {
    const { id } = await ctl('channel', 'create', '--tenant', tenantId, '--type', 'website');
    expect(await channelRow(id)).toMatchObject({ type: 'website', name: 'Website chat', settings: { greeting: null, color: '#2563eb', consent: null, allowed_domains: [] } });
  });

  it('as a process, --json prints exactly {id}', async () => {
    const run = await ctlProcess(['channel', 'create', '--tenant', tenantId, '--type', 'website', '--greeting', 'Hello', '--json']);
    const out = onlyJson(run);
    expect(out).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect((await channelRow(out.id)).settings.greeting).toBe('Hello');
  }, PROCESS_TIMEOUT_MS);

  it.each([
    ['a color that is not #rrggbb', ['--color', 'red'], /#rrggbb/],
    ['a short color', ['--color', '#abc'], /#rrggbb/],
    ['a consent text alone', ['--consent-text', 'I agree'], /all three of text, url and version/],
    ['a consent without a version', ['--consent-text', 'I agree', '--consent-url', 'https://shop.example.com/p'], /all three of text, url and version/],
    ['a consent version alone', ['--consent-version', 'v1'], /all three of text, url and version/],
    ['a consent url that is not https', ['--consent-text', 'I agree', '--consent-url', 'http://shop.example.com/p', '--consent-version', 'v1'], /https:\/\//],
    ['a consent url that is not an address', ['--consent-text', 'I agree', '--consent-url', 'privacy page', '--consent-version', 'v1'], /https:\/\//],
    ['a domain with a scheme', ['--allowed-domains', 'https://shop.example.com'], /not a domain name: https:\/\/shop.example.com/],
    ['a domain with a path', ['--allowed-domains', 'shop.example.com/chat'], /not a domain name/],
    ['a domain with a port', ['--allowed-domains', 'shop.example.com:8080'], /not a domain name/],
    ['a wildcard domain', ['--allowed-domains', '*.example.com'], /not a domain name/],
    ['a domain with a space', ['--allowed-domains', 'shop example.com'], /not a domain name/],
    ['an api channel', ['--type', 'api'], /--type is website/],
    ['an unknown option', ['--theme', 'dark'], /unknown option\(s\): --theme/],
  ])('%s is an error and writes nothing', async (_why, args, message) => {
    const before = await count('channels where tenant_id = $1', tenantId);
    const type = args.includes('--type') ? [] : ['--type', 'website'];
    await expect(ctl('channel', 'create', '--tenant', tenantId, ...type, ...args)).rejects.toThrow(message);
    expect(await count('channels where tenant_id = $1', tenantId)).toBe(before);
  });

  it('an unknown tenant, or no --type, is an error', async () => {
    await expect(ctl('channel', 'create', '--tenant', '00000000-0000-4000-8000-000000000000', '--type', 'website')).rejects.toThrow(/no tenant/);
    await expect(ctl('channel', 'create', '--tenant', tenantId)).rejects.toThrow(/--type is required/);
  });

  it('as a process, a refused option exits 2 with the reason on stderr and nothing on stdout', async () => {
    const name = `Refused ${uniq()}`;
    const run = await ctlProcess(['channel', 'create', '--tenant', tenantId, '--type', 'website', '--name', name, '--color', 'blue', '--json']);
    expect({ code: run.code, stdout: run.stdout }).toEqual({ code: 2, stdout: '' });
    expect(run.stderr).toMatch(/#rrggbb/);
    expect(await count('channels where name = $1', name)).toBe(0);
  }, PROCESS_TIMEOUT_MS);
});

describe('demo seed', () => {
  it('prints website_channel_id: the demo website chat, with a consent, the same on every seed', async () => {
    const first = await ctl('demo', 'seed');
    const second = await ctl('demo', 'seed');
    expect(first.website_channel_id).toBe(DEMO_WEBSITE_CHANNEL_ID);
    expect(second.website_channel_id).toBe(DEMO_WEBSITE_CHANNEL_ID);
    expect(await channelRow(DEMO_WEBSITE_CHANNEL_ID)).toMatchObject({ tenant_id: DEMO_TENANT_ID, type: 'website', settings: { consent: DEMO_CONSENT } });
    expect(await count(`channels where tenant_id = $1 and type = 'website'`, DEMO_TENANT_ID)).toBe(1);
    const res = await initOf(first.website_channel_id);
    expect(res.status).toBe(200);
    expect(res.body.consent).toEqual(DEMO_CONSENT);
  });
});
