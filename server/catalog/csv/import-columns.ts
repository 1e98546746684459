/**
 * A merge import changes only what the file has, as WooCommerce's importer updates only the
 * mapped columns: a file of `SKU,Stock` sets stock and leaves names, prices and descriptions as they are. This module
 * knows which columns set which fields, and lays a row's fields over the product or variation it updates.
 */
import type { Product, Variation } from '../model.js';
import type { CsvRow } from './catalog-to-rows.js';
import { BACKORDERS_COLUMN, IMAGE_ALTS_COLUMN, SHIPPING_COLUMNS } from './woo-csv-cells.js';
import type { RowPrices, RowProductFields, RowVariationFields } from './read-row.js';

/** A product or variation being imported: its prices may still be missing, until item-checks.ts has passed them. */
export type ImportedProduct = Omit<Product, keyof RowPrices> & RowPrices;
export type ImportedVariation = Omit<Variation, keyof RowPrices> & RowPrices;

/** The columns of a file: the header as csv-parse gave it (a short row lacks the cells it does not reach). */
export function fileColumns(rows: readonly { cells: CsvRow }[]): ReadonlySet<string> {
  let widest: CsvRow = {};
  let width = -1;
  for (const { cells } of rows) {
    const size = Object.keys(cells).length;
    if (size > width) {
      widest = cells;
      width = size;
    }
  }
  return new Set(Object.keys(widest));
}

type ProductField = keyof RowProductFields;
type VariationField = keyof RowVariationFields;

/** Which fields each column sets. Attributes come as column groups: the first group's name column stands for them. */
const PRODUCT_FIELDS: Record<string, readonly ProductField[]> = {
  Type: ['type'],
  SKU: ['sku'],
  Name: ['title'],
  Published: ['status'],
  'Short description': ['short_description'],
  Description: ['description'],
  'Regular price': ['regular_price'],
  'Sale price': ['sale_price'],
  'Date sale price starts': ['date_on_sale_from'],
  'Date sale price ends': ['date_on_sale_to'],
  'Tax status': ['tax_status'],
  'Tax class': ['tax_class'],
  'In stock?': ['in_stock'],
  Stock: ['stock_quantity', 'manage_stock', 'in_stock'],
  [BACKORDERS_COLUMN]: ['backorders', 'in_stock'],
  Categories: ['category_ids'],
  Tags: ['tags'],
  Images: ['image', 'gallery'],
  Brands: ['brand'],
  'Attribute 1 name': ['attributes'],
  [IMAGE_ALTS_COLUMN]: ['image_alts'],
  [SHIPPING_COLUMNS.weight]: ['weight'],
};

const VARIATION_FIELDS: Record<string, readonly VariationField[]> = {
  SKU: ['sku'],
  'Regular price': ['regular_price'],
  'Sale price': ['sale_price'],
  'Date sale price starts': ['date_on_sale_from'],
  'Date sale price ends': ['date_on_sale_to'],
  'In stock?': ['in_stock'],
  Stock: ['stock_quantity', 'manage_stock', 'in_stock'],
  [BACKORDERS_COLUMN]: ['backorders', 'in_stock'],
  'Attribute 1 name': ['attributes'],
  Images: ['image', 'image_alt'],
  [IMAGE_ALTS_COLUMN]: ['image_alt'],
};

/** Each dimension column sets its side alone: a file of `SKU,Length (cm)` keeps the width and the height. */
function mergedDimensions(
  current: Product['dimensions'],
  row: Product['dimensions'],
  columns: ReadonlySet<string>,
): Product['dimensions'] {
  const sides = (['length', 'width', 'height'] as const).filter((side) => columns.has(SHIPPING_COLUMNS[side]));
  if (sides.length === 0) return current;
  const dimensions = { ...current };
  for (const side of sides) {
    if (row?.[side] === undefined) delete dimensions[side];
    else dimensions[side] = row[side];
  }
  return Object.keys(dimensions).length ? dimensions : undefined;
}

function fieldsIn<F extends string>(columns: ReadonlySet<string>, map: Record<string, readonly F[]>): F[] {
  return Object.entries(map).flatMap(([column, fields]) => (columns.has(column) ? fields : []));
}

/** `Meta: key` columns of the file set their key; an empty cell removes it; keys the file does not name stay. */
function mergedMeta(
  current: Product['meta'],
  row: Record<string, string> | undefined,
  columns: ReadonlySet<string>,
): Product['meta'] {
  const meta = new Map(Object.entries(current ?? {}));
  for (const column of columns) {
    if (!column.startsWith('Meta: ')) continue;
    const key = column.slice('Meta: '.length);
    const value = row?.[key];
    if (value === undefined) meta.delete(key);
    else meta.set(key, value);
  }
  return Object.fromEntries(meta);
}

/** `existing` with the fields of the columns in the file taken from the row (prices still unchecked). */
export function mergeProductColumns(
  existing: Product,
  row: RowProductFields,
  columns: ReadonlySet<string>,
): ImportedProduct {
  const merged: ImportedProduct = {
    ...existing,
    date_on_sale_from: existing.date_on_sale_from ?? null,
    date_on_sale_to: existing.date_on_sale_to ?? null,
  };
  const target = merged as unknown as Record<ProductField, unknown>;
  for (const field of fieldsIn(columns, PRODUCT_FIELDS)) target[field] = row[field];
  merged.meta = mergedMeta(existing.meta, row.meta, columns);
  const dimensions = mergedDimensions(existing.dimensions, row.dimensions, columns);
  if (dimensions) merged.dimensions = dimensions;
  else delete merged.dimensions;
  return merged;
}

export function mergeVariationColumns(
  existing: Variation,
  row: RowVariationFields,
  columns: ReadonlySet<string>,
): ImportedVariation {
  const merged: ImportedVariation = {
    ...existing,
    date_on_sale_from: existing.date_on_sale_from ?? null,
    date_on_sale_to: existing.date_on_sale_to ?? null,
  };
  const target = merged as unknown as Record<VariationField, unknown>;
  for (const field of fieldsIn(columns, VARIATION_FIELDS)) target[field] = row[field];
  return merged;
}
