/**
 * One CSV row read into a product or a variation. Every cell that cannot be read is reported through `report`
 * (column, reason) and the row yields null or partial data that the caller then discards.
 */
import { storedAlts } from '../image-alts.js';
import type { Dimensions, Product, Variation } from '../model.js';
import type { CsvRow } from './catalog-to-rows.js';
import type { AttributeResolver, CategoryResolver } from './import-taxonomies.js';
import {
  CellError, IMAGE_ALTS_COLUMN, parseId, parseInStock, parseMeasure, parsePrice, parseSaleDate, parseStatus, parseStock, splitAlignedList, splitCategoryPath, splitList,
  SHIPPING_COLUMNS,
} from './woo-csv-cells.js';

export type Report = (column: string, reason: string) => void;

/** The product fields a row carries; the importer adds id, slug and what the CSV does not hold. */
export interface ParsedProduct {
  id: number | null;
  sku: string;
  product: Omit<Product, 'id' | 'slug' | 'rating' | 'rating_count' | 'total_sales' | 'created_at'>;
}

export interface ParsedVariation {
  id: number | null;
  sku: string;
  variation: Omit<Variation, 'id'>;
}

/** Reads `column` with `parse`; a CellError becomes a reported problem and `fallback`. */
function cell<T>(cells: CsvRow, column: string, parse: (text: string) => T, fallback: T, report: Report): T {
  try {
    return parse(cells[column] ?? '');
  } catch (error) {
    if (!(error instanceof CellError)) throw error;
    report(column, error.message);
    return fallback;
  }
}

/** Prices and sale dates, shared by simple products and variations. */
function readPrices(cells: CsvRow, report: Report) {
  const regular = cell(cells, 'Regular price', parsePrice, null, report);
  const sale = cell(cells, 'Sale price', parsePrice, null, report);
  const from = cell(cells, 'Date sale price starts', parseSaleDate, null, report);
  const to = cell(cells, 'Date sale price ends', parseSaleDate, null, report);
  if (regular === null && (cells['Regular price'] ?? '').trim() === '') report('Regular price', 'a price is required');
  if (regular !== null && sale !== null && sale >= regular) report('Sale price', `${sale} is not lower than the regular price ${regular}`);
  if (from !== null && to !== null && from > to) report('Date sale price ends', 'the sale ends before it starts');
  return { regular_price: regular ?? 0, sale_price: sale, date_on_sale_from: from, date_on_sale_to: to };
}

export function readProductRow(
  cells: CsvRow,
  type: 'simple' | 'variable',
  categories: CategoryResolver,
  attributes: AttributeResolver,
  report: Report,
): ParsedProduct | null {
  const id = cell(cells, 'ID', parseId, null, report);
  const title = (cells.Name ?? '').trim();
  if (title === '') report('Name', 'a product needs a name');
  const categoryIds = cell(cells, 'Categories', (text) => splitList(text).map((path) => categories.idOf(splitCategoryPath(path))), [], report);
  const images = splitList(cells.Images ?? '');
  const stock = cell(cells, 'Stock', parseStock, 0, report);
  const inStock = cell(cells, 'In stock?', parseInStock, true, report);
  // A variable product's prices and stock come from its variations (variable-product.ts).
  const prices = type === 'simple' ? readPrices(cells, report) : { regular_price: 0, sale_price: null, date_on_sale_from: null, date_on_sale_to: null };
  const meta: Record<string, string> = {};
  for (const [column, value] of Object.entries(cells)) {
    if (column.startsWith('Meta: ') && value !== '') meta[column.slice('Meta: '.length)] = value;
  }
  return {
    id,
    sku: (cells.SKU ?? '').trim(),
    product: {
      type,
      status: cell(cells, 'Published', parseStatus, 'publish', report),
      title,
      sku: (cells.SKU ?? '').trim(),
      short_description: cells['Short description'] ?? '',
      description: cells.Description ?? '',
      category_ids: [...new Set(categoryIds)],
      brand: splitList(cells.Brands ?? '')[0] ?? '',
      tags: splitList(cells.Tags ?? ''),
      attributes: readAttributes(cells, attributes, false, report) as Record<string, string[]>,
      ...prices,
      in_stock: inStock,
      stock_quantity: stock,
      image: images[0] ?? '',
      gallery: images.slice(1),
      ...readImageAlts(cells),
      ...readShipping(cells, report),
      meta,
    },
  };
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

export function readVariationRow(cells: CsvRow, attributes: AttributeResolver, report: Report): ParsedVariation | null {
  const id = cell(cells, 'ID', parseId, null, report);
  const prices = readPrices(cells, report);
  return {
    id,
    sku: (cells.SKU ?? '').trim(),
    variation: {
      sku: (cells.SKU ?? '').trim(),
      attributes: readAttributes(cells, attributes, true, report) as Record<string, string>,
      ...prices,
      in_stock: cell(cells, 'In stock?', parseInStock, true, report),
      stock_quantity: cell(cells, 'Stock', parseStock, 0, report),
      ...readVariationImage(cells),
    },
  };
}

/** A variation row's `Images` is its own picture (the first address), with its alt text. */
function readVariationImage(cells: CsvRow): Pick<Variation, 'image' | 'image_alt'> {
  const image = splitList(cells.Images ?? '')[0];
  if (!image) return {};
  const alt = readImageAlts(cells).image_alts?.[0];
  return alt ? { image, image_alt: alt } : { image };
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
