/**
 * The cells of WooCommerce's product CSV: how each kind of value is read and written. WooCommerce's own exporter is
 * the reference for the formats: prices with a dot, lists separated by commas with `\,` for a comma inside an item,
 * category paths joined by `>`, `Published` as 1 / 0 / -1, sale dates as `YYYY-MM-DD HH:MM:SS`.
 */
import {
  storedTaxClass,
  storedTaxStatus,
  TAX_CLASS_SLUG,
  TAX_STATUSES,
  type TaxStatus,
} from '../../../client/api/taxes.js';
import type { Backorders, Product, ProductStatus } from '../model.js';

/** A cell that cannot be read; the importer reports it with the row and column. */
export class CellError extends Error {}

/** Splits a WooCommerce list cell (`a, b\, c`) into trimmed items, keeping escaped commas; empty items dropped. */
export function splitList(cell: string): string[] {
  return splitAlignedList(cell).filter((item) => item !== '');
}

/**
 * A list cell whose items keep their places, empty ones too (`a, , c`): `Images alt text`, position by position beside
 * `Images`. An empty cell is no item.
 */
export function splitAlignedList(cell: string): string[] {
  if (cell.trim() === '') return [];
  const items: string[] = [];
  let current = '';
  for (let index = 0; index < cell.length; index++) {
    const char = cell[index]!;
    if (char === '\\' && cell[index + 1] === ',') {
      current += ',';
      index++;
    } else if (char === ',') {
      items.push(current.trim());
      current = '';
    } else {
      current += char;
    }
  }
  items.push(current.trim());
  return items;
}

/** Joins items as a WooCommerce list cell, escaping commas inside items. */
export function joinList(items: readonly string[]): string {
  return items.map((item) => item.replaceAll(',', '\\,')).join(', ');
}

/** A category path `Clothing > Shirts` as its names. @throws CellError on an empty segment (`Clothing > > Shirts`) */
export function splitCategoryPath(path: string): string[] {
  const names = path.split('>').map((name) => name.trim());
  if (names.some((name) => name === '')) throw new CellError(`the category path "${path}" has an empty segment`);
  return names;
}

const PRICE = /^\d+(\.\d+)?$/;
const COMMA_PRICE = /^\d+,\d+$/;

/** Whether the locale writes decimals with a comma (`pl-PL`: "39,90"). */
export function writesDecimalComma(locale: string): boolean {
  const parts = new Intl.NumberFormat(locale).formatToParts(1.5);
  return parts.find((part) => part.type === 'decimal')?.value === ',';
}

/**
 * A price as WooCommerce writes it (`12.5`, `12.50`), null for an empty cell. With `decimalComma` (a shop whose
 * locale writes "39,90", whose spreadsheets save prices that way), a comma is read as the decimal mark too.
 * @throws CellError for `12,5` (without `decimalComma`), `abc`, a negative or thousands-separated number
 */
export function parsePrice(cell: string, decimalComma = false): number | null {
  const text = cell.trim();
  if (text === '') return null;
  if (decimalComma && COMMA_PRICE.test(text)) return Math.round(Number(text.replace(',', '.')) * 100) / 100;
  if (!PRICE.test(text)) {
    const hint = COMMA_PRICE.test(text) ? ' (use a dot as the decimal separator)' : '';
    throw new CellError(`"${text}" is not a price${hint}`);
  }
  return Math.round(Number(text) * 100) / 100;
}

export function formatPrice(price: number | null): string {
  return price === null ? '' : String(price);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A sale date (`2026-05-01` or `2026-05-01 00:00:00`) as an ISO instant; the CSV's dates are read and written in
 * UTC. Null for an empty cell.
 * @throws CellError when it is not such a date
 */
export function parseSaleDate(cell: string): string | null {
  const text = cell.trim();
  if (text === '') return null;
  const match = DATE.exec(text);
  const date = match
    ? new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!, +(match[4] ?? 0), +(match[5] ?? 0), +(match[6] ?? 0)))
    : null;
  if (!date || Number.isNaN(date.getTime()) || date.getUTCDate() !== +match![3]!) {
    throw new CellError(`"${text}" is not a date (YYYY-MM-DD or YYYY-MM-DD HH:MM:SS)`);
  }
  return date.toISOString();
}

export function formatSaleDate(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 19).replace('T', ' ') : '';
}

/**
 * A cell as WooCommerce meant it: its exporter puts a `'` before a cell starting with `-`, `=`, `+` or `@` (so that
 * spreadsheets do not run it as a formula) and its importer takes it off again.
 */
export function unescapeCell(text: string): string {
  return /^'[-=+@]/.test(text) ? text.slice(1) : text;
}

/**
 * `Published` as WooCommerce's importer reads it: 1 publish, 0 private, -1 draft (and `true` / `false` for publish /
 * draft); empty means published. WooCommerce has no value for `pending`: its exporter writes it as -1, a draft.
 */
export function parseStatus(cell: string): ProductStatus {
  const text = unescapeCell(cell.trim()).toLowerCase();
  if (text === '' || text === '1' || text === 'true') return 'publish';
  if (text === '0') return 'private';
  if (text === '-1' || text === 'false') return 'draft';
  throw new CellError(`"${cell.trim()}" is not 1 (published), 0 (private) or -1 (draft)`);
}

/** `Tax status` as WooCommerce writes it (taxable, shipping, none); empty means taxable. */
export function parseTaxStatus(cell: string): Product['tax_status'] {
  const text = cell.trim().toLowerCase();
  if (text === '') return undefined;
  if (!(TAX_STATUSES as readonly string[]).includes(text))
    throw new CellError(`"${cell.trim()}" is not a tax status (taxable, shipping or none)`);
  return storedTaxStatus(text as TaxStatus);
}

/** `Tax class` as a slug (`reduced-rate`); empty or `standard` means the standard class. */
export function parseTaxClass(cell: string): string | undefined {
  const text = cell.trim().toLowerCase();
  if (text !== '' && !TAX_CLASS_SLUG.test(text))
    throw new CellError(`"${cell.trim()}" is not a tax class slug such as reduced-rate`);
  return storedTaxClass(text);
}

/** WooCommerce's exporter: 1 publish, 0 private, -1 anything else (draft and pending). */
export function formatStatus(status: ProductStatus | undefined): string {
  return status === 'private' ? '0' : status === 'draft' || status === 'pending' ? '-1' : '1';
}

/** `In stock?`: 1 or 0; `backorder` counts as buyable; empty means in stock. */
export function parseInStock(cell: string): boolean {
  const text = cell.trim().toLowerCase();
  if (text === '' || text === '1' || text === 'backorder') return true;
  if (text === '0') return false;
  throw new CellError(`"${cell.trim()}" is not 1, 0 or backorder`);
}

/**
 * `Stock`: a whole number of units; null when empty, which means the stock is not tracked (WooCommerce's importer
 * turns `manage_stock` off for an empty cell). Below 0 only with backorders (read-row.ts checks that).
 * @throws CellError for a number that is not whole
 */
export function parseStock(cell: string): number | null {
  const text = unescapeCell(cell.trim());
  if (text === '') return null;
  if (!/^-?\d+$/.test(text)) throw new CellError(`"${text}" is not a whole number`);
  return Number(text);
}

/** `Backorders allowed?`: 1 (`yes`), 0 (`no`) or `notify`, as WooCommerce's exporter writes them; empty means 0. */
export function parseBackorders(cell: string): Backorders {
  const text = cell.trim().toLowerCase();
  if (text === '' || text === '0') return 'no';
  if (text === '1') return 'yes';
  if (text === 'notify') return 'notify';
  throw new CellError(`"${cell.trim()}" is not 1, 0 or notify`);
}

export function formatBackorders(backorders: Backorders | undefined): string {
  return backorders === 'yes' ? '1' : backorders === 'notify' ? 'notify' : '0';
}

/** `ID`: a positive whole number, null when empty (a new product). */
export function parseId(cell: string): number | null {
  const text = cell.trim();
  if (text === '') return null;
  if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text)))
    throw new CellError(`"${text}" is not a positive whole number`);
  return Number(text);
}

/** WooCommerce's shipping columns (its default units, kilograms and centimetres) and the dimension each fills. */
export const SHIPPING_COLUMNS = {
  weight: 'Weight (kg)',
  length: 'Length (cm)',
  width: 'Width (cm)',
  height: 'Height (cm)',
} as const;
/** Ours, beside `Images`: each image's alt text in its place (WooCommerce's CSV has none; its importer skips it). */
export const IMAGE_ALTS_COLUMN = 'Images alt text';
/** WooCommerce's column of a tracked item's backorders. */
export const BACKORDERS_COLUMN = 'Backorders allowed?';

const MEASURE = /^\d+(\.\d+)?$/;

/**
 * `Weight (kg)`, `Length (cm)`, `Width (cm)`, `Height (cm)`: a number with a dot (three decimals kept), undefined for
 * an empty cell. @throws CellError for `1,5`, a negative number or text
 */
export function parseMeasure(cell: string): number | undefined {
  const text = cell.trim();
  if (text === '') return undefined;
  if (!MEASURE.test(text)) throw new CellError(`"${text}" is not a number with a dot before any decimals`);
  return Math.round(Number(text) * 1000) / 1000;
}

export function formatMeasure(value: number | undefined): string {
  return value === undefined ? '' : String(value);
}
