/**
 * What a delivery carries: the resource as `wc/v3` answers it at the moment of sending (as WooCommerce builds its
 * payload when the delivery runs), from the same shape functions as the routes; `{ id }` for a deleted resource, or
 * one gone since the event, as WooCommerce sends for deletions.
 */
import { productById } from '../../store/catalog-lookup.js';
import type { WebhookDelivery } from '../../store/webhooks-store.js';
import { orderKey } from '../../shop/orders/order-access.js';
import { wcCustomer } from '../wc-customers.js';
import { wcOrder } from '../wc-order-shape.js';
import { wooProduct } from '../../catalog/woo-product-json.js';
import { shapeContext, shopTimeZone, type WcShapeDeps } from '../wc-shape.js';
import { topicParts } from './webhook-topics.js';

export async function webhookPayload(deps: WcShapeDeps, delivery: WebhookDelivery): Promise<object> {
  const { resource, event } = topicParts(delivery.topic);
  const gone = { id: delivery.resource_id };
  if (event === 'deleted') return gone;
  const { store } = deps;
  if (resource === 'order') {
    const order = await store.orders.find(delivery.resource_id);
    if (!order) return gone;
    return wcOrder(order, {
      timeZone: shopTimeZone(store),
      catalog: store.catalog.loaded ? store.catalog.data : null,
      orderKey: (number) => orderKey(store.site.data.secret, number),
    });
  }
  if (resource === 'product') {
    await store.catalog.load();
    const product = productById(store.catalog.data.products, delivery.resource_id);
    return product ? wooProduct(product, await shapeContext(deps, [product.id])) : gone;
  }
  if (resource === 'customer') {
    const user = await store.users.findById(delivery.resource_id);
    return user ? wcCustomer(user, await store.orders.listByUser(user.id), shopTimeZone(store)) : gone;
  }
  return gone;
}
