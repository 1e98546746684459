import type { CatalogData, CatalogEdit } from './catalog-types.js';
import type { CouponUse } from './coupons-store.js';
import { withTaxDefaults } from './order-defaults.js';
import type { Enqueue, NewMessage } from './outbox.js';
import type { ConsentRecord, Order } from './schema.js';

/**
 * An order as the checkout hands it over; the store numbers it. Its shipping and fees may be left out (none), as for
 * an order of a shop without shipping zones, its delivery address (to the billing address), its taxes (it is then
 * taxed as an order stored before taxes were kept), its parcels (none sent yet), and the customer's request for an
 * invoice (none).
 */
export type NewOrder = Omit<Order, 'id' | 'number' | ShippingFields> & Partial<Pick<Order, ShippingFields>>;
type ShippingFields =
  | 'shipping_lines'
  | 'fee_lines'
  | 'shipping_total'
  | 'shipping_address'
  | 'taxes'
  | 'shipments'
  | 'refunds'
  | 'coupon_lines'
  | 'invoice_requested'
  | 'language';

/**
 * The order's shipping, fees and coupons, none where they were left out, and its delivery address (none: the billing
 * one).
 */
export function withShippingFields(order: NewOrder): Omit<Order, 'id' | 'number'> {
  return withTaxDefaults({
    ...order,
    shipping_lines: order.shipping_lines ?? [],
    fee_lines: order.fee_lines ?? [],
    shipping_total: order.shipping_total ?? 0,
    shipping_address: order.shipping_address ?? null,
    shipments: order.shipments ?? [],
    refunds: order.refunds ?? [],
    coupon_lines: order.coupon_lines ?? [],
    invoice_requested: order.invoice_requested ?? false,
    language: order.language ?? '',
  });
}

/**
 * What an order change decides: the order as it is to be stored, and a catalog edit to store with it (stock given
 * back).
 */
export interface OrderChangeOutcome<T> {
  order: Order;
  stock?: CatalogEdit | null;
  result: T;
  /** The messages the change causes (a status change told to the customer), stored in the same operation. */
  outbox?: readonly NewMessage[];
}

export interface OrderRepository {
  /**
   * Takes the order's stock and stores the order under the next number with the consent records of its form
   * (`reference` set to `order:<number>`), as ONE operation: `takeStock` runs on the freshest catalog with catalog
   * changes of every process and instance held off, and answers the edit that takes the units; throwing stores
   * nothing. A crash at any point leaves the stock taken and the order stored, or neither (PostgreSQL: one
   * transaction; lowdb: one journal line holding the edit and the order, replayed after a crash). The messages of
   * `outbox` (the confirmation, the shop's notification) are made from the stored order and stored with it. The uses of
   * `coupons` are checked on the coupons' freshest state and counted in the same operation (coupons-store.ts).
   */
  place(
    order: NewOrder,
    consent: readonly ConsentRecord[],
    takeStock: (catalog: CatalogData) => CatalogEdit,
    outbox?: Enqueue<Order>,
    coupons?: CouponUse,
  ): Promise<Order>;
  find(id: number): Promise<Order | null>;
  findByNumber(number: string): Promise<Order | null>;
  /** A customer's orders, newest first. */
  listByUser(userId: number): Promise<Order[]>;
  /** Every order, newest first. */
  list(): Promise<Order[]>;
  /**
   * Changes one order in one operation on its freshest state; throwing stores nothing. A change that cancels the order
   * gives the uses of its coupons back in the same operation (coupons-store.ts `releaseCouponUse`). With `withCatalog`, catalog
   * changes are held off and `change` sees the freshest catalog: the stock edit it answers is stored together with the
   * order, so that a check such as "not given back yet" and both writes are one operation.
   * @throws StoreNotFoundError when there is no such order
   */
  change<T>(
    id: number,
    change: (order: Order, catalog: CatalogData | null) => OrderChangeOutcome<T>,
    options?: { withCatalog?: boolean },
  ): Promise<T>;
}
