/**
 * The addresses of the media library's files, which other stored records hold (a product's `image`, an image block
 * in a page), so their shape is part of what the store keeps: the original at `/media/uploads/<id>/<filename>`, its
 * resized WebP variants beside it at `/media/uploads/<id>/<width>w/<name>.webp`, and the shop's placeholder for a
 * product without a picture. Pages and cards read these to offer `srcset`; server/media serves them.
 */

/** The widths of the resized copies made of each image: a card's slot, the same at 2x, a product page at 2x. */
export const VARIANT_WIDTHS = [300, 600, 1200] as const;
export type VariantWidth = (typeof VARIANT_WIDTHS)[number];

/** What a product without a picture shows: a neutral drawing served by the shop, never a broken image. */
export const PLACEHOLDER_IMAGE = '/media/placeholder.svg';

const ORIGINAL = /^\/media\/uploads\/(\d+)\/([^/?#]+)$/;

export function mediaUrl(item: { id: number; filename: string }): string {
  return `/media/uploads/${item.id}/${encodeURIComponent(item.filename)}`;
}

/** `/media/uploads/12/600w/red-shirt.webp` for item 12 named `red-shirt.jpg`. */
export function variantUrl(item: { id: number; filename: string }, width: number): string {
  return `/media/uploads/${item.id}/${width}w/${encodeURIComponent(item.filename.replace(/\.[^.]*$/, ''))}.webp`;
}

/** The media item an address names, when it is the site-relative address of an original; null for anything else. */
export function mediaItemOfUrl(address: string): { id: number; filename: string } | null {
  const match = ORIGINAL.exec(address);
  if (!match) return null;
  try {
    return { id: Number(match[1]), filename: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}

/**
 * Whether the shop serves this address itself (a site-relative path), as its Content-Security-Policy requires of
 * every image; an absolute address elsewhere (an image not fetched yet) would show as a broken image.
 */
export function isOwnImage(address: string): boolean {
  return address.startsWith('/') && !address.startsWith('//') && !address.startsWith('/\\');
}
