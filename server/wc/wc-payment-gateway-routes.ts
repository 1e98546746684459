/**
 * `wc/v3/payment_gateways`: the list, one gateway, and updates of what the shop keeps of them (wc-payment-gateways.ts),
 * in WooCommerce's shape and codes. An update is checked whole: any refused field refuses it, nothing stored.
 */
import type { ArgSchemas } from '../rest/args.js';
import { invalidParams } from '../rest/errors.js';
import type { RestRegistry } from '../rest/registry.js';
import { endpoint } from '../rest/route.js';
import type { Store } from '../store/store.js';
import { cannotEdit, cannotView } from './wc-errors.js';
import type { GatewayConfig } from './wc-online-gateways.js';
import { gatewayById, gatewaysOf, gatewayWrites, wcPaymentGateway } from './wc-payment-gateways.js';
import { NAMESPACE } from './wc-product-routes.js';
import { writeSettings } from './wc-shop-settings.js';

const GATEWAY_ID = {
  id: { type: 'string', description: 'Unique identifier for the resource.', required: true },
} as const satisfies ArgSchemas;
const UPDATE_ARGS = {
  ...GATEWAY_ID,
  enabled: {
    type: 'boolean',
    description: 'Payment gateway enabled status (bacs and cod always; stripe and przelewy24 when configured).',
  },
  title: { type: 'string', description: 'Payment gateway title on checkout (named by the shop).' },
  description: { type: 'string', description: 'Payment gateway description on checkout (named by the shop).' },
  settings: {
    type: 'object',
    description:
      'Payment gateway settings: bacs account_name, bank_name, iban, bic; cod fee; stripe and przelewy24 hold_minutes.',
  },
} as const satisfies ArgSchemas;

export function registerWcPaymentGatewayRoutes(
  registry: RestRegistry,
  { store, config }: { store: Store; config: GatewayConfig },
): void {
  registry.register({
    namespace: NAMESPACE,
    path: '/payment_gateways',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        forbidden: cannotView,
        withoutCatalog: true,
        handler: () => gatewaysOf(config).map((gateway) => wcPaymentGateway(gateway, store.site.data, config)),
      }),
    ],
  });

  registry.register({
    namespace: NAMESPACE,
    path: '/payment_gateways/(?P<id>[\\w-]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        forbidden: cannotView,
        withoutCatalog: true,
        args: GATEWAY_ID,
        handler: ({ params }) => wcPaymentGateway(gatewayById(params.id, config), store.site.data, config),
      }),
      endpoint({
        methods: ['POST', 'PUT', 'PATCH'],
        permission: 'manage_shop',
        forbidden: cannotEdit,
        withoutCatalog: true,
        args: UPDATE_ARGS,
        bodyCheckedByHandler: true,
        handler: async ({ params, body }) => {
          const gateway = gatewayById(String(params.id), config);
          const fields =
            body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
          const problems: Record<string, string> = {};
          const writes = gatewayWrites(gateway, fields, problems);
          if (Object.keys(problems).length) throw invalidParams(problems);
          await writeSettings(store, writes);
          return wcPaymentGateway(gateway, store.site.data, config);
        },
      }),
    ],
  });
}
