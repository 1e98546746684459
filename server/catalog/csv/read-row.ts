/**
 * One CSV row read into the fields of a product or a variation. Every cell that cannot be read is reported through
 * `report` (column, reason) and gives a fallback that the caller then discards with the row. Rules that need more than
 * one cell, or the product the row updates (a price is required, a sale is below the regular price), are checked on
 * the finished item (item-checks.ts).
 */
import { storedAlts } from '../image-alts.js';
import type { Dimensions, Product, Variation } from '../model.js';
import type { CsvRow } from './catalog-to-rows.js';
import type { AttributeResolver, CategoryResolver } from './import-taxonomies.js';
import { CATALOG_LIMITS as LIMITS, countProblem, lengthProblem } from '../catalog-limits.js';
import { boundedList, boundedText, parseCategoryPaths, parseImages } from './bounded-cells.js';
import {
  BACKORDERS_COLUMN,
  CellError,
  IMAGE_ALTS_COLUMN,
  parseBackorders,
  parseId,
  parseInStock,
  parseMeasure,
  parsePrice,
  parseSaleDate,
  parseStatus,
  parseStock,
  parseTaxClass,
  parseTaxStatus,
  SHIPPING_COLUMNS,
  splitAlignedList,
} from './woo-csv-cells.js';

export type Report = (column: string, reason: string) => void;

/** Prices as the cells give them: null for an empty cell (a regular price is then missing). */
export interface RowPrices {
  regular_price: number | null;
  sale_price: number | null;
  date_on_sale_from: string | null;
  date_on_sale_to: string | null;
}

/** The product fields a row carries; the importer adds id, slug and what the CSV does not hold. */
export type RowProductFields = Omit<
  Product,
  'id' | 'slug' | 'rating' | 'rating_count' | 'total_sales' | 'created_at' | keyof RowPrices
> &
  RowPrices;

export type RowVariationFields = Omit<Variation, 'id' | keyof RowPrices> & RowPrices;

/** Reads `column` with `parse`; a CellError becomes a reported problem and `fallback`. */
export function cell<T>(cells: CsvRow, column: string, parse: (text: string) => T, fallback: T, report: Report): T {
  try {
    return parse(cells[column] ?? '');
  } catch (error) {
    if (!(error instanceof CellError)) throw error;
    report(column, error.message);
    return fallback;
  }
}

/**
 * Prices and sale dates, shared by simple products and variations. An unreadable price is NaN, not null: it is
 * reported already, and neither "a price is required" nor a comparison with it is added.
 */
function readPrices(cells: CsvRow, report: Report, decimalComma: boolean): RowPrices {
  const price = (text: string) => parsePrice(text, decimalComma);
  return {
    regular_price: cell(cells, 'Regular price', price, NaN, report),
    sale_price: cell(cells, 'Sale price', price, NaN, report),
    date_on_sale_from: cell(cells, 'Date sale price starts', parseSaleDate, null, report),
    date_on_sale_to: cell(cells, 'Date sale price ends', parseSaleDate, null, report),
  };
}

const NO_PRICES: RowPrices = { regular_price: 0, sale_price: null, date_on_sale_from: null, date_on_sale_to: null };

/** The `Meta: key` cells with a value, within the limits on their number and length. */
function readMeta(cells: CsvRow, report: Report): Record<string, string> {
  const meta: Record<string, string> = {};
  let count = 0;
  for (const [column, value] of Object.entries(cells)) {
    if (!column.startsWith('Meta: ') || value === '') continue;
    const problem = lengthProblem(column, value, LIMITS.metaValue);
    if (problem) report(column, problem);
    else if (++count > LIMITS.metaKeys) report(column, countProblem('meta values', count, LIMITS.metaKeys)!);
    else meta[column.slice('Meta: '.length)] = value;
  }
  return meta;
}

const readName = boundedText('the name', LIMITS.name);
const readSku = boundedText('the SKU', LIMITS.sku);

/** The row's identity cells, read before the rest: they decide which stored product the row is. */
export function readRowIdentity(cells: CsvRow, report: Report): { id: number | null; sku: string; title: string } {
  return {
    id: cell(cells, 'ID', parseId, null, report),
    sku: cell(cells, 'SKU', (text) => readSku(text.trim()), '', report),
    title: cell(cells, 'Name', (text) => readName(text.trim()), '', report),
  };
}

/**
 * The stock cells: `Stock` (empty: not tracked), `In stock?` and `Backorders allowed?`. A tracked item is in stock
 * while it has units or takes backorders, unless `In stock?` says 0.
 */
function readStock(
  cells: CsvRow,
  report: Report,
): Pick<Product, 'in_stock' | 'stock_quantity' | 'manage_stock' | 'backorders'> {
  const quantity = cell(cells, 'Stock', parseStock, 0, report);
  const backorders = cell(cells, BACKORDERS_COLUMN, parseBackorders, 'no', report);
  const listed = cell(cells, 'In stock?', parseInStock, true, report);
  if (quantity === null) return { manage_stock: false, in_stock: listed, stock_quantity: 0, backorders };
  // Units owed to customers exist only where backorders are taken; elsewhere a negative count is a mistake in the file.
  if (quantity < 0 && backorders === 'no')
    report(
      'Stock',
      `"${quantity}" is below 0: stock counts the units on hand (leave it empty to sell without counting, or allow backorders)`,
    );
  return {
    manage_stock: true,
    in_stock: listed && (quantity > 0 || backorders !== 'no'),
    stock_quantity: quantity,
    backorders,
  };
}

/**
 * A product row's fields (its `ID` is read by {@link readRowIdentity}).
 * @param decimalComma the shop's locale writes decimals with a comma: "39,90" is a price
 */
export function readProductRow(
  cells: CsvRow,
  type: 'simple' | 'variable',
  categories: CategoryResolver,
  attributes: AttributeResolver,
  report: Report,
  decimalComma = false,
): RowProductFields {
  // Paths are checked whole before any category is made: a rejected row creates none.
  const paths = cell(cells, 'Categories', parseCategoryPaths, [], report);
  const images = cell(cells, 'Images', parseImages, [], report);
  const text = (value: string | undefined) => (value ?? '').trim().slice(0, LIMITS.name);
  return {
    type,
    status: cell(cells, 'Published', parseStatus, 'publish', report),
    // Checked (and reported) by readRowIdentity; cut here only so that a rejected row costs nothing further.
    title: text(cells.Name),
    sku: text(cells.SKU),
    short_description: cell(
      cells,
      'Short description',
      boundedText('the short description', LIMITS.shortDescription),
      '',
      report,
    ),
    description: cell(cells, 'Description', boundedText('the description', LIMITS.description), '', report),
    category_ids: [...new Set(paths.map((names) => categories.idOf(names)))],
    brand: cell(cells, 'Brands', boundedList('brands', LIMITS.tags), [], report)[0] ?? '',
    tags: cell(cells, 'Tags', boundedList('tags', LIMITS.tags), [], report),
    attributes: readAttributes(cells, attributes, false, report) as Record<string, string[]>,
    // A variable product's prices and stock come from its variations (variable-product.ts).
    ...(type === 'simple' ? readPrices(cells, report, decimalComma) : NO_PRICES),
    ...readStock(cells, report),
    image: images[0] ?? '',
    gallery: images.slice(1),
    ...readImageAlts(cells),
    ...readShipping(cells, report),
    ...readTax(cells, report),
    meta: readMeta(cells, report),
  };
}

/** `Tax status` and `Tax class`, each present only when it differs from the default (taxable, standard). */
function readTax(cells: CsvRow, report: Report): Pick<Product, 'tax_status' | 'tax_class'> {
  const status = cell(cells, 'Tax status', parseTaxStatus, undefined, report);
  const taxClass = cell(cells, 'Tax class', parseTaxClass, undefined, report);
  return { ...(status ? { tax_status: status } : {}), ...(taxClass ? { tax_class: taxClass } : {}) };
}

/** The alt texts of `Images alt text`, present only when some is given. */
function readImageAlts(cells: CsvRow): Pick<Product, 'image_alts'> {
  const alts = storedAlts(splitAlignedList(cells[IMAGE_ALTS_COLUMN] ?? ''));
  return alts ? { image_alts: alts } : {};
}

/** Weight and dimensions, each present only when its cell is filled. */
function readShipping(cells: CsvRow, report: Report): Pick<Product, 'weight' | 'dimensions'> {
  const weight = cell(cells, SHIPPING_COLUMNS.weight, parseMeasure, undefined, report);
  const dimensions: Dimensions = {};
  for (const side of ['length', 'width', 'height'] as const) {
    const value = cell(cells, SHIPPING_COLUMNS[side], parseMeasure, undefined, report);
    if (value !== undefined) dimensions[side] = value;
  }
  return { ...(weight === undefined ? {} : { weight }), ...(Object.keys(dimensions).length ? { dimensions } : {}) };
}

/** A variation row's fields (its `ID` is read by {@link readRowIdentity}). */
export function readVariationRow(
  cells: CsvRow,
  attributes: AttributeResolver,
  report: Report,
  decimalComma = false,
): RowVariationFields {
  return {
    sku: (cells.SKU ?? '').trim().slice(0, LIMITS.sku),
    attributes: readAttributes(cells, attributes, true, report) as Record<string, string>,
    ...readPrices(cells, report, decimalComma),
    ...readStock(cells, report),
    ...readVariationImage(cells, report),
  };
}

/** A variation row's `Images` is its own picture (the first address, checked as a product's are), with its alt text. */
function readVariationImage(cells: CsvRow, report: Report): Pick<Variation, 'image' | 'image_alt'> {
  const image = cell(cells, 'Images', parseImages, [], report)[0];
  if (!image) return {};
  const alt = readImageAlts(cells).image_alts?.[0];
  return alt ? { image, image_alt: alt } : { image };
}

/**
 * The `Attribute N name` / `Attribute N value(s)` groups: a product's lists of terms, or a variation's single term
 * per attribute (an empty value means "any", as in WooCommerce).
 */
export function readAttributes(
  cells: CsvRow,
  resolver: AttributeResolver,
  single: boolean,
  report: Report,
): Record<string, string[] | string> {
  const result: Record<string, string[] | string> = {};
  let count = 0;
  for (let number = 1; `Attribute ${number} name` in cells; number++) {
    const nameColumn = `Attribute ${number} name`;
    const label = cell(
      cells,
      nameColumn,
      (text) => boundedText('the attribute name', LIMITS.term)(text.trim()),
      '',
      report,
    );
    if (label === '') continue;
    if (++count > LIMITS.attributes) {
      report(nameColumn, countProblem('attributes', count, LIMITS.attributes)!);
      break;
    }
    const column = `Attribute ${number} value(s)`;
    const terms = cell(cells, column, boundedList('terms', LIMITS.terms), [], report);
    const name = resolver.nameOf(label);
    if (!single) {
      result[name] = [...new Set(terms)];
    } else if (terms.length > 1) {
      report(column, `a variation takes one term per attribute, not ${terms.length}`);
    } else if (terms.length === 1) {
      result[name] = terms[0]!;
    }
  }
  return result;
}
