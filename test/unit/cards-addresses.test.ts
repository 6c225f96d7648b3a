import { describe, expect, it } from '@jest/globals';
import { addressRefusal, type AddressKind } from '../../src/domain/storage/urls.js';

const OWN = '0b8f9c3e-1d2a-4c5b-9e6f-7a8b9c0d1e2f';
const OTHER = '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const ctx = { tenantId: OWN, cellOrigin: 'https://api.ru.example.com' };

const verdict = (text: string, kind: AddressKind) => addressRefusal(text, kind, ctx)?.code ?? 'ok';

describe('the address rule of chat content (src/domain/storage/urls.ts)', () => {
  it.each<[string, string, string]>([
    ['https address', 'https://shop.example.com/p/1?utm=x#top', 'ok'],
    ['https in capitals', 'HTTPS://shop.example.com/p/1', 'ok'],
    ['an encoded space in a query', 'https://shop.example.com/search?q=red%20shoe', 'ok'],
    ['javascript:', 'javascript:alert(1)', 'not_allowed'],
    ['JavaScript: in mixed case', 'JaVaScRiPt:alert(1)', 'not_allowed'],
    ['data:', 'data:text/html;base64,PHNjcmlwdD4=', 'not_allowed'],
    ['http:', 'http://shop.example.com/p/1', 'not_allowed'],
    ['ftp:', 'ftp://shop.example.com/p/1', 'not_allowed'],
    ['protocol-relative //host', '//evil.example.com/x', 'not_allowed'],
    ['credentials', 'https://user:pass@shop.example.com/', 'not_allowed'],
    ['a user name alone', 'https://user@shop.example.com/', 'not_allowed'],
    ['a backslash', 'https:\\\\evil.example.com', 'invalid_format'],
    ['a backslash in a path', '/a\\b', 'invalid_format'],
    ['a tab inside the scheme', 'java\tscript:alert(1)', 'invalid_format'],
    ['a leading space', ' javascript:alert(1)', 'invalid_format'],
    ['a newline', 'https://shop.example.com/\n', 'invalid_format'],
    ['an encoded control character in a path', '/a%00b', 'invalid_format'],
    ['a malformed escape', '/a%zz', 'invalid_format'],
    ['https:/ with one slash', 'https:/shop.example.com', 'invalid_format'],
    ['https:// with no host', 'https:///path', 'invalid_format'],
    ['no scheme', 'shop.example.com/p/1', 'invalid_format'],
    ['a dot-dot segment', '/catalogue/../admin', 'invalid_format'],
    ['an encoded dot-dot segment', '/catalogue/%2e%2e/admin', 'invalid_format'],
  ])('%s: %s -> %s (link)', (_, text, expected) => {
    expect(verdict(text, 'link')).toBe(expected);
  });

  it('a link may be a path on the primary domain; a file may not', () => {
    expect(verdict('/catalogue/sofa', 'link')).toBe('ok');
    expect(verdict('/', 'link')).toBe('ok');
    expect(verdict('/catalogue/sofa.jpg', 'file')).toBe('not_allowed');
  });

  it("a storage path must be the account's own: bare, under the cell's host, %-encoded or in capitals", () => {
    for (const kind of ['file', 'link'] as const) {
      expect(verdict(`/storage/${OWN}/images/sofa.jpg`, kind)).toBe('ok');
      expect(verdict(`/storage/${OWN.toUpperCase()}/images/sofa.jpg`, kind)).toBe('ok');
      expect(verdict(`https://api.ru.example.com/storage/${OWN}/sofa%20red.jpg`, kind)).toBe('ok');
      expect(verdict(`/storage/${OTHER}/images/sofa.jpg`, kind)).toBe('not_allowed');
      expect(verdict(`/Storage/${OTHER}/images/sofa.jpg`, kind)).toBe('not_allowed');
      expect(verdict(`/%73torage/${OTHER}/sofa.jpg`, kind)).toBe('not_allowed');
      expect(verdict(`https://api.ru.example.com/storage/${OTHER}/sofa.jpg`, kind)).toBe('not_allowed');
      expect(verdict(`https://API.ru.example.com./storage/${OTHER}/sofa.jpg`, kind)).toBe('not_allowed');
      expect(verdict(`https://api.ru.example.com:8443/storage/${OTHER}/sofa.jpg`, kind)).toBe('not_allowed');
      expect(verdict(`/storage/${OWN}%2F..%2F${OTHER}/sofa.jpg`, kind)).toBe('invalid_format');
      expect(verdict(`/storage/${OWN}/`, kind)).toBe('invalid_format');
      expect(verdict('/storage/not-a-tenant/sofa.jpg', kind)).toBe('not_allowed');
    }
  });

  it('another host may have its own /storage/ paths: only the cell host is the account storage', () => {
    expect(verdict(`https://cdn.example.com/storage/${OTHER}/sofa.jpg`, 'file')).toBe('ok');
  });

  it('says why in the message', () => {
    expect(addressRefusal('http://x.example.com', 'link', ctx)?.message).toMatch(/http: scheme is not allowed/);
    expect(addressRefusal(`/storage/${OTHER}/a.jpg`, 'file', ctx)?.message).toMatch(/this account's files/);
  });
});
