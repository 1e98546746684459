/**
 * The parcels an order is sent in: adding one (the customer is e-mailed its carrier and tracking link in the same
 * store operation) and removing one entered by mistake (nobody is e-mailed).
 */
import { randomBytes } from 'node:crypto';
import type { ShipmentTracking } from '../../../client/api/shipment-tracking.js';
import { ConflictError, NotFoundError } from '../../errors/domain-errors.js';
import type { NewMessage } from '../../store/outbox.js';
import type { Order } from '../../store/schema.js';
import type { Store } from '../../store/store.js';
import type { ShipmentInput } from './shipment-input.js';

/** What the customer is told of a parcel sent (ShopMail.orderShipped): stored with it. */
export type ShipmentMessages = (order: Order, shipment: ShipmentTracking) => readonly NewMessage[];

/** Orders that are not sent: nothing was sold, or it was given back. */
const NOT_SHIPPED = ['cancelled', 'refunded', 'failed'];

async function knownOrder(store: Store, id: number): Promise<Order> {
  const order = await store.orders.find(id);
  if (!order) throw new NotFoundError(`There is no order with the id ${id}.`);
  return order;
}

/**
 * @throws NotFoundError for an unknown order; ConflictError for an order that is cancelled, refunded or failed
 */
export async function addShipment(
  store: Store,
  orderId: number,
  input: ShipmentInput,
  tell: ShipmentMessages,
): Promise<ShipmentTracking> {
  await knownOrder(store, orderId);
  return store.orders.change(orderId, (order) => {
    if (NOT_SHIPPED.includes(order.status))
      throw new ConflictError(`Order ${order.number} is ${order.status}: it is not shipped.`);
    const shipment: ShipmentTracking = { tracking_id: randomBytes(16).toString('hex'), ...input };
    const changed: Order = { ...order, shipments: [...order.shipments, shipment] };
    return { order: changed, result: shipment, outbox: tell(changed, shipment) };
  });
}

/** @throws NotFoundError for an unknown order or parcel */
export async function removeShipment(store: Store, orderId: number, trackingId: string): Promise<ShipmentTracking> {
  await knownOrder(store, orderId);
  return store.orders.change(orderId, (order) => {
    const shipment = order.shipments.find((kept) => kept.tracking_id === trackingId);
    if (!shipment) throw new NotFoundError(`Order ${order.number} has no shipment ${trackingId}.`);
    const shipments = order.shipments.filter((kept) => kept !== shipment);
    return { order: { ...order, shipments }, result: shipment };
  });
}
