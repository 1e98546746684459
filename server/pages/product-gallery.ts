/**
 * The product page's pictures, with no script (the storefront's script budget is spent): the product's pictures side
 * by side in a strip that snaps to one at a time, swiped on a phone and scrolled by keyboard; a thumbnail is a plain
 * link to its picture in the strip. A variation's own picture replaces the strip while that variation is chosen in
 * the add-to-cart form: the page's style rules ask which option is checked (`:has`), so it follows the choice at once,
 * and a variation named in the address (`?variation=<id>`) is chosen from the start.
 */
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { imageAlt } from '../catalog/image-alts.js';
import { variationsOf, type Product, type Variation } from '../catalog/model.js';
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

/** The variations with a picture of their own, which replaces the product's while they are chosen. */
function variationsWithPictures(product: Product): Variation[] {
  return variationsOf(product).filter((variation) => variation.image && productImageSources(variation.image));
}

const pictureId = (number: number) => `product-picture-${number}`;

/**
 * The style rules that show a chosen variation's picture instead of the product's. Only the variations' numeric ids
 * go into them.
 */
function variationPictureRules(variations: readonly Variation[]): string {
  return variations
    .map((variation) => {
      const chosen = `.product__body:has(option[value="${Number(variation.id)}"]:checked)`;
      return (
        `${chosen} .product__slides,${chosen} .product__thumbnails{display:none}` +
        `${chosen} .product__variation-picture[data-variation="${Number(variation.id)}"]{display:block}`
      );
    })
    .join('');
}

function thumbnail(picture: GalleryImage, number: number, count: number, t: Translate) {
  const label = t('product.showImage', { number, count, alt: picture.alt });
  return html`<li><a class="product__thumbnail" href="#${pictureId(number)}">${trustedHtml(
    productImageHtml(picture.image, label, {
      className: 'product__thumbnail-image',
      sizes: `${THUMBNAIL_SIZE}px`,
      size: THUMBNAIL_SIZE,
    }),
  )}</a></li>`;
}

/**
 * @param chosen the variation named in the address: its picture is loaded at once, being the one shown
 */
export function productGalleryTemplate(product: Product, chosen: Variation | undefined, t: Translate) {
  const pictures = galleryImages(product);
  const shown = pictures.length ? pictures : [{ image: product.image, alt: imageAlt(product) }];
  const variations = variationsWithPictures(product);
  // One picture needs no strip to scroll nor thumbnails to choose by.
  const several = shown.length > 1;
  const slide = (picture: GalleryImage, index: number) =>
    trustedHtml(
      productImageHtml(picture.image, picture.alt, {
        className: 'product__image',
        sizes: PAGE_IMAGE_SIZES,
        size: 480,
        eager: index === 0 && !chosen?.image,
      }).replace(/ \/>$/, ` id="${pictureId(index + 1)}" />`),
    );
  return html`<div class="product__gallery">
    <div class="product__slides" tabindex=${several ? '0' : nothing} role=${several ? 'group' : nothing}
      aria-label=${several ? t('product.gallery') : nothing}>${shown.map(slide)}</div>
    ${variations.map((variation) =>
      trustedHtml(
        productImageHtml(variation.image!, variation.image_alt || product.title, {
          className: 'product__image product__variation-picture',
          sizes: PAGE_IMAGE_SIZES,
          size: 480,
          eager: variation.id === chosen?.id,
        }).replace(/ \/>$/, ` data-variation="${Number(variation.id)}" />`),
      ),
    )}
    ${
      several
        ? html`<ul class="product__thumbnails" aria-label=${t('product.gallery')}>${shown.map((picture, index) =>
            thumbnail(picture, index + 1, shown.length, t),
          )}</ul>`
        : nothing
    }
    ${variations.length ? trustedHtml(`<style>${variationPictureRules(variations)}</style>`) : nothing}
  </div>`;
}
