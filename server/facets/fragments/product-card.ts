/**
 * One product in the results grid: picture, title linking to the product page, price in the shop's currency,
 * rating and stock in words (never colour alone). Titles are escaped by Lit like every other value.
 */
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import type { Product } from '../../catalog/model.js';
import { priceTemplate } from '../../catalog/price-format.js';
import type { FragmentContext } from './fragment-context.js';
import { starsTemplate } from './list-facet-controls.js';

/** The demo pictures are square SVGs of this size; the attributes reserve the space before they load. */
const IMAGE_SIZE = 480;

export function productUrl(product: Pick<Product, 'slug'>): string {
  return `/product/${encodeURIComponent(product.slug)}`;
}

/** `Rated 4.3 out of 5 (12 reviews)` next to decorative stars; nothing for an unrated product. */
export function ratingTemplate(product: Pick<Product, 'rating' | 'rating_count'>) {
  if (product.rating_count === 0) return nothing;
  const reviews = `${product.rating_count} ${product.rating_count === 1 ? 'review' : 'reviews'}`;
  return html`<p class="facet-filter__rating">${starsTemplate(product.rating)}
    <span class="facet-filter__rating-text">Rated ${product.rating.toFixed(1)} out of 5 (${reviews})</span></p>`;
}

export function stockTemplate(product: Pick<Product, 'in_stock'>) {
  return product.in_stock
    ? html`<p class="facet-filter__stock facet-filter__stock--in">In stock</p>`
    : html`<p class="facet-filter__stock facet-filter__stock--out">Out of stock</p>`;
}

export function productCardTemplate(product: Product, context: FragmentContext) {
  return html`<li class="facet-filter__item">
    <article class="facet-filter__card">
      <img class="facet-filter__image" src=${product.image} alt=${product.title} width=${IMAGE_SIZE} height=${IMAGE_SIZE} loading="lazy" decoding="async" />
      <h3 class="facet-filter__title"><a class="facet-filter__title-link" href=${productUrl(product)}>${product.title}</a></h3>
      <div class="facet-filter__price">${priceTemplate(product, context)}</div>
      ${ratingTemplate(product)}
      ${stockTemplate(product)}
    </article>
  </li>`;
}
