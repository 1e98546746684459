/**
 * `vitrine/v1/shipping/zones` (server/shop/shipping/shipping-zone-routes.ts): the shop's shipping zones, read and saved
 * whole.
 */
import type { ShippingZones } from '../../api/shipping.js';
import { restGet, restPut } from './rest-client.js';

export const getShippingZones = () => restGet<ShippingZones>('/vitrine/v1/shipping/zones');
/** All or nothing: a refusal names every bad field, like `zones[0].methods[1].cost`. */
export const saveShippingZones = (zones: ShippingZones['zones']) =>
  restPut<ShippingZones>('/vitrine/v1/shipping/zones', { zones });
