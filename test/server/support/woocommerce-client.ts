/**
 * WooCommerce's own JavaScript client (`@woocommerce/woocommerce-rest-api`) as an integrator sets it up: a new API key
 * of one of the shop's users, the client signing with it against the server's `wc/v3`.
 */
import wooCommerceRestApiModule from '@woocommerce/woocommerce-rest-api';
import { createApiKey } from '../../../server/auth/woo-api-keys.js';
import type { Store } from '../../../server/store/store.js';

const { default: WooCommerceRestApi } = wooCommerceRestApiModule;
export type WooCommerceClient = InstanceType<typeof WooCommerceRestApi>;

/**
 * @param login the user the key belongs to (its role decides what the key may do)
 * @param description the key's name, as the admin lists it
 * @example const api = await wooCommerceClient(suite.server, 'erp', 'ERP'); await api.get('products');
 */
export async function wooCommerceClient(
  server: { store: Store; url: string },
  login: string,
  description: string,
): Promise<WooCommerceClient> {
  const key = await createApiKey(server.store, login, description);
  return new WooCommerceRestApi({
    url: server.url,
    consumerKey: key.consumerKey,
    consumerSecret: key.consumerSecret,
    version: 'wc/v3',
  });
}
