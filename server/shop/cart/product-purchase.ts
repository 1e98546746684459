/**
 * The add-to-cart form on a product page: a plain form post, enhanced in the browser to stay on the page
 * (client/shop/add-to-cart.ts). A variable product asks which variation first (the one the address names is chosen,
 * which the gallery's style rules follow: server/pages/product-gallery.ts); those out of stock are listed but
 * cannot be chosen, so that a shopper sees the size exists.
 */
import type { Translate } from '../../i18n/translator.js';
import { shopTranslator } from '../../site/page-chrome.js';
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import type { Context } from 'koa';
import { csrfToken, CSRF_FIELD } from '../../auth/csrf.js';
import { formatMoney, type PriceFormatOptions } from '../../catalog/price-format.js';
import { chosenVariation, variationsOf, type Product, type Variation } from '../../catalog/model.js';
import { productDisplay, stockText } from '../../catalog/product-display.js';
import type { Store } from '../../store/store.js';
import {
  attributeLabels,
  available,
  purchasableById,
  unitPrice,
  variationTerms,
  type AttributeLabels,
  type Purchasable,
} from '../../catalog/purchasable.js';

/** What can be bought of the product: itself, or each of its variations. */
function itemsOf(product: Product, labels: AttributeLabels): Purchasable[] {
  const ids = product.type === 'variable' ? variationsOf(product).map((variation) => variation.id) : [product.id];
  return ids.flatMap((id) => purchasableById([product], id, labels) ?? []);
}

function variationChoice(
  product: Product,
  chosen: Variation | undefined,
  items: readonly Purchasable[],
  labels: AttributeLabels,
  money: PriceFormatOptions,
  t: Translate,
) {
  return html`<p class="add-to-cart__choice"><label for="variation-${product.id}">${t('product.option')}</label>
    <select id="variation-${product.id}" name="variation_id" required>
      <option value="">${t('product.chooseOption')}</option>
      ${items.map((item) => {
        const option = { option: variationTerms(item.variation!, labels), price: formatMoney(unitPrice(item), money) };
        const inStock = available(item) > 0;
        const onBackorder = inStock && stockText(item.variation!, { locale: money.locale })?.level === 'backorder';
        const key = !inStock
          ? 'product.optionOutOfStock'
          : onBackorder
            ? 'product.optionBackorder'
            : 'product.optionPrice';
        return html`<option value=${String(item.itemId)} ?disabled=${!inStock} ?selected=${inStock && item.itemId === chosen?.id}>${t(key, option)}</option>`;
      })}
    </select></p>`;
}

export function productPurchaseForm(ctx: Context, store: Store, product: Product) {
  const labels = attributeLabels(store.catalog.taxonomy.attributes);
  const items = itemsOf(product, labels);
  if (!items.some((item) => available(item) > 0)) return nothing;
  const { t } = shopTranslator(store);
  return html`<form method="post" action="/cart/add" class="add-to-cart" data-add-to-cart>
    <input type="hidden" name=${CSRF_FIELD} value=${csrfToken(ctx, store.site.data.secret)} />
    <input type="hidden" name="product_id" value=${String(product.id)} />
    ${product.type === 'variable' ? variationChoice(product, chosenVariation(product, ctx.query.variation), items, labels, productDisplay(store), t) : nothing}
    <label>${t('product.quantity')} <input name="quantity" type="number" min="1" max="99" value="1" inputmode="numeric" /></label>
    <button type="submit" class="button">${t('product.addToCart')}</button>
  </form>`;
}
