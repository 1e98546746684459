/**
 * The product page's body: breadcrumbs through the primary category's ancestors, pictures (product-gallery.ts),
 * title, price, rating, stock, description and attributes. Server-only Lit templates, so every catalog value is escaped.
 */
import type { Translate } from '../i18n/translator.js';
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import { categoryAncestors } from '../catalog/category-tree.js';
import type { CatalogData, Category, Product, Variation } from '../catalog/model.js';
import { formatMoney, priceTemplate, type PriceFormatOptions } from '../catalog/price-format.js';
import type { CouponPriceNote } from '../shop/coupons/advertised-coupon-price.js';
import type { ProductDisplayOptions } from '../catalog/product-display.js';
import { ratingTemplate, stockTemplate } from '../facets/fragments/product-card.js';
import { productGalleryTemplate } from './product-gallery.js';
import { variationLowestPrices } from './variation-lowest-prices.js';

/** The primary category and its ancestors, top-level first. */
export function categoryTrail(
  catalog: Pick<CatalogData, 'categories'>,
  product: Pick<Product, 'category_ids'>,
): Category[] {
  return categoryAncestors(catalog.categories, product.category_ids[0] ?? 0).reverse();
}

function breadcrumbs(trail: Category[], product: Product, t: Translate) {
  return html`<nav class="breadcrumbs" aria-label=${t('product.breadcrumb')}>
    <ol>
      <li><a href="/shop">${t('layout.shop')}</a></li>
      ${trail.map((category) => html`<li><a href="/product-category/${category.slug}">${category.name}</a></li>`)}
      <li><span aria-current="page">${product.title}</span></li>
    </ol>
  </nav>`;
}

function attributeList(catalog: Pick<CatalogData, 'attributes'>, product: Product, t: Translate) {
  const rows = catalog.attributes
    .map((definition) => ({ label: definition.label, terms: product.attributes[definition.name] ?? [] }))
    .filter((row) => row.terms.length > 0);
  const sku = product.sku.trim();
  // A label is shown only with its value: an empty "SKU" tells a shopper nothing.
  if (!product.brand && rows.length === 0 && !sku) return nothing;
  return html`<dl class="product__attributes">
    ${product.brand ? html`<div><dt>${t('product.brand')}</dt><dd>${product.brand}</dd></div>` : nothing}
    ${rows.map((row) => html`<div><dt>${row.label}</dt><dd>${row.terms.join(', ')}</dd></div>`)}
    ${sku ? html`<div><dt>${t('product.sku')}</dt><dd>${sku}</dd></div>` : nothing}
  </dl>`;
}

/** "Price with code LATO10: 90,00 zł", and the lowest price before the promotion when the history knows it. */
function couponPriceTemplate(note: CouponPriceNote | null | undefined, money: PriceFormatOptions, t: Translate) {
  if (!note) return nothing;
  return html`<p class="product__coupon-price">${t('coupon.priceWithCode', { code: note.code, price: formatMoney(note.price, money) })}${
    note.lowest === null
      ? nothing
      : html` <small class="price-lowest">${t('price.lowestBefore', { count: note.days })} ${formatMoney(note.lowest, money)}</small>`
  }</p>`;
}

/** What the app adds to a product page beyond the catalog's data. */
export interface ProductPageExtras {
  /** What a shopper can do with the product (the add-to-cart form). */
  actions?: unknown;
  /** The DSA notice form for this product, while the shop accepts notices. */
  reportUrl?: string;
  /** The "Product safety" section (GPSR), while the shop shows it. */
  safety?: unknown;
  /** The price with a coupon the shop advertises to everyone, with its Omnibus reference (none: no such coupon). */
  couponPrice?: CouponPriceNote | null;
  /** The delivery time to show (the product's or the shop's), '' for none. */
  deliveryTime?: string;
  /** The shipping costs page, linked as "plus shipping" next to the price while prices do not include shipping. */
  shippingCostsUrl?: string;
  /** The variation the address names (`?variation=<id>`), whose own picture is shown. */
  chosenVariation?: Variation;
}

/**
 * @example await renderToString(productPageTemplate(catalog, product, { currency: 'PLN', locale: 'pl-PL' }, t))
 */
export function productPageTemplate(
  catalog: Pick<CatalogData, 'categories' | 'attributes'>,
  product: Product,
  money: ProductDisplayOptions,
  t: Translate,
  extras: ProductPageExtras = {},
) {
  return html`<div class="product">
    ${breadcrumbs(categoryTrail(catalog, product), product, t)}
    <article class="product__body">
      ${productGalleryTemplate(product, extras.chosenVariation, t)}
      <div class="product__summary">
        <h1 class="product__title">${product.title}</h1>
        <div class="product__price">${priceTemplate(product, money)}${
          extras.shippingCostsUrl
            ? html` <a class="price-shipping" href=${extras.shippingCostsUrl}>${t('product.plusShipping')}</a>`
            : nothing
        }</div>
        ${couponPriceTemplate(extras.couponPrice, money, t)}
        ${extras.deliveryTime ? html`<p class="product__delivery-time">${t('shipping.deliveryTime', { time: extras.deliveryTime })}</p>` : nothing}
        ${variationLowestPrices(catalog, product, money, t)}
        ${ratingTemplate(product, money)}
        ${stockTemplate(product, money)}
        ${extras.actions ?? nothing}
        <p class="product__description">${product.description}</p>
        ${attributeList(catalog, product, t)}
        ${extras.safety ?? nothing}
        ${extras.reportUrl ? html`<p class="product__report"><a href=${extras.reportUrl}>${t('product.report')}</a></p>` : nothing}
      </div>
    </article>
  </div>`;
}
