/**
 * One batch of images to bring into the media library, run in the background with its progress: the products that
 * name them are already stored and shown (with the placeholder until their picture arrives), and each product's
 * address is swapped for the library's own as its image arrives. A failing address never stops the others; it is
 * reported once per place that named it (CSV row or API field), with the reason and how often it was tried.
 */
import type { ImageFetchJob as ImageFetchJobAnswer, ImageFetchProblem } from '../../client/api/media.js';
import type { Store } from '../store/store.js';
import { ImageFetchFailure, type ImageFetcher } from './image-fetcher.js';
import type { ImageSource } from './image-sources.js';
import { ImageUrlReplacer } from './image-url-replacements.js';

/** Downloads at once: enough to hide a slow supplier, few enough not to flood it or the shop's two cores. */
const PARALLEL = 4;
/** Problems listed at most, as an import lists its rows' (the counts stay exact): the answer stays a readable size. */
const MAX_LISTED_PROBLEMS = 10_000;

/** The job as the API answers it (client/api/media.ts). */
export type ImageFetchJobJson = ImageFetchJobAnswer;
export type ImageProblemJson = ImageFetchProblem;

export class ImageFetchJob {
  readonly json: ImageFetchJobJson;
  /** Resolves with the final answer when the job ends (it never rejects: a failure is its `status`). */
  readonly done: Promise<ImageFetchJobJson>;
  #tried = 0;

  constructor(
    id: string,
    private readonly sources: readonly ImageSource[],
    private readonly deps: { store: Store; fetcher: ImageFetcher },
  ) {
    this.json = {
      id,
      status: 'running',
      percent: 0,
      images: sources.length,
      fetched: 0,
      reused: 0,
      own: 0,
      failed: 0,
      updated_products: 0,
      problems: [],
      started_at: new Date().toISOString(),
      finished_at: null,
      error: null,
    };
    this.done = this.#run();
  }

  async #run(): Promise<ImageFetchJobJson> {
    const replacer = new ImageUrlReplacer(this.deps.store);
    let next = 0;
    const worker = async () => {
      while (next < this.sources.length) await this.#bring(this.sources[next++]!, replacer);
    };
    try {
      await Promise.all(Array.from({ length: Math.min(PARALLEL, this.sources.length) }, worker));
      await replacer.flush();
      this.json.status = 'done';
    } catch (error) {
      this.json.status = 'failed';
      this.json.error = `The catalog could not be updated with the fetched images: ${(error as Error).message}`;
    }
    this.json.updated_products = replacer.updatedProducts;
    this.json.percent = 100;
    this.json.finished_at = new Date().toISOString();
    return this.json;
  }

  async #bring(source: ImageSource, replacer: ImageUrlReplacer): Promise<void> {
    try {
      const image = await this.deps.fetcher.toLibrary(source.url);
      this.json[image.how] += 1;
      replacer.add(source.url, image.path);
    } catch (error) {
      const { reason, attempts } =
        error instanceof ImageFetchFailure
          ? { reason: error.message, attempts: error.attempts }
          : { reason: `could not be stored in the media library (${(error as Error).message})`, attempts: 1 };
      this.json.failed += 1;
      for (const place of source.places) {
        if (this.json.problems.length < MAX_LISTED_PROBLEMS)
          this.json.problems.push({ ...place, url: source.url, reason, attempts });
      }
    }
    this.#tried += 1;
    // The last percent is kept for the catalog's final write.
    this.json.percent = Math.min(99, Math.floor((100 * this.#tried) / this.sources.length));
  }
}
