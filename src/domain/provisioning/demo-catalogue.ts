import type { CardInput } from '../cards/card-rules.js';

/**
 * What bin/up's demo shop (src/widget/demo-site.ts) sells: its tiles and product pages are
 * drawn from this list, and `demo seed` makes each a card of the demo tenant (ai_enabled, the
 * page path on the shop), so the chat offers what the shop shows.
 */
export interface DemoProduct {
  code: string;
  name: string;
  /** What the shop's tile says under the name; also the card's description. */
  tagline: string;
  /** Roubles. */
  priceRub: string;
  /** What the shop's picture of it draws (src/widget/demo-images.ts), and in which colour. */
  picture: { shape: 'sofa' | 'sneaker' | 'lamp'; colour: string };
}

export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  { code: 'sofa-oslo', name: 'Sofa Oslo', tagline: 'Three seats, grey wool', priceRub: '49990', picture: { shape: 'sofa', colour: '#8a9099' } },
  { code: 'runner-x', name: 'Runner X sneakers', tagline: 'Light, for every day', priceRub: '7990', picture: { shape: 'sneaker', colour: '#2f6fde' } },
  { code: 'lamp-bergen', name: 'Lamp Bergen', tagline: 'Warm light, oak', priceRub: '3490', picture: { shape: 'lamp', colour: '#b07a3b' } },
];

/** The product's page on the demo shop. */
export const demoProductPath = (p: DemoProduct): string => `/products/${p.code}`;

/** The product's picture on the demo shop (an SVG the shop draws; no network, no CDN). */
export const demoProductImagePath = (p: DemoProduct): string => `/images/products/${p.code}.svg`;

export function demoCardInput(p: DemoProduct, sort: number): CardInput {
  return {
    code: p.code, name: p.name, description: p.tagline, page_url: demoProductPath(p),
    price: { amount: p.priceRub, currency: 'RUB' }, price_text: null, image_url: null, badge: null, buttons: [],
    ai_enabled: true, sort, active: true,
  };
}
