/**
 * A product's slug: its own, made from its name when none is given, transliterated (model.ts's
 * slugify) and unique in the catalog, so that two products never share an address and a product never takes over
 * another's. Uniqueness follows WordPress: the wanted slug, else it with `-2`, `-3`… appended.
 */
import { slugify } from './model.js';

/** Longest slug kept, as WordPress's `post_name` column (200 characters). */
export const MAX_SLUG_LENGTH = 200;

/**
 * The slug to use: `wanted` (any text: it is slugified) or, when that is empty, the product's name, or `product-<id>`
 * for a name with no letter or digit; then the first of it, `-2`, `-3`… that `taken` does not hold.
 * @example uniqueSlug('', 'Żółta miska', 7, (slug) => slug === 'zolta-miska') === 'zolta-miska-2'
 */
export function uniqueSlug(wanted: string, name: string, id: number, taken: (slug: string) => boolean): string {
  const base = (slugify(wanted) || slugify(name) || `product-${id}`).slice(0, MAX_SLUG_LENGTH).replace(/-+$/, '');
  let slug = base;
  for (let suffix = 2; taken(slug); suffix++) slug = `${base}-${suffix}`;
  return slug;
}
