/**
 * The product page's pictures: the main one, and when the product has more, a row of thumbnails. Without JavaScript a
 * thumbnail is a plain link to the larger picture; the storefront's script (client/shop/product-gallery.ts) makes it a
 * button that shows the picture in the main place, and shows a chosen variation's own picture there. A variation named
 * in the address (`?variation=<id>`) is shown from the start, so the choice survives a reload or a shared link.
 */
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { imageAlt } from '../catalog/image-alts.js';
import type { Product, Variation } from '../catalog/model.js';
import { productImageHtml, productImageSources } from '../facets/fragments/product-image.js';
import { trustedHtml } from '../html/trusted-html.js';
import type { Translate } from '../i18n/translator.js';

/** The whole width on a phone, 480 px beside the summary on a wider screen. */
const PAGE_IMAGE_SIZES = '(max-width: 40rem) 100vw, 480px';
const THUMBNAIL_SIZE = 80;

interface GalleryImage {
  image: string;
  alt: string;
}

/** The product's own pictures that can be shown (the main one first), each with its text alternative. */
export function galleryImages(product: Pick<Product, 'title' | 'image' | 'gallery' | 'image_alts'>): GalleryImage[] {
  return [product.image, ...(product.gallery ?? [])]
    .map((image, index) => ({ image, alt: imageAlt(product, index) }))
    .filter(({ image }) => productImageSources(image) !== null);
}

/** A chosen variation's own picture, or null when it has none (the product's is shown). */
export function variationImage(product: Pick<Product, 'title'>, variation: Variation | undefined): GalleryImage | null {
  if (!variation?.image || !productImageSources(variation.image)) return null;
  return { image: variation.image, alt: variation.image_alt || product.title };
}

function thumbnail(picture: GalleryImage, number: number, count: number, shown: boolean, t: Translate) {
  const sources = productImageSources(picture.image)!;
  const label = t('product.showImage', { number, count, alt: picture.alt });
  return html`<li><a class="product__thumbnail" href=${sources.large} data-gallery-image data-src=${sources.src}
      data-srcset=${sources.srcset} data-alt=${picture.alt} aria-current=${shown ? 'true' : nothing}>${trustedHtml(
        productImageHtml(picture.image, label, {
          className: 'product__thumbnail-image',
          sizes: `${THUMBNAIL_SIZE}px`,
          size: THUMBNAIL_SIZE,
        }),
      )}</a></li>`;
}

/**
 * @param chosen the variation named in the address, whose own picture (if any) is shown first
 */
export function productGalleryTemplate(product: Product, chosen: Variation | undefined, t: Translate) {
  const pictures = galleryImages(product);
  const own = pictures[0] ?? { image: product.image, alt: imageAlt(product) };
  const shown = variationImage(product, chosen) ?? own;
  const defaults = productImageSources(own.image);
  return html`<div class="product__gallery" data-gallery data-src=${defaults?.src ?? nothing}
      data-srcset=${defaults?.srcset ?? nothing} data-alt=${own.alt}>
    ${trustedHtml(productImageHtml(shown.image, shown.alt, { className: 'product__image', sizes: PAGE_IMAGE_SIZES, size: 480, eager: true }))}
    ${
      pictures.length > 1
        ? html`<ul class="product__thumbnails" aria-label=${t('product.gallery')}>${pictures.map((picture, index) =>
            thumbnail(picture, index + 1, pictures.length, picture.image === shown.image, t),
          )}</ul>`
        : nothing
    }
  </div>`;
}
