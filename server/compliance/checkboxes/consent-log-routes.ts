/**
 * Extensions of compliance/v1 for the admin (docs/compliance-v1.md): the consent log, filtered and paged, its CSV
 * export, and shown/accepted per day for the statistics chart. All read-only, `manage_shop`.
 */
import type { ArgSchemas, ParamsOf } from '../../rest/args.js';
import type { RestRegistry } from '../../rest/registry.js';
import { RestResponse, endpoint } from '../../rest/route.js';
import { CHECKBOX_LOCATIONS } from '../../store/schema.js';
import type { ComplianceDependencies } from '../compliance-dependencies.js';
import { consentLogCsv, dailyConsentCounts, readConsentLog, type ConsentLogFilter } from './consent-log-service.js';

const DAY = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

const FILTER_ARGS = {
  checkbox: { type: 'integer', description: 'Only the records of this checkbox id.', minimum: 1 },
  location: { type: 'string', description: 'Only the records of this form.', enum: CHECKBOX_LOCATIONS },
  from: { ...DAY, description: 'First day included (YYYY-MM-DD, shop time zone).' },
  to: { ...DAY, description: 'Last day included (YYYY-MM-DD, shop time zone).' },
} as const satisfies ArgSchemas;

const filterOf = ({ checkbox, location, from, to }: ParamsOf<typeof FILTER_ARGS>): ConsentLogFilter => ({
  checkbox,
  location,
  from,
  to,
});

export function registerConsentLogRoutes(rest: RestRegistry, { store }: ComplianceDependencies): void {
  rest.register({
    namespace: 'compliance/v1',
    path: '/consent-log',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        args: {
          ...FILTER_ARGS,
          page: { type: 'integer', description: 'Page of the list, from 1.', minimum: 1, default: 1 },
          per_page: { type: 'integer', description: 'Records per page.', minimum: 1, maximum: 100, default: 20 },
        },
        handler: async ({ params }) => {
          const perPage = params.per_page;
          const { entries, total } = await readConsentLog(store, filterOf(params), params.page, perPage);
          // WordPress's paging headers, so api-fetch and wpapi page it as they page posts.
          return new RestResponse({ entries, total }, 200, {
            'X-WP-Total': String(total),
            'X-WP-TotalPages': String(Math.ceil(total / perPage)),
          });
        },
      }),
    ],
  });
  rest.register({
    namespace: 'compliance/v1',
    path: '/consent-log/export',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        args: FILTER_ARGS,
        handler: async ({ params }) =>
          new RestResponse(await consentLogCsv(store, filterOf(params)), 200, {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="consent-log.csv"',
          }),
      }),
    ],
  });
  rest.register({
    namespace: 'compliance/v1',
    path: '/checkboxes/stats/daily',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        args: FILTER_ARGS,
        handler: ({ params }) => dailyConsentCounts(store, filterOf(params)),
      }),
    ],
  });
}
