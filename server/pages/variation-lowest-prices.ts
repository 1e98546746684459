/**
 * A variable product's Omnibus lines, one per variation on sale, as a small table on its page: each variation has its
 * own price history and so its own reference price, and a shopper choosing "Size: M" must be able to read M's.
 * Server-only Lit template, so every term is escaped.
 */
import type { Translate } from '../i18n/translator.js';
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import type { LowestPriceNotes } from '../catalog/lowest-price.js';
import { isOnSale, variationsOf, type CatalogData, type Product } from '../catalog/model.js';
import { formatMoney, type PriceFormatOptions } from '../catalog/price-format.js';

/** `Colour: Red, Size: M`, with the catalog's attribute labels. */
function optionName(catalog: Pick<CatalogData, 'attributes'>, attributes: Record<string, string>): string {
  const labels = new Map(catalog.attributes.map((attribute) => [attribute.name, attribute.label]));
  return Object.entries(attributes)
    .map(([name, term]) => `${labels.get(name) ?? name}: ${term}`)
    .join(', ');
}

/**
 * The table, or nothing when no variation on sale has a reference price (or the shop does not show the line).
 *
 * @example variationLowestPrices(catalog, product, { currency: 'PLN', locale: 'pl-PL', lowestPrices })
 */
export function variationLowestPrices(
  catalog: Pick<CatalogData, 'attributes'>,
  product: Product,
  money: PriceFormatOptions,
  t: Translate,
) {
  const notes: LowestPriceNotes | undefined = money.lowestPrices;
  if (!notes) return nothing;
  const rows = variationsOf(product).flatMap((variation) => {
    const lowest = notes.prices.get(variation.id);
    return lowest !== undefined && isOnSale(variation) ? [{ variation, lowest }] : [];
  });
  if (rows.length === 0) return nothing;
  return html`<table class="product__lowest-prices">
    <caption>${t('product.lowestPerOption', { count: notes.days })}</caption>
    <thead><tr><th scope="col">${t('product.option')}</th><th scope="col">${t('product.salePrice')}</th><th scope="col">${t('product.lowestBeforePromotion')}</th></tr></thead>
    <tbody>${rows.map(
      ({ variation, lowest }) => html`<tr>
      <th scope="row">${optionName(catalog, variation.attributes)}</th>
      <td>${formatMoney(variation.sale_price!, money)}</td>
      <td>${formatMoney(lowest, money)}</td>
    </tr>`,
    )}</tbody>
  </table>`;
}
