/**
 * An order placed as a shopper places it: product pages, the cart form and the checkout form without JavaScript,
 * with the checkout's required legal checkboxes ticked. For tests of what happens to orders afterwards.
 */
import assert from 'node:assert/strict';
import type { Product } from '../../../server/store/catalog-types.js';
import type { TestServer } from './test-server.js';
import type { PaymentMethod } from '../../../server/store/schema.js';
import { Visitor, type PageAnswer } from './visitor.js';

export const SHOPPER_ADDRESS = {
  first_name: 'Ewa',
  last_name: 'Nowak',
  street: 'Długa 5',
  postcode: '00-001',
  city: 'Warszawa',
  country: 'PL',
  phone: '',
};

export interface PlacedOrder {
  number: string;
  /** The products bought, one unit each, as they were before the order. */
  products: Product[];
}

/** Simple products in stock with at least `units` units, skipping the first `skip`. */
export function productsInStock(server: TestServer, count: number, skip = 0, units = 5): Product[] {
  const found = server.store.catalog.data.products
    .filter(
      (product) =>
        product.type !== 'variable' &&
        product.in_stock &&
        product.stock_quantity >= units &&
        (product.status ?? 'publish') === 'publish',
    )
    .slice(skip, skip + count);
  assert.equal(found.length, count, `the shop has ${count} simple products in stock`);
  return found;
}

/** A variable product with a variation in stock, and that variation. */
export function variationInStock(server: TestServer, units = 5): { product: Product; variationId: number } {
  for (const product of server.store.catalog.data.products) {
    const variation =
      product.type === 'variable' && (product.status ?? 'publish') === 'publish'
        ? product.variations?.find((candidate) => candidate.in_stock && candidate.stock_quantity >= units)
        : undefined;
    if (variation) return { product, variationId: variation.id };
  }
  assert.fail('the shop has a variation in stock');
}

/** The form fields that tick the required legal checkboxes a form shows (`checkout`, `registration`, `contact`). */
export function requiredBoxes(server: TestServer, location: string): Record<string, string> {
  const boxes = server.store.site.data.checkboxes.filter(
    (box) => box.location === location && box.required && box.enabled,
  );
  return Object.fromEntries(boxes.map((box) => [`legal_${box.id}`, '1']));
}

/**
 * One unit of each product (and of the variation, when one is given) put in `visitor`'s cart and bought by `email`,
 * paid `paymentMethod`: the order joins the visitor's session (a signed-in customer's account). Answers its number.
 */
export async function checkOut(
  visitor: Visitor,
  server: TestServer,
  email: string,
  products: Product[],
  paymentMethod: 'cash_on_delivery' | 'bank_transfer' = 'cash_on_delivery',
  variation?: { product: Product; variationId: number },
): Promise<string> {
  const placed = await submitCheckout(visitor, server, email, products, paymentMethod, variation);
  return /VT-\d{6}/.exec(placed.location!)![0];
}

/**
 * {@link checkOut} up to the order button's answer, for any way of paying: the 303 to the confirmation, or to an
 * online payment provider's page.
 */
export async function submitCheckout(
  visitor: Visitor,
  server: TestServer,
  email: string,
  products: Product[],
  paymentMethod: PaymentMethod,
  variation?: { product: Product; variationId: number },
): Promise<PageAnswer> {
  await visitor.get(`/product/${products[0]!.slug}`);
  for (const product of products) await visitor.post('/cart/add', { product_id: String(product.id), quantity: '1' });
  if (variation)
    await visitor.post('/cart/add', {
      product_id: String(variation.product.id),
      variation_id: String(variation.variationId),
      quantity: '1',
    });
  await visitor.get('/checkout');
  const placed = await visitor.post('/checkout', {
    ...SHOPPER_ADDRESS,
    email,
    payment_method: paymentMethod,
    ...requiredBoxes(server, 'checkout'),
  });
  assert.equal(placed.status, 303, placed.html.slice(0, 500));
  return placed;
}

/** {@link checkOut} by a new visitor; answers the order's number and the products as they were before it. */
export async function placeOrderThroughShop(
  server: TestServer,
  email: string,
  products: Product[],
  paymentMethod: 'cash_on_delivery' | 'bank_transfer' = 'cash_on_delivery',
  variation?: { product: Product; variationId: number },
): Promise<PlacedOrder> {
  const number = await checkOut(new Visitor(server.url), server, email, products, paymentMethod, variation);
  return { number, products: products.map((product) => structuredClone(product)) };
}
