/**
 * `wc/v3/shipping/zones` (list, one), `…/{id}/locations`, `…/{zone_id}/methods` (list, one) and
 * `wc/v3/shipping_methods`, read from the zones the admin edits through `vitrine/v1/shipping/zones`. Thin:
 * wc-shipping.ts shapes. Zones and methods are few, so lists are whole, as WooCommerce answers them.
 */
import { SHIPPING_METHOD_TYPES, type ShippingMethodType } from '../../client/api/shipping.js';
import type { ArgSchemas } from '../rest/args.js';
import { RestError } from '../rest/errors.js';
import type { RestRegistry } from '../rest/registry.js';
import { endpoint, type HttpMethod } from '../rest/route.js';
import type { Store } from '../store/store.js';
import { cannotView } from './wc-errors.js';
import { NAMESPACE } from './wc-product-routes.js';
import {
  REST_OF_WORLD,
  WC_SHIPPING_METHODS,
  methodById,
  wcShippingZone,
  wcZoneLocations,
  wcZoneMethod,
  zoneById,
} from './wc-shipping.js';

const ZONE_ID = {
  id: { type: 'integer', description: 'Unique ID for the resource.', required: true },
} as const satisfies ArgSchemas;
const METHOD_ZONE = {
  zone_id: { type: 'integer', description: 'Unique ID for the zone.', required: true },
} as const satisfies ArgSchemas;
const INSTANCE_ID = {
  instance_id: { type: 'integer', description: 'Unique ID for the instance.', required: true },
} as const satisfies ArgSchemas;

/** What every route here shares: a read for shop managers, refused with WooCommerce's error. */
const read = () =>
  ({
    methods: ['GET'] as HttpMethod[],
    permission: 'manage_shop',
    forbidden: cannotView,
    withoutCatalog: true,
  }) as const;

export function registerWcShippingRoutes(registry: RestRegistry, { store }: { store: Store }): void {
  const zones = () => store.site.data.shipping_zones;
  const currency = () => String(store.site.data.settings.general?.currency ?? 'PLN');

  registry.register({
    namespace: NAMESPACE,
    path: '/shipping/zones',
    endpoints: [endpoint({ ...read(), handler: () => [REST_OF_WORLD, ...zones().map(wcShippingZone)] })],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/shipping/zones/(?P<id>[\\d]+)',
    endpoints: [
      endpoint({
        ...read(),
        args: ZONE_ID,
        handler: ({ params }) => {
          const zone = zoneById(zones(), params.id);
          return zone ? wcShippingZone(zone, zones().indexOf(zone)) : REST_OF_WORLD;
        },
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/shipping/zones/(?P<id>[\\d]+)/locations',
    endpoints: [
      endpoint({ ...read(), args: ZONE_ID, handler: ({ params }) => wcZoneLocations(zoneById(zones(), params.id)) }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/shipping/zones/(?P<zone_id>[\\d]+)/methods',
    endpoints: [
      endpoint({
        ...read(),
        args: METHOD_ZONE,
        handler: ({ params }) =>
          (zoneById(zones(), params.zone_id)?.methods ?? []).map((method, index) =>
            wcZoneMethod(method, index, currency()),
          ),
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/shipping/zones/(?P<zone_id>[\\d]+)/methods/(?P<instance_id>[\\d]+)',
    endpoints: [
      endpoint({
        ...read(),
        args: { ...METHOD_ZONE, ...INSTANCE_ID },
        handler: ({ params }) => {
          const { method, index } = methodById(zoneById(zones(), params.zone_id), params.instance_id);
          return wcZoneMethod(method, index, currency());
        },
      }),
    ],
  });

  const shippingMethod = (id: ShippingMethodType) => ({
    id,
    title: WC_SHIPPING_METHODS[id].title,
    description: WC_SHIPPING_METHODS[id].description,
  });
  registry.register({
    namespace: NAMESPACE,
    path: '/shipping_methods',
    endpoints: [endpoint({ ...read(), handler: () => SHIPPING_METHOD_TYPES.map(shippingMethod) })],
  });
  registry.register({
    namespace: NAMESPACE,
    path: '/shipping_methods/(?P<id>[\\w-]+)',
    endpoints: [
      endpoint({
        ...read(),
        args: { id: { type: 'string', description: 'Method ID.', required: true } },
        handler: ({ params }) => {
          const id = SHIPPING_METHOD_TYPES.find((type) => type === params.id);
          if (!id) throw new RestError('woocommerce_rest_shipping_method_invalid', 'Resource does not exist.', 404);
          return shippingMethod(id);
        },
      }),
    ],
  });
}
