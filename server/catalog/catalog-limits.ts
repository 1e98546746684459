/**
 * How much one product may hold, whatever the way in: the CSV import and `wc/v3` check every value
 * against these limits and refuse what exceeds them, naming the row and column (CSV) or the field (API). They bound
 * what a page renders and an index holds, so that one 5 MB name cannot make `/shop` a 21 MB page, and a tree of 5,000
 * levels cannot exhaust a walk over it. Each is far above what a shop needs; WooCommerce's own sizes where it has one.
 */

export const CATALOG_LIMITS = {
  /** Characters of a product's name. */
  name: 400,
  /** Characters of a SKU (WooCommerce's `sku` column is 100). */
  sku: 100,
  shortDescription: 10_000,
  description: 100_000,
  /** Characters of an attribute's name, a term, a tag, a brand or a category name. */
  term: 200,
  /** Attributes of one product. */
  attributes: 30,
  /** Terms of one attribute of one product. */
  terms: 200,
  tags: 100,
  /** Categories one product is filed under. */
  categories: 50,
  /** Levels of the category tree: a category ten levels below the top is the deepest. */
  categoryDepth: 10,
  /** The main image and the gallery together. */
  images: 30,
  /** Characters of an image address. */
  imageUrl: 2048,
  /** `meta` keys of one product, and characters of one value. */
  metaKeys: 100,
  metaValue: 100_000,
} as const;

/** What is wrong with a text longer than `max` characters, or null. */
export function lengthProblem(what: string, text: string, max: number): string | null {
  return text.length > max
    ? `${what} has ${text.length.toLocaleString('en')} characters; at most ${max.toLocaleString('en')} are allowed`
    : null;
}

/** What is wrong with a list of more than `max` items, or null. */
export function countProblem(what: string, count: number, max: number): string | null {
  return count > max
    ? `${count.toLocaleString('en')} ${what} are too many; at most ${max.toLocaleString('en')} are allowed`
    : null;
}

/** Characters an address may not hold: they would end an HTML attribute, or could not be sent unencoded anyway. */
const UNSAFE_IN_ADDRESS = /[\s"'<>\\`]/;

/**
 * What is wrong with an image address, or null: only an absolute http: or https: address, or a path on this site
 * (`/media/…`), without quotes, spaces or angle brackets (`javascript:`, `data:` and `"onerror=…` are refused).
 */
export function imageUrlProblem(address: string): string | null {
  if (address.length > CATALOG_LIMITS.imageUrl)
    return `an image address may have at most ${CATALOG_LIMITS.imageUrl} characters`;
  if (UNSAFE_IN_ADDRESS.test(address))
    return `"${address.slice(0, 80)}" is not an image address: it holds a space, a quote or a bracket`;
  if (address.startsWith('/') && !address.startsWith('//')) return null;
  try {
    const url = new URL(address);
    if (url.protocol === 'http:' || url.protocol === 'https:') return null;
  } catch {
    // Not an absolute address: refused below.
  }
  return `"${address.slice(0, 80)}" is not an image address: use an http:// or https:// address, or a path on this site`;
}
