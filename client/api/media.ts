/** `wp/v2/media`: an uploaded image, in WordPress's attachment shape. */
export interface RestMedia {
  id: number;
  /** The shop's wall-clock time without a zone, as WordPress's `date`. */
  date: string;
  /** UTC without a zone. */
  date_gmt: string;
  slug: string;
  type: 'attachment';
  title: { raw: string; rendered: string };
  author: number;
  alt_text: string;
  media_type: 'image';
  mime_type: string;
  /** Absolute address of the file. */
  source_url: string;
  media_details: { filesize: number };
}

/** Where a manager named an image by URL: a CSV row and column, or a field of a `wc/v3` request. */
export type ImagePlace = { row: number; column: string } | { field: string };

/** An address that could not be fetched, once per place that named it. */
export type ImageFetchProblem = ImagePlace & {
  url: string;
  /** In the manager's words: `was answered 404 Not Found`, `is larger than 8 MB`. */
  reason: string;
  /** 2 when it was tried again (a failure that may pass), else 1. */
  attempts: number;
};

/**
 * `GET /vitrine/v1/media/fetches/{job}`: bringing the images an import or a `wc/v3` write named by URL into the
 * media library, after the products were stored.
 */
export interface ImageFetchJob {
  id: string;
  status: 'running' | 'done' | 'failed';
  /** 0-100; 100 once every address was tried and every product updated. */
  percent: number;
  /** Distinct addresses to bring in. */
  images: number;
  /** Downloaded now; in the media library already (fetched before); on the shop's own site already. */
  fetched: number;
  reused: number;
  own: number;
  failed: number;
  /** Products whose picture became the media library's address. */
  updated_products: number;
  /** The first 10,000 problems; `failed` counts every address. */
  problems: ImageFetchProblem[];
  /** ISO 8601 in UTC. */
  started_at: string;
  finished_at: string | null;
  /** Why the job itself stopped (the catalog could not be written), beyond the images' own problems. */
  error: string | null;
}
