/** compliance/v1 legal page routes: `GET /legal-pages`, `POST /legal-pages/generate`. */
import type { RestRegistry } from '../../rest/registry.js';
import { RestResponse } from '../../rest/route.js';
import type { ComplianceDependencies } from '../compliance-dependencies.js';
import { generateLegalPages, listLegalPages } from './legal-pages.js';
import { withResponseFilter } from '../response-filter.js';

export function registerLegalPageRoutes(rest: RestRegistry, { store, hooks, config }: ComplianceDependencies): void {
  rest.register({
    namespace: 'compliance/v1',
    path: '/legal-pages',
    endpoints: [
      {
        methods: ['GET'],
        permission: 'manage_shop',
        handler: withResponseFilter(hooks, 'legal_pages', () => listLegalPages(store, config)),
      },
    ],
  });
  rest.register({
    namespace: 'compliance/v1',
    path: '/legal-pages/generate',
    endpoints: [
      {
        methods: ['POST'],
        permission: 'manage_shop',
        // The endpoint takes no parameters: anything sent is a mistake worth naming.
        rejectUnknownFields: true,
        handler: withResponseFilter(hooks, 'legal_pages', async ({ user }) => {
          const generated = await generateLegalPages(store, config, user!.id);
          return new RestResponse(generated, generated.created.length > 0 ? 201 : 200);
        }),
      },
    ],
  });
}
