/**
 * Orders for the Orders screen and the order view: the list through `wc/v3/orders` (WooCommerce's shape, paged and
 * filtered by the server), status changes and notes through `wc/v3` as an integrator would make them, and the whole
 * order (history, notes, consent proof) through `vitrine/v1/orders/{id}`.
 */
import type { OrderNote, OrderStatus, VitrineOrder } from '../../api/orders.js';
import type { WcOrder } from '../../api/wc-orders.js';
import type { WcShipmentTracking } from '../../api/shipment-tracking.js';
import type { OrderRefund, OrderRefundInput } from '../../api/refunds.js';
import { restDelete, restGet, restGetPage, restPost, restPut, withQuery, type RestListPage } from './rest-client.js';

export type { WcOrder };

export const getOrdersPage = (args: Record<string, string | number>): Promise<RestListPage<WcOrder>> =>
  restGetPage<WcOrder>(withQuery('/wc/v3/orders', args));
export const getWcOrder = (id: number) => restGet<WcOrder>(`/wc/v3/orders/${id}`);
export const getOrder = (id: number) => restGet<VitrineOrder>(`/vitrine/v1/orders/${id}`);

/** Moves an order to `status`; the server refuses a move its transition table does not allow. */
export const changeOrderStatus = (id: number, status: OrderStatus) =>
  restPut<WcOrder>(`/wc/v3/orders/${id}`, { status });

/** A note written by the signed-in manager: `added_by_user`, or wc/v3 (as WooCommerce does) signs it "system". */
export const addOrderNote = (id: number, note: string, customerNote: boolean) =>
  restPost<OrderNote>(`/wc/v3/orders/${id}/notes`, { note, customer_note: customerNote, added_by_user: true });

/** The order's parcels (WooCommerce's Shipment Tracking shapes), oldest first. */
export const listShipments = (id: number) => restGet<WcShipmentTracking[]>(`/wc/v3/orders/${id}/shipment-trackings`);
/** Adds a parcel: the customer is e-mailed its tracking link. */
export const addShipment = (id: number, body: Record<string, string>) =>
  restPost<WcShipmentTracking>(`/wc/v3/orders/${id}/shipment-trackings`, body);
export const removeShipment = (id: number, trackingId: string) =>
  restDelete<WcShipmentTracking>(`/wc/v3/orders/${id}/shipment-trackings/${trackingId}`);

/** The order's refunds with their VAT per rate, oldest first (amounts in minor units). */
export const listRefunds = (id: number) => restGet<OrderRefund[]>(`/vitrine/v1/orders/${id}/refunds`);
/** Records a refund: lines in units, the delivery, an amount, a reason; the server decides on the order as it is now. */
export const refundOrder = (id: number, body: OrderRefundInput) =>
  restPost<OrderRefund>(`/vitrine/v1/orders/${id}/refunds`, body);
