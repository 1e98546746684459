/**
 * Product pictures for the demo and synthetic catalogs: a small SVG drawn from the product's colour and initials,
 * so that the shop looks like a shop without shipping image files. Real catalogs point `image` elsewhere. The colour
 * is the one its name has as a facet swatch, which knows the names of every language the demo is seeded in.
 */
import type { Middleware } from 'koa';
import { productById } from '../store/catalog-lookup.js';
import { foldText } from '../catalog/model.js';
import { defaultSwatchColour } from '../facets/swatch-colours.js';
import type { Store } from '../store/store.js';

/** A product whose colour has no known name. */
const NO_COLOUR = '#6b7f73';
const PATH = /^\/media\/products\/(\d+)\.svg$/;

function initials(title: string): string {
  return foldText(title)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

function textColourOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((offset) => parseInt(hex.slice(offset, offset + 2), 16));
  return 0.299 * r! + 0.587 * g! + 0.114 * b! > 150 ? '#1d1d1f' : '#ffffff';
}

export function productImageMiddleware(store: Store): Middleware {
  return async (ctx, next) => {
    const match = PATH.exec(ctx.path);
    if (!match || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const product = productById(store.catalog.data.products, Number(match[1]));
    if (!product) return next();
    const colour = defaultSwatchColour(product.attributes.color?.[0] ?? '') ?? NO_COLOUR;
    ctx.type = 'image/svg+xml';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body =
      `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">` +
      `<rect width="480" height="480" fill="${colour}"/>` +
      `<circle cx="240" cy="240" r="150" fill="none" stroke="${textColourOn(colour)}" stroke-opacity="0.25" stroke-width="24"/>` +
      `<text x="240" y="276" font-family="system-ui, sans-serif" font-size="104" font-weight="700" text-anchor="middle" fill="${textColourOn(colour)}">${initials(product.title)}</text>` +
      `</svg>`;
  };
}
