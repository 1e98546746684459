/** compliance/v1 `GET /green-claims`: the green-claims report, for shop managers (an extension of the spec). */
import type { RestRegistry } from '../../rest/registry.js';
import type { ComplianceDependencies } from '../compliance-dependencies.js';
import { greenClaimsReport } from './green-claims-report.js';
import { withResponseFilter } from '../response-filter.js';

export function registerGreenClaimsRoutes(rest: RestRegistry, { store, hooks, config }: ComplianceDependencies): void {
  rest.register({
    namespace: 'compliance/v1',
    path: '/green-claims',
    endpoints: [
      {
        methods: ['GET'],
        permission: 'manage_shop',
        handler: withResponseFilter(hooks, 'green_claims', () => greenClaimsReport(store, config)),
      },
    ],
  });
}
