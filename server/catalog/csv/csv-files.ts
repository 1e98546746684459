/**
 * Reading and writing the CSV files themselves, through csv-parse and csv-stringify: WooCommerce's quoting (cells
 * with commas, quotes and line breaks), its UTF-8 byte order mark, and CRLF or LF line ends.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parse } from 'csv-parse';
import { stringify } from 'csv-stringify';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { CatalogData } from '../model.js';
import { catalogRows, csvHeader, type CsvRow } from './catalog-to-rows.js';
import type { NumberedRow } from './rows-to-catalog.js';

/** The header is not WooCommerce's product CSV: nothing can be read from it. */
export class CsvHeaderError extends Error {}

/**
 * Every row of a CSV stream, numbered as a spreadsheet shows it (the header is row 1).
 * @param onRow called with the number of rows read so far, every 10,000 rows
 * @throws CsvHeaderError when the header has none of `ID`, `SKU` and `Name`; Error (with csv-parse's line) when the
 * quoting is broken
 */
export async function readCsvRows(input: Readable, onRow?: (rows: number) => void): Promise<NumberedRow[]> {
  const parser = input.pipe(
    parse({
      bom: true,
      columns: (header: string[]) => checkHeader(header),
      relax_column_count: true,
      skip_empty_lines: true,
    }),
  );
  const rows: NumberedRow[] = [];
  for await (const cells of parser as AsyncIterable<CsvRow>) {
    rows.push({ row: rows.length + 2, cells });
    if (onRow && rows.length % 10_000 === 0) onRow(rows.length);
  }
  return rows;
}

export function readCsvFile(file: string, onRow?: (rows: number) => void): Promise<NumberedRow[]> {
  return readCsvRows(createReadStream(file), onRow);
}

/** A product file names its products by `ID`, `SKU` or `Name` (a merge may send `SKU,Stock` alone). */
function checkHeader(header: string[]): string[] {
  const columns = header.map((column) => column.trim());
  if (!['ID', 'SKU', 'Name'].some((column) => columns.includes(column))) {
    throw new CsvHeaderError(
      `Row 1 is not the header of a WooCommerce product CSV: it has none of the columns ID, SKU and Name (found: ${columns.slice(0, 5).join(', ')}).`,
    );
  }
  return columns;
}

/** Writes the catalog as WooCommerce's product CSV (with the byte order mark WooCommerce writes) to `file`. */
export async function writeCsvFile(
  file: string,
  catalog: CatalogData,
  onRow?: (rows: number) => void,
): Promise<number> {
  const output = createWriteStream(file);
  const rows = await writeCsv(output, catalog, onRow);
  output.end();
  await finished(output);
  return rows;
}

/** Streams the catalog's CSV into `output` without ending it; @returns the number of rows written */
export async function writeCsv(
  output: NodeJS.WritableStream,
  catalog: CatalogData,
  onRow?: (rows: number) => void,
): Promise<number> {
  const header = csvHeader(catalog);
  const stringifier = stringify({ header: true, columns: header, bom: true, record_delimiter: 'unix' });
  stringifier.pipe(output, { end: false });
  let written = 0;
  for (const row of catalogRows(catalog)) {
    if (!stringifier.write(row)) await once(stringifier, 'drain');
    if (++written % 10_000 === 0) onRow?.(written);
  }
  stringifier.end();
  await once(stringifier, 'end');
  return written;
}
