/**
 * `wc/v3/orders/{order_id}/shipment-trackings`, as WooCommerce's Shipment Tracking extension answers it: an order's
 * parcels (list, create with 201 and a Location, one, delete), and the carriers it knows
 * (`orders/shipment-trackings/providers`, grouped by region, each with its tracking page's URL template). Adding a
 * parcel e-mails the customer its tracking link.
 */
import { CARRIERS, carrierName, trackingLink, type ShipmentTracking } from '../../client/api/shipment-tracking.js';
import type { Config } from '../config.js';
import type { ArgSchemas } from '../rest/args.js';
import { RestError } from '../rest/errors.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse, endpoint } from '../rest/route.js';
import { addShipment, removeShipment, type ShipmentMessages } from '../shop/orders/order-shipments.js';
import { readShipmentInput } from '../shop/orders/shipment-input.js';
import type { Store } from '../store/store.js';
import { cannotCreate, cannotDelete, cannotView, invalidNoteOrderId } from './wc-errors.js';
import { NAMESPACE } from './wc-product-routes.js';
import { shopTimeZone } from './wc-shape.js';

const ORDER = {
  order_id: { type: 'integer', description: 'The order ID.', required: true },
} as const satisfies ArgSchemas;
const TRACKING = {
  ...ORDER,
  id: { type: 'string', description: 'The tracking ID.', required: true },
} as const satisfies ArgSchemas;
const FIELDS = {
  tracking_provider: {
    type: 'string',
    description: 'A known carrier: InPost, DPD, DHL, GLS, Poczta Polska, UPS, FedEx.',
  },
  custom_tracking_provider: { type: 'string', description: "Another carrier's name." },
  custom_tracking_link: { type: 'string', description: "Another carrier's tracking page, with %1$s for the number." },
  tracking_number: { type: 'string', description: 'The tracking number.' },
  date_shipped: { type: 'string', description: 'The day it was shipped, YYYY-MM-DD (default: today).' },
} as const satisfies ArgSchemas;

const invalidTrackingId = () =>
  new RestError('woocommerce_rest_shipment_tracking_invalid_id', 'Invalid tracking ID.', 404);

/** A parcel in the extension's answer: the carrier by the name the customer reads, with its link. */
export function wcShipmentTracking(shipment: ShipmentTracking) {
  return {
    tracking_id: shipment.tracking_id,
    tracking_provider: carrierName(shipment),
    custom_tracking_provider: shipment.custom_tracking_provider,
    custom_tracking_link: shipment.custom_tracking_link,
    tracking_link: trackingLink(shipment),
    tracking_number: shipment.tracking_number,
    date_shipped: shipment.date_shipped,
  };
}

export interface WcShipmentTrackingDeps {
  store: Store;
  config: Pick<Config, 'siteUrl' | 'restRoot'>;
  /** The customer's "shipped" e-mail (ShopMail.orderShipped). */
  tellCustomer: ShipmentMessages;
}

export function registerWcShipmentTrackingRoutes(
  registry: RestRegistry,
  { store, config, tellCustomer }: WcShipmentTrackingDeps,
): void {
  const orderOf = async (id: number) => {
    const order = await store.orders.find(id);
    if (!order) throw invalidNoteOrderId();
    return order;
  };

  registry.register({
    namespace: NAMESPACE,
    path: '/orders/shipment-trackings/providers',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        forbidden: cannotView,
        withoutCatalog: true,
        args: {},
        handler: () => ({
          Poland: Object.fromEntries(Object.values(CARRIERS).map((carrier) => [carrier.name, carrier.url])),
        }),
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/orders/(?P<order_id>[\\d]+)/shipment-trackings',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        forbidden: cannotView,
        withoutCatalog: true,
        args: ORDER,
        handler: async ({ params }) => (await orderOf(params.order_id)).shipments.map(wcShipmentTracking),
      }),
      endpoint({
        methods: ['POST'],
        permission: 'manage_shop',
        forbidden: cannotCreate,
        withoutCatalog: true,
        args: { ...ORDER, ...FIELDS },
        handler: async ({ params }) => {
          await orderOf(params.order_id);
          const input = readShipmentInput(params, shopTimeZone(store));
          const shipment = await addShipment(store, params.order_id, input, tellCustomer);
          const location = `${config.siteUrl}${config.restRoot}/${NAMESPACE}/orders/${params.order_id}/shipment-trackings/${shipment.tracking_id}`;
          return new RestResponse(wcShipmentTracking(shipment), 201, { Location: location });
        },
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/orders/(?P<order_id>[\\d]+)/shipment-trackings/(?P<id>[0-9a-f]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        forbidden: cannotView,
        withoutCatalog: true,
        args: TRACKING,
        handler: async ({ params }) => {
          const shipment = (await orderOf(params.order_id)).shipments.find((kept) => kept.tracking_id === params.id);
          if (!shipment) throw invalidTrackingId();
          return wcShipmentTracking(shipment);
        },
      }),
      endpoint({
        methods: ['DELETE'],
        permission: 'manage_shop',
        forbidden: cannotDelete,
        withoutCatalog: true,
        args: TRACKING,
        handler: async ({ params }) => {
          const order = await orderOf(params.order_id);
          if (!order.shipments.some((kept) => kept.tracking_id === params.id)) throw invalidTrackingId();
          return wcShipmentTracking(await removeShipment(store, params.order_id, params.id));
        },
      }),
    ],
  });
}
