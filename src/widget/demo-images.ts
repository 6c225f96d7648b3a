import type { DemoProduct } from '../domain/provisioning/demo-catalogue.js';
import { escapeHtml } from '../escape-html.js';

/**
 * The demo shop's product pictures: small SVGs drawn here from the product's shape and colour,
 * so the shop shows images offline (no network, no CDN) and the same product always looks the
 * same. Served at demoProductImagePath (`/images/products/<code>.svg`).
 */

const WIDTH = 320;
const HEIGHT = 220;

/** The drawing of each shape, in the product's colour, on a 320×220 canvas. */
const SHAPES: Record<DemoProduct['picture']['shape'], (colour: string) => string> = {
  sofa: (c) => `<rect x="50" y="70" width="220" height="70" rx="14" fill="${c}"/>
  <rect x="34" y="100" width="40" height="70" rx="10" fill="${c}"/><rect x="246" y="100" width="40" height="70" rx="10" fill="${c}"/>
  <rect x="70" y="120" width="180" height="40" rx="8" fill="${c}" opacity=".8"/>
  <rect x="60" y="170" width="10" height="18" fill="#5b4632"/><rect x="250" y="170" width="10" height="18" fill="#5b4632"/>`,
  sneaker: (c) => `<path d="M50 150 L60 95 Q100 100 130 80 L170 110 Q230 115 270 140 L272 160 L50 160 Z" fill="${c}"/>
  <rect x="48" y="158" width="228" height="14" rx="6" fill="#f4f4f4" stroke="#c9ccd1"/>
  <path d="M110 100 l12 14 M126 94 l12 14 M142 90 l12 14" stroke="#fff" stroke-width="4" stroke-linecap="round"/>`,
  lamp: (c) => `<path d="M120 50 L200 50 L225 110 L95 110 Z" fill="${c}"/>
  <ellipse cx="160" cy="118" rx="34" ry="10" fill="#ffd98a" opacity=".9"/>
  <rect x="155" y="110" width="10" height="70" fill="#7a5a36"/><rect x="120" y="178" width="80" height="12" rx="6" fill="#7a5a36"/>`,
};

/** The SVG of a product: its drawing above its name. */
export function productImageSvg(p: DemoProduct): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${escapeHtml(p.name)}">
  <rect width="${WIDTH}" height="${HEIGHT}" fill="#f3f1ec"/>
  ${SHAPES[p.picture.shape](p.picture.colour)}
  <text x="${WIDTH / 2}" y="${HEIGHT - 8}" font-family="system-ui, sans-serif" font-size="14" text-anchor="middle" fill="#1f2328">${escapeHtml(p.name)}</text>
</svg>
`;
}
