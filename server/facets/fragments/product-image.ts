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

/** Where a picture is loaded from: `src`, and the resized variants when it is a media-library image ('' if not). */
export interface ImageSources {
  src: string;
  srcset: string;
}

/**
 * The addresses of a picture of the shop's own, or null for one that is missing or still elsewhere (shown as the
 * placeholder).
 */
export function productImageSources(image: string): ImageSources | null {
  if (!image || !isOwnImage(image)) return null;
  const item = mediaItemOfUrl(image);
  if (!item) return { src: image, srcset: '' };
  return {
    src: variantUrl(item, FALLBACK_WIDTH),
    srcset: VARIANT_WIDTHS.map((width) => `${variantUrl(item, width)} ${width}w`).join(', '),
  };
}

/**
 * @example productImageHtml('/media/uploads/3/mug.jpg', 'Mug', { className: 'card__image', sizes: '300px', size: 480 })
 */
export function productImageHtml(image: string, alt: string, options: ProductImageOptions): string {
  const loading = options.eager ? ' fetchpriority="high"' : ' loading="lazy"';
  const common = `width="${options.size}" height="${options.size}"${loading} decoding="async"`;
  const sources = productImageSources(image);
  if (!sources) {
    // Decorative: the product's name is next to it, and "no picture" tells a screen reader nothing it needs.
    return `<img class="${options.className} ${options.className}--placeholder" src="${PLACEHOLDER_IMAGE}" alt="" ${common} />`;
  }
  if (!sources.srcset)
    return `<img class="${options.className}" src="${escapeAttribute(sources.src)}" alt="${escapeAttribute(alt)}" ${common} />`;
  return (
    `<img class="${options.className}" src="${escapeAttribute(sources.src)}" srcset="${escapeAttribute(sources.srcset)}" ` +
    `sizes="${escapeAttribute(options.sizes)}" alt="${escapeAttribute(alt)}" ${common} />`
  );
}
