/**
 * After `vitrine catalog import`: the images the applied rows name, fetched into the media library while the command
 * waits (a command has no background to leave them to), with a progress bar; each address that failed is listed on
 * stderr with its row, like a rejected row.
 */
import type { NumberedRow, RowProblem } from '../catalog/csv/rows-to-catalog.js';
import { loadConfig } from '../config.js';
import type { ImageProblemJson } from '../media/image-fetch-job.js';
import { createImageServices } from '../media/image-services.js';
import { csvImageSources } from '../media/image-sources.js';
import type { Store } from '../store/store.js';
import { startProgress } from './progress.js';

const SHOWN_PROBLEMS = 200;

/** @returns whether every image was brought in */
export async function fetchImportedImagesNow(
  store: Store,
  rows: readonly NumberedRow[],
  problems: readonly RowProblem[],
  data?: string,
): Promise<boolean> {
  const { jobs } = createImageServices(store, loadConfig(process.env, { data }));
  const job = jobs.start(csvImageSources(rows, problems));
  if (!job) return true;
  const progress = startProgress('Images', job.json.images);
  const started = performance.now();
  let result;
  try {
    const ticking = setInterval(
      () => progress.update(job.json.fetched + job.json.reused + job.json.own + job.json.failed),
      200,
    );
    result = await job.done.finally(() => clearInterval(ticking));
  } finally {
    progress.stop();
  }
  for (const problem of result.problems.slice(0, SHOWN_PROBLEMS)) console.error(describeProblem(problem));
  if (result.problems.length > SHOWN_PROBLEMS)
    console.error(`… and ${result.problems.length - SHOWN_PROBLEMS} more images.`);
  if (result.error) console.error(result.error);
  console.log(
    `Images: ${result.fetched} fetched, ${result.reused} already in the media library, ${result.failed} failed; ` +
      `${result.updated_products} products now show the media library's copies (${((performance.now() - started) / 1000).toFixed(1)} s).`,
  );
  return result.failed === 0 && result.status === 'done';
}

/** `row 4, Images: https://… was answered 404 Not Found (tried twice); the product is kept, without this picture`. */
export function describeProblem(problem: ImageProblemJson): string {
  const where = 'row' in problem ? `row ${problem.row}, ${problem.column}` : problem.field;
  const tries = problem.attempts > 1 ? ' (tried twice)' : '';
  return `${where}: ${problem.url} ${problem.reason}${tries}; the product is kept, without this picture`;
}
