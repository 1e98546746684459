/** compliance/v1 `GET /product-safety`: products with incomplete GPSR information, for shop managers. */
import type { RestRegistry } from '../../rest/registry.js';
import type { ComplianceDependencies } from '../compliance-dependencies.js';
import { productSafetyReport } from './product-safety-report.js';
import { withResponseFilter } from '../response-filter.js';

export function registerProductSafetyRoutes(
  rest: RestRegistry,
  { store, hooks, config }: ComplianceDependencies,
): void {
  rest.register({
    namespace: 'compliance/v1',
    path: '/product-safety',
    endpoints: [
      {
        methods: ['GET'],
        permission: 'manage_shop',
        handler: withResponseFilter(hooks, 'product_safety', () => productSafetyReport(store, config)),
      },
    ],
  });
}
