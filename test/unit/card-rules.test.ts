import { describe, expect, it } from '@jest/globals';
import { DomainError } from '../../src/errors/domain-error.js';
import { CARD_CODE, CARD_LIMITS, cardAddressErrors, failOnFields, takenCode } from '../../src/domain/cards/card-rules.js';

/** The rules of a product card (spec 02, Card and CardButton). */
const OWN = '0b8f9c3e-1d2a-4c5b-9e6f-7a8b9c0d1e2f';
const OTHER = '5c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const ctx = { tenantId: OWN, cellOrigin: 'https://api.ru.example.com' };

describe('card rules (src/domain/cards/card-rules.ts)', () => {
  it('a card code is 1-40 of lowercase latin letters, digits, _ and -', () => {
    for (const ok of ['a', 'sku-1_b', 'x'.repeat(40), '0']) expect(CARD_CODE.test(ok)).toBe(true);
    for (const bad of ['', 'x'.repeat(41), 'Sku', 'sku 1', 'sku.1', 'ску', 'a/b', ' a', 'a\n']) expect(CARD_CODE.test(bad)).toBe(false);
  });

  it('has the spec limits', () => {
    expect(CARD_LIMITS).toEqual({ name: 120, description: 500, badge: 30, priceText: 40, buttons: 3, buttonLabel: 40, url: 2048 });
  });

  it('accepts https addresses, own storage files for the image and paths for links; absent fields are not checked', () => {
    expect(cardAddressErrors({
      image_url: `/storage/${OWN}/shoe.png`, page_url: '/catalogue/shoe',
      buttons: [{ label: 'Buy', url: 'https://shop.example.com/buy' }, { label: 'More', url: '/more' }],
    }, ctx)).toEqual([]);
    expect(cardAddressErrors({ image_url: 'https://cdn.example.com/a.png', page_url: 'https://shop.example.com/p' }, ctx)).toEqual([]);
    expect(cardAddressErrors({ image_url: null, page_url: null }, ctx)).toEqual([]);
    expect(cardAddressErrors({}, ctx)).toEqual([]);
  });

  it('names every address at fault with its field, code and message, in field order', () => {
    expect(cardAddressErrors({
      image_url: '/catalogue/shoe.png', // a path is a link, not a file
      page_url: 'javascript:alert(1)',
      buttons: [{ label: 'ok', url: '/ok' }, { label: 'bad', url: `/storage/${OTHER}/x.png` }, { label: 'sp', url: 'https://a b' }],
    }, ctx)).toEqual([
      { field: '/image_url', code: 'not_allowed', message: "image_url: must be an https:// address or a file in the account's storage (/storage/<tenant id>/<file path>)" },
      { field: '/page_url', code: 'not_allowed', message: 'page_url: the javascript: scheme is not allowed; only https://' },
      { field: '/buttons/1/url', code: 'not_allowed', message: "buttons/1/url: a storage path must be one of this account's files: /storage/<your tenant id>/<file path>" },
      { field: '/buttons/2/url', code: 'invalid_format', message: 'buttons/2/url: the address has control characters, white space or backslashes' },
    ]);
  });

  it('a link may be a path; an image may not (the kinds are not swapped)', () => {
    expect(cardAddressErrors({ page_url: '/p', buttons: [{ label: 'b', url: '/b' }] }, ctx)).toEqual([]);
    expect(cardAddressErrors({ image_url: '/p' }, ctx).map((e) => e.field)).toEqual(['/image_url']);
  });

  it('takenCode names the code as taken at /code', () => {
    expect(takenCode('sku-1')).toEqual({ field: '/code', code: 'taken', message: 'code: sku-1 is already the code of another card of this account' });
  });

  it('failOnFields throws one validation_failed naming every field, and nothing when there is none', () => {
    expect(() => failOnFields([])).not.toThrow();
    const errors = [takenCode('a'), { field: '/page_url', code: 'not_allowed', message: 'page_url: no' }];
    let thrown: unknown;
    try {
      failOnFields(errors);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({ code: 'validation_failed', detail: 'code: a is already the code of another card of this account; page_url: no', extras: { errors } });
  });
});
