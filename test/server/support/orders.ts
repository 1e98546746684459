/** Orders placed the way the checkout places them (the orders service: stock taken in the same store operation). */
import { customerActor } from '../../../server/shop/orders/order-actor.js';
import { placeOrder } from '../../../server/shop/orders/order-service.js';
import type { Product } from '../../../server/catalog/model.js';
import type { Order, PaymentMethod } from '../../../server/store/schema.js';
import type { Store } from '../../../server/store/store.js';

export interface TestOrder {
  product: Product;
  quantity?: number;
  payment?: PaymentMethod;
  email?: string;
  firstName?: string;
  lastName?: string;
  userId?: number | null;
  createdAt?: string;
  /** A company buyer's tax number (NIP) and name; none: a consumer. */
  companyTaxId?: string;
  company?: string;
  /** The storefront language it is placed in (its e-mails' and invoice's); none: the shop's. */
  language?: string;
}

/** A simple product of the catalog with at least `stock` units, skipping `exclude`. */
export function stockedProduct(store: Store, stock = 5, exclude: readonly number[] = []): Product {
  const found = store.catalog.data.products.find(
    (product) =>
      product.type !== 'variable' &&
      product.status !== 'draft' &&
      product.stock_quantity >= stock &&
      !exclude.includes(product.id),
  );
  if (!found) throw new Error(`No simple product with ${stock} in stock.`);
  return found;
}

export function stockOf(store: Store, productId: number): number {
  return store.catalog.data.products.find((product) => product.id === productId)!.stock_quantity;
}

export function placeTestOrder(store: Store, options: TestOrder): Promise<Order> {
  const { product, quantity = 1 } = options;
  const price = product.sale_price ?? product.regular_price;
  const total = Math.round(price * quantity * 100) / 100;
  return placeOrder(
    store,
    {
      user_id: options.userId ?? null,
      email: options.email ?? 'anna@example.com',
      billing: {
        first_name: options.firstName ?? 'Anna',
        last_name: options.lastName ?? 'Nowak',
        street: 'Długa 1',
        postcode: '00-001',
        city: 'Warszawa',
        country: 'PL',
        phone: '',
        ...(options.company ? { company: options.company } : {}),
      },
      company_tax_id: options.companyTaxId ?? '',
      payment_method: options.payment ?? 'bank_transfer',
      currency: 'PLN',
      lines: [
        {
          product_id: product.id,
          title: product.title,
          sku: product.sku,
          unit_price: price,
          quantity,
          line_total: total,
        },
      ],
      subtotal: total,
      total,
      consent: [],
      created_at: options.createdAt ?? new Date().toISOString(),
      ...(options.language ? { language: options.language } : {}),
      // Orders made for tests of the orders themselves send no mail; the checkout's do (test/server/mail).
    },
    [],
    customerActor(options.userId ? { id: options.userId } : null),
    () => [],
  );
}

/** An order of two products, one unit each (the second line added as the checkout would have stored it). */
export async function placeTwoLineOrder(
  store: Store,
  email: string,
  userId: number | null = null,
): Promise<{ order: Order; titles: [string, string] }> {
  const first = stockedProduct(store, 3);
  const second = stockedProduct(store, 3, [first.id]);
  const order = await placeTestOrder(store, { product: first, email, userId });
  await store.orders.change(order.id, (stored) => {
    const line = {
      product_id: second.id,
      title: second.title,
      sku: second.sku,
      unit_price: second.regular_price,
      quantity: 1,
      line_total: second.regular_price,
    };
    const changed = { ...stored, lines: [...stored.lines, line] };
    return { order: changed, result: changed };
  });
  return { order: (await store.orders.find(order.id))!, titles: [first.title, second.title] };
}
