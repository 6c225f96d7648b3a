import { describe, expect, it } from '@jest/globals';
import { parsePrimaryDomain, siteAddress, siteOrigin } from '../../src/domain/provisioning/primary-domain.js';
import { ProvisioningError } from '../../src/domain/provisioning/tenants.js';

describe('a primary domain', () => {
  it('is a host name, lowercased, optionally with a port', () => {
    expect(parsePrimaryDomain('Shop.Example.com')).toBe('shop.example.com');
    expect(parsePrimaryDomain('shop.example.com.')).toBe('shop.example.com');
    expect(parsePrimaryDomain('xn--e1afmkfd.xn--p1ai')).toBe('xn--e1afmkfd.xn--p1ai');
    expect(parsePrimaryDomain('localhost:3401')).toBe('localhost:3401');
    expect(parsePrimaryDomain('shop.example.com:8443')).toBe('shop.example.com:8443');
  });

  it.each(['', 'shop', 'https://shop.example.com', 'shop.example.com/path', '10.0.0.1', 'shop..example.com', '-shop.example.com',
    'shop.example.com:0', 'shop.example.com:99999', 'shop example.com', 'user@shop.example.com', 'shop.example.com:80:80', `${'a'.repeat(64)}.com`])(
    'refuses %j', (text) => {
      expect(() => parsePrimaryDomain(text)).toThrow(ProvisioningError);
    },
  );

  it('paths resolve against https://<domain> (http for localhost); addresses stay; no domain, no address for a path', () => {
    expect(siteOrigin('shop.example.com')).toBe('https://shop.example.com');
    expect(siteOrigin('localhost:3401')).toBe('http://localhost:3401');
    expect(siteOrigin(null)).toBeNull();
    expect(siteAddress('/products/x?a=1', 'https://shop.example.com')).toBe('https://shop.example.com/products/x?a=1');
    expect(siteAddress('//evil.example.net/x', 'https://shop.example.com')).toBe('https://shop.example.com//evil.example.net/x');
    expect(siteAddress('https://cdn.example.com/x', null)).toBe('https://cdn.example.com/x');
    expect(siteAddress('/products/x', null)).toBeNull();
  });
});
