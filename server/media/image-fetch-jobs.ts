/**
 * The image fetch jobs of this process, and `GET /vitrine/v1/media/fetches/{job}`, which answers one's progress. An
 * import or an API write starts a job and answers at once; the job's address lets the manager follow it. Like import
 * jobs, they live in the memory of the instance that started them, and the last few finished ones are kept.
 */
import { RestError } from '../rest/errors.js';
import type { RestRegistry } from '../rest/registry.js';
import { endpoint } from '../rest/route.js';
import type { Store } from '../store/store.js';
import { ImageFetchJob, type ImageFetchJobJson } from './image-fetch-job.js';
import type { ImageFetcher } from './image-fetcher.js';
import type { ImageSource } from './image-sources.js';

const KEPT_FINISHED = 20;

export class ImageFetchJobs {
  readonly #jobs = new Map<string, ImageFetchJob>();
  #counter = 0;

  constructor(private readonly deps: { store: Store; fetcher: ImageFetcher }) {}

  /** Starts bringing `sources` in; null when there is nothing to fetch. */
  start(sources: readonly ImageSource[]): ImageFetchJob | null {
    if (sources.length === 0) return null;
    const job = new ImageFetchJob(`${Date.now().toString(36)}-${++this.#counter}`, sources, this.deps);
    this.#jobs.set(job.json.id, job);
    const finished = [...this.#jobs.values()].filter((entry) => entry.json.status !== 'running');
    for (const old of finished.slice(0, Math.max(0, finished.length - KEPT_FINISHED))) this.#jobs.delete(old.json.id);
    return job;
  }

  get(id: string): ImageFetchJobJson | undefined {
    return this.#jobs.get(id)?.json;
  }
}

/** The REST path of a job, after `{REST_ROOT}`. */
export const imageFetchJobPath = (id: string) => `/vitrine/v1/media/fetches/${id}`;

export function registerImageFetchRoutes(rest: RestRegistry, jobs: ImageFetchJobs): void {
  rest.register({
    namespace: 'vitrine/v1',
    path: '/media/fetches/(?P<job>[a-z0-9-]+)',
    endpoints: [
      endpoint({
        methods: ['GET'],
        permission: 'manage_shop',
        args: {
          job: {
            type: 'string',
            description: 'The id of the image fetch job that an import or a product write started.',
            required: true,
          },
        },
        handler: ({ params }) => {
          const job = jobs.get(params.job);
          if (!job)
            throw new RestError(
              'vitrine_image_fetch_not_found',
              'There is no image fetch job with this id (finished jobs are kept for a while only).',
              404,
            );
          return job;
        },
      }),
    ],
  });
}
