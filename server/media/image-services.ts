/**
 * The media library's image machinery for one process, built once by the server (app.ts) or a command: the variant
 * maker, the fetcher with the operator's fetch policy, and the jobs that run fetches in the background.
 */
import type { AfterImport } from '../catalog/import/import-jobs.js';
import type { Config } from '../config.js';
import type { Store } from '../store/store.js';
import { FetchPolicy } from './fetch-policy.js';
import { ImageFetchJobs } from './image-fetch-jobs.js';
import { ImageFetcher } from './image-fetcher.js';
import { csvImageSources } from './image-sources.js';
import { MediaVariants } from './media-variants.js';

export interface ImageServices {
  variants: MediaVariants;
  fetcher: ImageFetcher;
  jobs: ImageFetchJobs;
}

export function createImageServices(
  store: Store,
  config: Pick<Config, 'siteUrl' | 'imageFetchAllowHosts'>,
): ImageServices {
  const variants = new MediaVariants(store);
  const fetcher = new ImageFetcher(store, variants, {
    siteUrl: config.siteUrl,
    policy: new FetchPolicy(config.imageFetchAllowHosts),
  });
  return { variants, fetcher, jobs: new ImageFetchJobs({ store, fetcher }) };
}

/** What an import runs once its products are stored: fetching the images its rows name (see ImportJobs). */
export function fetchImportedImages(jobs: ImageFetchJobs): AfterImport {
  return (rows, report) => jobs.start(csvImageSources(rows, report.problems))?.json ?? null;
}
