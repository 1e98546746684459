/**
 * A product's image alt texts (`Product.image_alts`): position by position beside `image` and then `gallery`, as the
 * editor, `wc/v3`'s `images[].alt` and the CSV's `Images alt text` column give them. An image without one is
 * described by the product's name where it is shown.
 */
import type { Product } from './model.js';

/** The alternatives as stored: trailing empty ones dropped, and none at all (undefined) when none is given. */
export function storedAlts(alts: readonly string[]): string[] | undefined {
  const kept = alts.map((alt) => alt.trim());
  while (kept.length && kept.at(-1) === '') kept.pop();
  return kept.length ? kept : undefined;
}

/** The text alternative of the product's image at `index` (0: the main image), or its name when none was given. */
export function imageAlt(product: Pick<Product, 'title' | 'image_alts'>, index = 0): string {
  return product.image_alts?.[index] || product.title;
}
