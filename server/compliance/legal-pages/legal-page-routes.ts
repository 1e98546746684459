/**
 * compliance/v1 legal page routes: `GET /legal-pages`, `POST /legal-pages/generate`; and the editor's starting outline
 * of a legal page, `GET vitrine/v1/pages/{id}/legal-outline` (legal-page-outlines.ts).
 */
import { idArg } from '../../rest/args.js';
import { RestError } from '../../rest/errors.js';
import type { RestRegistry } from '../../rest/registry.js';
import { RestResponse, endpoint } from '../../rest/route.js';
import { legalPageOutline } from './legal-page-outlines.js';
import type { ComplianceDependencies } from '../compliance-dependencies.js';
import { generateLegalPages, listLegalPages } from './legal-pages.js';
import { withResponseFilter } from '../response-filter.js';

const PAGE_ID_ARG = idArg('page');

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
  rest.register({
    namespace: 'vitrine/v1',
    path: '/pages/(?P<id>[\\d]+)/legal-outline',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'edit_pages',
        withoutCatalog: true,
        args: PAGE_ID_ARG,
        handler: ({ params }) => {
          const page = store.site.data.pages.find((candidate) => candidate.id === params.id);
          if (!page) throw new RestError('vitrine_page_not_found', `There is no page with the id ${params.id}.`, 404);
          if (!page.legal_type)
            throw new RestError(
              'vitrine_not_a_legal_page',
              `"${page.title}" is not one of the legal pages (terms, privacy, returns, complaints), so it has no outline.`,
              404,
            );
          return {
            type: page.legal_type,
            content: legalPageOutline(page.legal_type, store.site.data.settings.general.locale),
          };
        },
      }),
    ],
  });
}
