import { describe, expect, it } from '@jest/globals';
import { eventErrors, piiEventErrors, scopesForPii, urlErrors } from '../../src/domain/webhooks/subscription-rules.js';
import { missingTransferConditions } from '../../src/domain/access/personal-data.js';
import { previousSecretValid } from '../../src/domain/webhooks/secret-rotation.js';

describe('eventErrors', () => {
  it('takes exact types and family patterns of the catalogue', () => {
    expect(eventErrors(['lead.created', 'lead.*', 'article.generation.failed', 'api_key.*', 'webhook.test'])).toEqual([]);
  });

  it('points at each unknown entry by its index', () => {
    expect(eventErrors(['lead.created', 'lead.removed', 'invoice.*', 'lead.created.*']).map((e) => [e.field, e.code])).toEqual([
      ['/events/1', 'not_supported'], ['/events/2', 'not_supported'], ['/events/3', 'not_supported'],
    ]);
  });

  it('refuses names of Object.prototype as families (no `in` lookup)', () => {
    const patterns = ['constructor.*', '__proto__.*', 'toString.*', 'hasOwnProperty.*', 'valueOf.*'];
    expect(eventErrors(patterns).map((e) => [e.field, e.code])).toEqual(patterns.map((_, i) => [`/events/${i}`, 'not_supported']));
  });
});

describe('piiEventErrors and scopesForPii', () => {
  it('lead, contact and conversation types and patterns may carry personal data', () => {
    expect(piiEventErrors(['lead.*', 'contact.merged', 'conversation.created', 'conversation.*'])).toEqual([]);
  });

  it('message.created is not a conversation type here: its text never travels', () => {
    expect(piiEventErrors(['conversation.created', 'message.created'])).toEqual([
      { field: '/include_pii', code: 'not_allowed', message: expect.stringMatching(/not: message\.created$/) },
    ]);
  });

  it('leads:read always, conversations:read only with conversation events', () => {
    expect(scopesForPii(['lead.created', 'contact.*'])).toEqual(['leads:read']);
    expect(scopesForPii(['lead.created', 'conversation.*'])).toEqual(['leads:read', 'conversations:read']);
  });
});

describe('missingTransferConditions (ru cell)', () => {
  const complete = { ipAllowlist: ['10.0.0.0/8'], hostingCountry: 'RU', transferBasis: 'DPA' };
  it('nothing is missing when all three are declared', () => {
    expect(missingTransferConditions(complete)).toEqual([]);
  });

  it('names each one missing, an empty allowlist and a blank basis included', () => {
    expect(missingTransferConditions({ ipAllowlist: [], hostingCountry: 'DE', transferBasis: '  ' })).toEqual(['an IP allowlist', 'hosting country RU', 'a declared transfer basis']);
    expect(missingTransferConditions({ ...complete, ipAllowlist: null })).toEqual(['an IP allowlist']);
  });
});

describe('urlErrors', () => {
  const strict = { resolve: { 'hooks.test': '127.0.0.1', 'public.test': '93.184.216.34' }, allowPrivateNetworks: false };
  it('passes https on 443 to a name with public addresses', async () => {
    expect(await urlErrors('https://public.test/hook', strict)).toEqual([]);
  });

  it('refuses a name pinned to loopback unless private networks are allowed', async () => {
    expect(await urlErrors('https://hooks.test/hook', strict)).toEqual([{ field: '/url', code: 'not_allowed', message: expect.stringMatching(/loopback/) }]);
    expect(await urlErrors('https://hooks.test/hook', { ...strict, allowPrivateNetworks: true })).toEqual([]);
  });

  it('text that is not a URL is invalid_format', async () => {
    expect(await urlErrors('::', strict)).toEqual([{ field: '/url', code: 'invalid_format', message: 'not a valid URL' }]);
  });
});

describe('previousSecretValid', () => {
  const expiresAt = new Date('2026-11-22T12:00:00.000Z');
  const webhook = { previousSecretSealed: 'v1.a.b.c', previousSecretExpiresAt: expiresAt };
  it('is valid before the expiry and not at it', () => {
    expect(previousSecretValid(webhook, new Date(expiresAt.getTime() - 1))).toBe(true);
    expect(previousSecretValid(webhook, expiresAt)).toBe(false);
  });

  it('is not valid when there is none', () => {
    expect(previousSecretValid({ previousSecretSealed: null, previousSecretExpiresAt: null }, new Date(0))).toBe(false);
  });
});
