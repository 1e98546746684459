/**
 * `vitrine/v1/taxes/oss-report` (GET, CSV): the One-Stop Shop return's figures per quarter, country and rate
 * (orders/oss-report.ts); `vitrine/v1/taxes/eu-rates` (POST): adds the EU member states' rates a shop lacks
 * (store/eu-tax-rates.ts), answering how many it added and leaving every existing rate as it is.
 */
import type { RestRegistry } from '../../rest/registry.js';
import { endpoint, RestResponse } from '../../rest/route.js';
import { addMissingEuRates } from '../../store/eu-tax-rates.js';
import type { Store } from '../../store/store.js';
import { OSS_QUARTER, ossReport, ossReportCsv } from '../orders/oss-report.js';

export function registerEuTaxRoutes(registry: RestRegistry, store: Store): void {
  registry.register({
    namespace: 'vitrine/v1',
    path: '/taxes/oss-report',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        withoutCatalog: true,
        args: {
          quarter: {
            type: 'string',
            description: 'Only this quarter, like 2026-Q4; every quarter when absent.',
            pattern: OSS_QUARTER.source,
          },
        },
        handler: async ({ params }) => {
          const rows = ossReport(await store.orders.list(), store.site.data.settings.general.timezone, params.quarter);
          return new RestResponse(ossReportCsv(rows), 200, {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="oss-${params.quarter ?? 'all'}.csv"`,
          });
        },
      }),
    ],
  });
  registry.register({
    namespace: 'vitrine/v1',
    path: '/taxes/eu-rates',
    endpoints: [
      endpoint({
        methods: ['POST'],
        permission: 'manage_shop',
        withoutCatalog: true,
        handler: async () => ({ added: await store.site.update((site) => addMissingEuRates(site.taxes)) }),
      }),
    ],
  });
}
