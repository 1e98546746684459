/**
 * `vitrine/v1/shipping/zones` for shop managers: `GET` the zones, `PUT` (or `POST`) the whole list at once. A save is
 * checked whole (shipping-zones.ts): every bad field is named in one 400, and nothing changes unless all are good.
 */
import type { ShippingZones } from '../../../client/api/shipping.js';
import type { RestRegistry } from '../../rest/registry.js';
import { endpoint, type EndpointDefinition } from '../../rest/route.js';
import type { Store } from '../../store/store.js';
import { checkShippingZones } from './shipping-zones.js';

export function registerShippingZoneRoutes(registry: RestRegistry, store: Store): void {
  const current = (): ShippingZones => ({ zones: structuredClone(store.site.data.shipping_zones) });
  registry.register({
    namespace: 'vitrine/v1',
    path: '/shipping/zones',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        withoutCatalog: true,
        handler: () => current(),
      }) satisfies EndpointDefinition<ShippingZones>,
      endpoint({
        methods: ['PUT', 'POST'],
        permission: 'manage_shop',
        withoutCatalog: true,
        requireJsonObject: true,
        bodyCheckedByHandler: true,
        args: {
          zones: {
            type: 'array',
            description:
              'Every zone: {id?, name, countries: ISO 3166 codes, methods: [{id?, type, title, cost, min_amount}]}.',
            required: true,
          },
        },
        handler: async ({ body }) => {
          const zones = checkShippingZones((body as { zones?: unknown }).zones);
          await store.site.update((site) => {
            site.shipping_zones = zones;
          });
          return current();
        },
      }) satisfies EndpointDefinition<ShippingZones>,
    ],
  });
}
