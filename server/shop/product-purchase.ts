/** The add-to-cart form on a product page, for a product that can be bought now. */
import { nothing } from 'lit';
import type { Context } from 'koa';
import { csrfToken } from '../auth/csrf.js';
import type { Product } from '../catalog/model.js';
import type { Store } from '../store/store.js';
import { available } from './cart-lines.js';
import { addToCartForm } from './cart-page.js';

export function productPurchaseForm(ctx: Context, store: Store, product: Product) {
  return available(product) > 0 ? addToCartForm(product.id, csrfToken(ctx, store.site.data.secret), true) : nothing;
}
