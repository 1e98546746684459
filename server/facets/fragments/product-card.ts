/**
 * One product in the results grid: picture, title linking to the product page, price in the shop's currency,
 * rating and stock in words (never colour alone).
 *
 * Built as strings through the escape module, not as Lit templates: a results page holds two dozen cards, and Lit
 * SSR's per-binding cost made them a third of every `/filter` answer. Templates embed them with `trustedHtml`.
 */
import { translatorOfLocale } from '../../i18n/translator.js';
import { numberFormat } from '../../i18n/number-formats.js';
import { escapeAttribute, escapeHtml } from '../../../client/html/escape.js';
import type { Product } from '../../catalog/model.js';
import { formatPriceHtml } from '../../catalog/price-format.js';
import { stockText, type ProductDisplayOptions } from '../../catalog/product-display.js';
import { CSRF_FIELD } from '../../auth/csrf.js';
import { trustedHtml } from '../../html/trusted-html.js';
import { imageAlt } from '../../catalog/image-alts.js';
import { available, needsChoice, simplePurchasable } from '../../catalog/purchasable.js';
import type { FragmentContext } from './fragment-context.js';
import { productImageHtml } from './product-image.js';
import { starsHtml } from './list-facet-controls.js';

/** Pictures are shown square; the attributes reserve the space before they load. */
const IMAGE_SIZE = 480;
/** Two columns on a phone, about 300 px in the shop's grid: the browser picks the variant from this. */
const CARD_IMAGE_SIZES = '(max-width: 34rem) 50vw, 300px';

export function productUrl(product: Pick<Product, 'slug'>): string {
  return `/product/${encodeURIComponent(product.slug)}`;
}

/** `Rated 4.3 out of 5 (12 reviews)` next to decorative stars; nothing for an unrated product. */
function ratingHtml(product: Pick<Product, 'rating' | 'rating_count'>, options: ProductDisplayOptions): string {
  if (product.rating_count === 0 || options.showRatings === false) return '';
  const rated = translatorOfLocale(options.locale).t('product.rated', {
    count: product.rating_count,
    rating: numberFormat(options.locale, 'rating').format(product.rating),
  });
  return (
    `<p class="facet-filter__rating">${starsHtml(product.rating)} ` +
    `<span class="facet-filter__rating-text">${escapeHtml(rated)}</span></p>`
  );
}

/** In stock, "Only 3 left" at or under the shop's low-stock threshold, or out of stock; nothing when switched off. */
function stockHtml(
  product: Pick<Product, 'in_stock' | 'stock_quantity' | 'manage_stock' | 'backorders'>,
  options: ProductDisplayOptions,
): string {
  const stock = stockText(product, options);
  return stock
    ? `<p class="facet-filter__stock facet-filter__stock--${stock.level}">${escapeHtml(stock.text)}</p>`
    : '';
}

export const ratingTemplate = (product: Pick<Product, 'rating' | 'rating_count'>, options: ProductDisplayOptions) =>
  trustedHtml(ratingHtml(product, options));
export const stockTemplate = (
  product: Pick<Product, 'in_stock' | 'stock_quantity' | 'manage_stock' | 'backorders'>,
  options: ProductDisplayOptions,
) => trustedHtml(stockHtml(product, options));

/**
 * "Add to cart" for a simple product in stock (a plain form post, enhanced by client/shop/add-to-cart.ts), "Choose
 * options" for a variable one, whose page asks which variation; nothing when it cannot be bought, or in a preview.
 */
function cartActionHtml(product: Product, context: FragmentContext): string {
  if (context.cartToken === undefined) return '';
  const { t } = translatorOfLocale(context.locale);
  const hidden = `<span class="visually-hidden"> ${escapeHtml(product.title)}</span>`;
  if (needsChoice(product)) {
    if (!product.in_stock) return '';
    return `<a class="button button--secondary facet-filter__choose" href="${escapeAttribute(productUrl(product))}">${escapeHtml(t('product.chooseOptions'))}${hidden}</a>`;
  }
  // Not purchasableById([product], …): that builds a lookup of the one-product array for every card.
  const item = simplePurchasable(product);
  if (!item || available(item) === 0) return '';
  return (
    `<form method="post" action="/cart/add" class="add-to-cart facet-filter__add-to-cart" data-add-to-cart>` +
    `<input type="hidden" ${cartTokenAttributes(context.cartToken)} />` +
    `<input type="hidden" name="product_id" value="${product.id}" />` +
    `<button type="submit" class="button">${escapeHtml(t('product.addToCart'))}${hidden}</button></form>`
  );
}

/**
 * The add-to-cart form's token field's name and value. A `/filter` answer made for everyone holds it empty, and each
 * visitor's copy gets their token put in at exactly this text (filter-answers.ts).
 */
export function cartTokenAttributes(token: string): string {
  return `name="${CSRF_FIELD}" value="${escapeAttribute(token)}"`;
}

/** @param eager the card is in the grid's first row, seen without scrolling: its picture is not loaded lazily */
export function productCardHtml(product: Product, context: FragmentContext, eager = false): string {
  const title = escapeHtml(product.title);
  return (
    `<li class="facet-filter__item"><article class="facet-filter__card">` +
    productImageHtml(product.image, imageAlt(product), {
      className: 'facet-filter__image',
      sizes: CARD_IMAGE_SIZES,
      size: IMAGE_SIZE,
      eager,
    }) +
    `<h3 class="facet-filter__title"><a class="facet-filter__title-link" href="${escapeAttribute(productUrl(product))}">${title}</a></h3>` +
    `<div class="facet-filter__price">${formatPriceHtml(product, context)}</div>` +
    `${ratingHtml(product, context)}${stockHtml(product, context)}${cartActionHtml(product, context)}</article></li>`
  );
}
