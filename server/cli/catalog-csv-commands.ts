/** `vitrine catalog import FILE.csv` and `vitrine catalog export FILE.csv`: WooCommerce's product CSV. */
import { importCatalogRows } from '../catalog/catalog-import.js';
import { readCsvFile, writeCsvFile } from '../catalog/csv/csv-files.js';
import type { RowProblem } from '../catalog/csv/rows-to-catalog.js';
import { withCommandStore } from './command-store.js';
import { fetchImportedImagesNow } from './import-images.js';
import { CommandError } from './output.js';
import { startProgress } from './progress.js';

/** Problems listed in full on stderr; beyond that, a count (the file may have thousands of bad rows). */
const SHOWN_PROBLEMS = 200;

export async function catalogImportCommand(
  file: string,
  options: { dryRun?: boolean; mode?: string; data?: string },
): Promise<void> {
  const mode = options.mode ?? 'replace';
  if (mode !== 'replace' && mode !== 'merge') throw new CommandError(`--mode must be replace or merge, not "${mode}".`);
  const started = performance.now();
  const reading = startProgress('Reading', 0);
  let rows;
  try {
    rows = await readCsvFile(file, (count) => reading.update(count));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CommandError(
      code === 'ENOENT' ? `The file ${file} does not exist.` : `${file}: ${(error as Error).message}`,
    );
  } finally {
    reading.stop();
  }
  console.log(
    `Read ${rows.length.toLocaleString('en')} rows from ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  await withCommandStore(options, async (store) => {
    const writing = startProgress('Storing', 0);
    let report;
    try {
      report = await importCatalogRows(store, rows, {
        mode,
        dryRun: options.dryRun,
        onWrite: (count) => writing.update(count),
      });
    } finally {
      writing.stop();
    }
    printProblems(report.problems);
    const counted = `${report.products.toLocaleString('en')} products and ${report.variations.toLocaleString('en')} variations`;
    const took = `${((performance.now() - started) / 1000).toFixed(1)} s`;
    if (options.dryRun) {
      console.log(
        `Dry run: ${counted} are valid; ${rejectedRows(report.problems)} rows would be rejected. Nothing was changed (${took}).`,
      );
    } else if (report.applied) {
      console.log(
        `Imported ${counted} (${mode}); the catalog now has ${report.catalogProducts.toLocaleString('en')} products (${took}).`,
      );
    } else {
      console.log(
        `Nothing was imported: ${rejectedRows(report.problems)} rows were rejected. Fix them, or import the valid rows with --mode merge.`,
      );
    }
    if (report.problems.length > 0) process.exitCode = 1;
    if (report.applied) console.log('A running server picks the new catalog up within a few seconds.');
    // The products are stored already; their pictures are brought into the media library now.
    if (report.applied && !(await fetchImportedImagesNow(store, rows, report.problems, options.data)))
      process.exitCode = 1;
  });
}

export async function catalogExportCommand(file: string, options: { data?: string }): Promise<void> {
  await withCommandStore(options, async (store) => {
    const catalog = store.catalog.data;
    const total = catalog.products.reduce((count, product) => count + 1 + (product.variations?.length ?? 0), 0);
    const progress = startProgress('Exporting', total);
    let rows: number;
    try {
      rows = await writeCsvFile(file, catalog, (count) => progress.update(count));
    } finally {
      progress.stop();
    }
    console.log(
      `Wrote ${rows.toLocaleString('en')} rows (${catalog.products.length.toLocaleString('en')} products) to ${file}.`,
    );
  });
}

function rejectedRows(problems: readonly RowProblem[]): number {
  return new Set(problems.map((problem) => problem.row)).size;
}

/** The validation report: one line per problem, `row 7, Regular price: "12,5" is not a price …`. */
function printProblems(problems: readonly RowProblem[]): void {
  for (const problem of problems.slice(0, SHOWN_PROBLEMS))
    console.error(`row ${problem.row}, ${problem.column}: ${problem.reason}`);
  if (problems.length > SHOWN_PROBLEMS) console.error(`… and ${problems.length - SHOWN_PROBLEMS} more problems.`);
}
