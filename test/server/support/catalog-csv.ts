/**
 * Catalog CSVs for tests, in WooCommerce's product CSV format, from rows with named columns: a test names only the
 * cells it cares about instead of counting commas against a header of its own.
 *
 * The header is every column that any row names, in the order they first appear; a row that leaves a column out has
 * it empty. A column that no row names is not in the file at all, which matters in a merge: there a missing column
 * keeps what the catalog has, while an empty cell clears it. Name a column with '' to have it in the file, empty.
 */
import { Readable } from 'node:stream';
import { readCsvRows } from '../../../server/catalog/csv/csv-files.js';

/**
 * One row of a catalog CSV: its cells by column name (`Type`, `SKU`, `Regular price`, `Attribute 1 value(s)`, …);
 * `undefined` is a cell left out, as TypeScript types the rows of an array literal whose objects differ.
 */
export type CatalogCsvRow = Readonly<Record<string, string | number | undefined>>;

export interface CatalogCsvOptions {
  /** Line ends; WooCommerce's own exports and most spreadsheets write '\r\n'. */
  lineEnd?: '\n' | '\r\n';
}

/** A cell as CSV writes it: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function cell(value: string | number | undefined): string {
  const text = value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The text of a catalog CSV with these rows under a header naming every column they use. */
export function catalogCsv(rows: readonly CatalogCsvRow[], { lineEnd = '\n' }: CatalogCsvOptions = {}): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const lines = [columns, ...rows.map((row) => columns.map((column) => row[column]))];
  return lines.map((line) => line.map(cell).join(',')).join(lineEnd) + lineEnd;
}

/** The rows of such a CSV as the importer reads them from a file (`readCsvRows`), ready for `importCatalogRows`. */
export function catalogCsvRows(
  rows: readonly CatalogCsvRow[],
  options?: CatalogCsvOptions,
): ReturnType<typeof readCsvRows> {
  return readCsvRows(Readable.from([catalogCsv(rows, options)]));
}
