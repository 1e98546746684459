/**
 * A product's picture as an `<img>`, always from the shop's own origin (its Content-Security-Policy allows no other):
 * a media-library image offers its resized WebP variants in `srcset` with the `sizes` of the slot it fills; another
 * site path (the demo's drawn SVGs) is used as it is; a product without a picture, or whose picture is still an
 * address elsewhere (not fetched yet, or failed), shows the shop's placeholder, never a broken image.
 */
import { escapeAttribute } from '../../../client/html/escape.js';
import {
  isOwnImage,
  mediaItemOfUrl,
  PLACEHOLDER_IMAGE,
  VARIANT_WIDTHS,
  variantUrl,
} from '../../store/media-addresses.js';

export interface ProductImageOptions {
  className: string;
  /** The slot's width for the browser's choice among the variants, e.g. `(max-width: 34rem) 50vw, 300px`. */
  sizes: string;
  /** The width and height reserved before the picture loads (pictures are shown square). */
  size: number;
  /** Above the fold (the first row of cards, a product page): loaded at once, not lazily. */
  eager?: boolean;
}

/** The variant used as `src` by browsers that ignore `srcset`, and as the default candidate. */
const FALLBACK_WIDTH = 600;

/**
 * @example productImageHtml('/media/uploads/3/mug.jpg', 'Mug', { className: 'card__image', sizes: '300px', size: 480 })
 */
export function productImageHtml(image: string, alt: string, options: ProductImageOptions): string {
  const loading = options.eager ? ' fetchpriority="high"' : ' loading="lazy"';
  const common = `width="${options.size}" height="${options.size}"${loading} decoding="async"`;
  if (!image || !isOwnImage(image)) {
    // Decorative: the product's name is next to it, and "no picture" tells a screen reader nothing it needs.
    return `<img class="${options.className} ${options.className}--placeholder" src="${PLACEHOLDER_IMAGE}" alt="" ${common} />`;
  }
  const item = mediaItemOfUrl(image);
  if (!item)
    return `<img class="${options.className}" src="${escapeAttribute(image)}" alt="${escapeAttribute(alt)}" ${common} />`;
  const srcset = VARIANT_WIDTHS.map((width) => `${variantUrl(item, width)} ${width}w`).join(', ');
  return (
    `<img class="${options.className}" src="${escapeAttribute(variantUrl(item, FALLBACK_WIDTH))}" srcset="${escapeAttribute(srcset)}" ` +
    `sizes="${escapeAttribute(options.sizes)}" alt="${escapeAttribute(alt)}" ${common} />`
  );
}
