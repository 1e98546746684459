/** What a page slug may be: the URL path of a page, so it must look like one and not collide with built-in paths. */

export const PAGE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Paths answered before the page routes (login, REST, assets, ...): a page there would never be seen. */
const RESERVED_SLUGS = new Set([
  'login',
  'logout',
  'rest-nonce',
  'forgot-password',
  'reset-password',
  'product',
  'product-category',
  'media',
  'assets',
  'wp-json',
  'index-php',
  'admin',
  // The shop's own forms (server/shop/).
  'cart',
  'checkout',
  'order-received',
  'account',
  'register',
  'contact',
  'withdraw',
  'shipping-costs',
]);

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug);
}
