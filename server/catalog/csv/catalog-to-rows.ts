/**
 * A catalog as the rows of WooCommerce's product CSV: each product, then its variations, with the columns WooCommerce's
 * exporter writes (those this shop stores). rows-to-catalog.ts reads the same format back.
 */
import { categoryById } from '../category-tree.js';
import type { CatalogData, Category, Product, Variation } from '../model.js';
import { managesStock, type StockedItem } from '../stock-keeping.js';
import {
  BACKORDERS_COLUMN,
  formatBackorders,
  formatMeasure,
  formatPrice,
  formatSaleDate,
  formatStatus,
  IMAGE_ALTS_COLUMN,
  joinList,
  SHIPPING_COLUMNS,
} from './woo-csv-cells.js';

/**
 * The fixed columns, in WooCommerce's order (our `Images alt text` beside `Images`), and `Slug` (WooCommerce's exporter
 * leaves it out; with it a product keeps its address when the file moves it to another shop); `Attribute N …` and
 * `Meta: …` columns follow.
 */
export const FIXED_COLUMNS = [
  'ID',
  'Type',
  'SKU',
  'Name',
  'Published',
  'Short description',
  'Description',
  'Date sale price starts',
  'Date sale price ends',
  'Tax status',
  'Tax class',
  'In stock?',
  'Stock',
  BACKORDERS_COLUMN,
  ...Object.values(SHIPPING_COLUMNS),
  'Sale price',
  'Regular price',
  'Categories',
  'Tags',
  'Images',
  IMAGE_ALTS_COLUMN,
  'Parent',
  'Brands',
  'Slug',
] as const;

export type CsvRow = Record<string, string>;

/** The header: fixed columns, as many attribute column groups as the widest product needs, and every meta key. */
export function csvHeader(catalog: CatalogData): string[] {
  let attributeGroups = 0;
  const metaKeys = new Set<string>();
  for (const product of catalog.products) {
    attributeGroups = Math.max(attributeGroups, Object.keys(product.attributes).length);
    for (const key of Object.keys(product.meta ?? {})) metaKeys.add(key);
  }
  const attributes = Array.from({ length: attributeGroups }, (_, index) => attributeColumns(index + 1)).flat();
  return [...FIXED_COLUMNS, ...attributes, ...[...metaKeys].sort().map((key) => `Meta: ${key}`)];
}

export function attributeColumns(number: number): string[] {
  return [
    `Attribute ${number} name`,
    `Attribute ${number} value(s)`,
    `Attribute ${number} visible`,
    `Attribute ${number} global`,
  ];
}

/** Every row of the catalog, product by product, each variable product followed by its variations. */
export function* catalogRows(catalog: CatalogData): Generator<CsvRow> {
  const labels = new Map(catalog.attributes.map((attribute) => [attribute.name, attribute.label]));
  const pathOf = categoryPaths(catalog.categories);
  for (const product of catalog.products) {
    yield productRow(product, labels, pathOf);
    for (const variation of product.type === 'variable' ? (product.variations ?? []) : [])
      yield variationRow(product, variation, labels);
  }
}

function productRow(product: Product, labels: Map<string, string>, pathOf: (id: number) => string): CsvRow {
  const variable = product.type === 'variable';
  const row: CsvRow = {
    ID: String(product.id),
    Type: variable ? 'variable' : 'simple',
    SKU: product.sku,
    Name: product.title,
    Published: formatStatus(product.status),
    'Short description': product.short_description ?? '',
    Description: product.description,
    // A variable product's prices and stock live on its variations; WooCommerce leaves these empty on the parent.
    'Date sale price starts': variable ? '' : formatSaleDate(product.date_on_sale_from),
    'Date sale price ends': variable ? '' : formatSaleDate(product.date_on_sale_to),
    'Tax status': product.tax_status ?? 'taxable',
    'Tax class': product.tax_class ?? '',
    ...(variable ? { 'In stock?': '', Stock: '', [BACKORDERS_COLUMN]: '' } : stockCells(product)),
    'Sale price': variable ? '' : formatPrice(product.sale_price),
    'Regular price': variable ? '' : formatPrice(product.regular_price),
    Categories: joinList(product.category_ids.map(pathOf)),
    Tags: joinList(product.tags ?? []),
    [SHIPPING_COLUMNS.weight]: formatMeasure(product.weight),
    [SHIPPING_COLUMNS.length]: formatMeasure(product.dimensions?.length),
    [SHIPPING_COLUMNS.width]: formatMeasure(product.dimensions?.width),
    [SHIPPING_COLUMNS.height]: formatMeasure(product.dimensions?.height),
    Images: joinList([product.image, ...(product.gallery ?? [])].filter((image) => image !== '')),
    // Aligned with the addresses in Images: an empty main image is left out there, so its alt text is too.
    [IMAGE_ALTS_COLUMN]: joinList((product.image === '' ? product.image_alts?.slice(1) : product.image_alts) ?? []),
    Parent: '',
    Brands: joinList(product.brand ? [product.brand] : []),
    Slug: product.slug,
  };
  Object.entries(product.attributes).forEach(([name, terms], index) => {
    const [nameColumn, valuesColumn, visibleColumn, globalColumn] = attributeColumns(index + 1) as [
      string,
      string,
      string,
      string,
    ];
    row[nameColumn] = labels.get(name) ?? name;
    row[valuesColumn] = joinList(terms);
    row[visibleColumn] = '1';
    row[globalColumn] = '1';
  });
  for (const [key, value] of Object.entries(product.meta ?? {})) row[`Meta: ${key}`] = value;
  return row;
}

function variationRow(parent: Product, variation: Variation, labels: Map<string, string>): CsvRow {
  const row: CsvRow = {
    ID: String(variation.id),
    Type: 'variation',
    SKU: variation.sku,
    Name: `${parent.title} - ${Object.values(variation.attributes).join(', ')}`,
    Published: '1',
    'Date sale price starts': formatSaleDate(variation.date_on_sale_from),
    'Date sale price ends': formatSaleDate(variation.date_on_sale_to),
    ...stockCells(variation),
    'Sale price': formatPrice(variation.sale_price),
    'Regular price': formatPrice(variation.regular_price),
    Images: joinList(variation.image ? [variation.image] : []),
    [IMAGE_ALTS_COLUMN]: joinList(variation.image_alt ? [variation.image_alt] : []),
    Parent: `id:${parent.id}`,
  };
  Object.entries(variation.attributes).forEach(([name, term], index) => {
    const [nameColumn, valuesColumn, , globalColumn] = attributeColumns(index + 1) as [string, string, string, string];
    row[nameColumn] = labels.get(name) ?? name;
    row[valuesColumn] = term.replaceAll(',', '\\,');
    row[globalColumn] = '1';
  });
  return row;
}

/** A category's path of names from the top, `Clothing > Shirts`; memoised per category. */
function categoryPaths(categories: readonly Category[]): (id: number) => string {
  const paths = new Map<number, string>();
  return (id) => {
    let path = paths.get(id);
    if (path === undefined) {
      const names: string[] = [];
      const seen = new Set<number>();
      for (
        let category = categoryById(categories, id);
        category && !seen.has(category.id);
        category = categoryById(categories, category.parent)
      ) {
        seen.add(category.id);
        names.unshift(category.name);
      }
      paths.set(id, (path = names.join(' > ')));
    }
    return path;
  };
}

/** An item's stock as WooCommerce's exporter writes it: `Stock` empty when not tracked, backorders 1 / 0 / notify. */
function stockCells(item: StockedItem): CsvRow {
  const tracked = managesStock(item);
  return {
    'In stock?': item.in_stock ? '1' : '0',
    Stock: tracked ? String(item.stock_quantity) : '',
    [BACKORDERS_COLUMN]: formatBackorders(item.backorders),
  };
}
