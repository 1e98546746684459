/**
 * The image addresses a change named and where it named them, once per address: a CSV import's `Images` cells (by
 * row) or a `wc/v3` body's `images[].src` (by field). An address already on the shop (a site path such as the demo's
 * `/media/products/3.svg`) needs nothing and is left out; every other one is fetched, or refused with its places.
 */
import type { ImagePlace } from '../../client/api/media.js';
import { splitList } from '../catalog/csv/woo-csv-cells.js';
import type { NumberedRow, RowProblem } from '../catalog/csv/rows-to-catalog.js';

export type { ImagePlace };

export interface ImageSource {
  url: string;
  places: ImagePlace[];
}

export class ImageSources {
  readonly #places = new Map<string, ImagePlace[]>();

  add(url: string, place: ImagePlace): void {
    // A site path is the shop's own already; anything with a scheme is checked and fetched (or refused) later.
    if (url === '' || (url.startsWith('/') && !url.startsWith('//'))) return;
    const places = this.#places.get(url);
    if (places) places.push(place);
    else this.#places.set(url, [place]);
  }

  list(): ImageSource[] {
    return [...this.#places].map(([url, places]) => ({ url, places }));
  }
}

/**
 * The images of the rows an import applied: every product row without a problem (variations have no picture of
 * their own in this shop, so their cells are not read).
 */
export function csvImageSources(rows: readonly NumberedRow[], problems: readonly RowProblem[]): ImageSource[] {
  const rejected = new Set(problems.map((problem) => problem.row));
  const sources = new ImageSources();
  for (const { row, cells } of rows) {
    if (rejected.has(row) || /variation/i.test(cells.Type ?? '')) continue;
    for (const url of splitList(cells.Images ?? '')) sources.add(url, { row, column: 'Images' });
  }
  return sources.list();
}

/** The images of `wc/v3` writes, each named by its field: `images[0].src`, or `create[2].images[0].src` in a batch. */
export function apiImageSources(
  writes: readonly { prefix: string; images: readonly string[] | undefined }[],
): ImageSource[] {
  const sources = new ImageSources();
  for (const { prefix, images } of writes) {
    for (const [index, url] of (images ?? []).entries()) sources.add(url, { field: `${prefix}images[${index}].src` });
  }
  return sources.list();
}
