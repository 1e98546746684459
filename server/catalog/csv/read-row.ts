/**
 * One CSV row read into the fields of a product or a variation. Every cell that cannot be read is reported through
 * `report` (column, reason) and gives a fallback that the caller then discards with the row. Rules that need more than
 * one cell, or the product the row updates (a price is required, a sale is below the regular price), are checked on
 * the finished item (item-checks.ts).
 */
import type { Product, Variation } from '../model.js';
import type { CsvRow } from './catalog-to-rows.js';
import type { AttributeResolver, CategoryResolver } from './import-taxonomies.js';
import {
  CellError, parseId, parseInStock, parsePrice, parseSaleDate, parseStatus, parseStock, splitCategoryPath, splitList,
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
export type RowProductFields = Omit<Product, 'id' | 'slug' | 'rating' | 'rating_count' | 'total_sales' | 'created_at' | keyof RowPrices> & RowPrices;

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
function readPrices(cells: CsvRow, report: Report): RowPrices {
  return {
    regular_price: cell(cells, 'Regular price', parsePrice, NaN, report),
    sale_price: cell(cells, 'Sale price', parsePrice, NaN, report),
    date_on_sale_from: cell(cells, 'Date sale price starts', parseSaleDate, null, report),
    date_on_sale_to: cell(cells, 'Date sale price ends', parseSaleDate, null, report),
  };
}

const NO_PRICES: RowPrices = { regular_price: 0, sale_price: null, date_on_sale_from: null, date_on_sale_to: null };

/** The `Meta: key` cells with a value. */
function readMeta(cells: CsvRow): Record<string, string> {
  const meta: Record<string, string> = {};
  for (const [column, value] of Object.entries(cells)) {
    if (column.startsWith('Meta: ') && value !== '') meta[column.slice('Meta: '.length)] = value;
  }
  return meta;
}

/** The row's identity cells, read before the rest: they decide which stored product the row is. */
export function readRowIdentity(cells: CsvRow, report: Report): { id: number | null; sku: string; title: string } {
  return { id: cell(cells, 'ID', parseId, null, report), sku: (cells.SKU ?? '').trim(), title: (cells.Name ?? '').trim() };
}

/** A product row's fields (its `ID` is read by {@link readRowIdentity}). */
export function readProductRow(
  cells: CsvRow,
  type: 'simple' | 'variable',
  categories: CategoryResolver,
  attributes: AttributeResolver,
  report: Report,
): RowProductFields {
  const categoryIds = cell(cells, 'Categories', (text) => splitList(text).map((path) => categories.idOf(splitCategoryPath(path))), [], report);
  const images = splitList(cells.Images ?? '');
  return {
    type,
    status: cell(cells, 'Published', parseStatus, 'publish', report),
    title: (cells.Name ?? '').trim(),
    sku: (cells.SKU ?? '').trim(),
    short_description: cells['Short description'] ?? '',
    description: cells.Description ?? '',
    category_ids: [...new Set(categoryIds)],
    brand: splitList(cells.Brands ?? '')[0] ?? '',
    tags: splitList(cells.Tags ?? ''),
    attributes: readAttributes(cells, attributes, false, report) as Record<string, string[]>,
    // A variable product's prices and stock come from its variations (variable-product.ts).
    ...(type === 'simple' ? readPrices(cells, report) : NO_PRICES),
    in_stock: cell(cells, 'In stock?', parseInStock, true, report),
    stock_quantity: cell(cells, 'Stock', parseStock, 0, report),
    image: images[0] ?? '',
    gallery: images.slice(1),
    meta: readMeta(cells),
  };
}

/** A variation row's fields (its `ID` is read by {@link readRowIdentity}). */
export function readVariationRow(cells: CsvRow, attributes: AttributeResolver, report: Report): RowVariationFields {
  return {
    sku: (cells.SKU ?? '').trim(),
    attributes: readAttributes(cells, attributes, true, report) as Record<string, string>,
    ...readPrices(cells, report),
    in_stock: cell(cells, 'In stock?', parseInStock, true, report),
    stock_quantity: cell(cells, 'Stock', parseStock, 0, report),
  };
}

/**
 * The `Attribute N name` / `Attribute N value(s)` groups: a product's lists of terms, or a variation's single term
 * per attribute (an empty value means "any", as in WooCommerce).
 */
export function readAttributes(cells: CsvRow, resolver: AttributeResolver, single: boolean, report: Report): Record<string, string[] | string> {
  const result: Record<string, string[] | string> = {};
  for (let number = 1; `Attribute ${number} name` in cells; number++) {
    const label = (cells[`Attribute ${number} name`] ?? '').trim();
    if (label === '') continue;
    const column = `Attribute ${number} value(s)`;
    const terms = splitList(cells[column] ?? '');
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
