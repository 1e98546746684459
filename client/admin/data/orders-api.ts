/**
 * Orders for the Orders screen and the order view: the list through `wc/v3/orders` (WooCommerce's shape, paged and
 * filtered by the server), status changes and notes through `wc/v3` as an integrator would make them, and the whole
 * order (history, notes, consent proof) through `vitrine/v1/orders/{id}`.
 */
import type { OrderNote, OrderStatus, VitrineOrder } from '../../api/orders.js';
import { restGet, restGetPage, restPost, restPut, withQuery, type RestListPage } from './rest-client.js';

/** An address as WooCommerce's order gives it. */
export interface WcOrderAddress {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  email?: string;
  phone: string;
}

/** What the screens read of WooCommerce's order (`GET /wc/v3/orders`); money comes as strings, dates in the shop's time. */
export interface WcOrder {
  id: number;
  number: string;
  status: OrderStatus;
  currency: string;
  /** The shop's wall-clock time, `YYYY-MM-DDTHH:MM:SS`. */
  date_created: string;
  total: string;
  total_tax: string;
  shipping_total: string;
  prices_include_tax: boolean;
  customer_id: number;
  customer_note: string;
  billing: WcOrderAddress;
  shipping: WcOrderAddress;
  payment_method: string;
  payment_method_title: string;
  date_paid: string | null;
  line_items: { id: number; name: string; product_id: number; variation_id: number; quantity: number; sku: string; price: number; subtotal: string; total: string; total_tax: string }[];
  shipping_lines: { id: number; method_title: string; method_id: string; total: string; total_tax: string }[];
  fee_lines: { id: number; name: string; total: string; total_tax: string }[];
}

export const getOrdersPage = (args: Record<string, string | number>): Promise<RestListPage<WcOrder>> => restGetPage<WcOrder>(withQuery('/wc/v3/orders', args));
export const getWcOrder = (id: number) => restGet<WcOrder>(`/wc/v3/orders/${id}`);
export const getOrder = (id: number) => restGet<VitrineOrder>(`/vitrine/v1/orders/${id}`);

/** Moves an order to `status`; the server refuses a move its transition table does not allow. */
export const changeOrderStatus = (id: number, status: OrderStatus) => restPut<WcOrder>(`/wc/v3/orders/${id}`, { status });

export const addOrderNote = (id: number, note: string, customerNote: boolean) =>
  restPost<OrderNote>(`/wc/v3/orders/${id}/notes`, { note, customer_note: customerNote });
