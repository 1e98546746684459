/**
 * `vitrine/v1/catalog/import`: a WooCommerce product CSV uploaded as the request body (the admin's CSV import).
 * With `dry_run=true` the rows are checked and the report answered at once, nothing changed; without it the import
 * runs as a job (import-jobs.ts): 202 with the job, whose progress `GET /vitrine/v1/catalog/import/{job}` answers.
 * The CSV has its own size limit, far above the 1 MB of JSON bodies: a catalog of 100,000 products is about 40 MB.
 */
import type { Config } from '../config.js';
import type { ArgSchemas } from '../rest/args.js';
import { RestError } from '../rest/errors.js';
import type { RestRegistry } from '../rest/registry.js';
import { RestResponse, endpoint } from '../rest/route.js';
import type { Store } from '../store/store.js';
import { reportOf } from '../catalog/catalog-import.js';
import { ImportJobs, type AfterImport } from '../catalog/import/import-jobs.js';
import { BadImportFileError, checkInWorker } from '../catalog/import/worker-check.js';
import type { ReplacedCatalogWork } from '../catalog/import/worker-side-work.js';
import { importReportJson } from '../catalog/import/import-report-json.js';

export const MAX_IMPORT_BYTES = 64 * 1024 * 1024;

const IMPORT_ARGS = {
  dry_run: { type: 'boolean', description: 'Check the file and report, change nothing.', default: false },
  // Merge by default: a replace removes every product the file does not list, which must be asked for.
  mode: {
    type: 'string',
    description: 'replace: the file becomes the whole catalog; merge: its rows update or add products.',
    enum: ['replace', 'merge'],
    default: 'merge',
  },
} as const satisfies ArgSchemas;

const invalidCsv = (reason: string) => new RestError('vitrine_import_invalid_csv', reason, 400);

/**
 * @param deps.afterImport what follows a stored import (fetching the images its rows name)
 * @param deps.replacedCatalogWork what the import worker also builds of a replaced catalog (the facet index)
 */
export function registerCatalogImportRoutes(
  rest: RestRegistry,
  deps: {
    store: Store;
    config: Pick<Config, 'siteUrl' | 'restRoot'>;
    afterImport?: AfterImport;
    replacedCatalogWork?: ReplacedCatalogWork;
  },
): ImportJobs {
  const jobs = new ImportJobs(deps.store, deps.afterImport, deps.replacedCatalogWork);
  rest.register({
    namespace: 'vitrine/v1',
    path: '/catalog/import',
    endpoints: [
      endpoint({
        methods: ['POST'],
        permission: 'manage_shop',
        rawBody: { maxBytes: MAX_IMPORT_BYTES },
        args: IMPORT_ARGS,
        handler: async ({ body, params }) => {
          const bytes = body as Buffer;
          if (bytes.length === 0) throw invalidCsv('The request has no body: send the CSV file as the body.');
          const { mode } = params;
          if (!params.dry_run) {
            const busy = jobs.running();
            if (busy)
              throw new RestError(
                'vitrine_import_running',
                `Import ${busy.id} is still running; wait for it to finish.`,
                409,
                { job: busy.id },
              );
            const job = jobs.start(bytes, mode);
            return new RestResponse(job, 202, {
              Location: `${deps.config.siteUrl}${deps.config.restRoot}/vitrine/v1/catalog/import/${job.id}`,
            });
          }
          try {
            // Checked in the worker too: a dry run of a large file must not stall the shop either.
            const checked = await checkInWorker(bytes, deps.store.catalog.data, {
              mode,
              now: new Date().toISOString(),
              dryRun: true,
              locale: deps.store.site.data.settings.general.locale,
            });
            return importReportJson(reportOf(checked, false, 0));
          } catch (error) {
            if (error instanceof BadImportFileError) throw invalidCsv(error.message);
            throw error;
          }
        },
      }),
    ],
  });
  rest.register({
    namespace: 'vitrine/v1',
    path: '/catalog/import/(?P<job>[a-z0-9-]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        args: { job: { type: 'string', description: 'The job id that the import answered.', required: true } },
        handler: ({ params }) => {
          const job = jobs.get(params.job);
          if (!job)
            throw new RestError(
              'vitrine_import_not_found',
              'There is no import job with this id (finished jobs are kept for a while only).',
              404,
            );
          return job;
        },
      }),
    ],
  });
  return jobs;
}
