/**
 * Reads the rows of WooCommerce's product CSV into a catalog, checking every cell: each problem is reported with its
 * row, column and reason. The caller decides what a problem means (replace: nothing is applied; merge: the valid rows
 * are). Parents are read before variations, so a file may list them in any order. Which stored product a row is, and
 * so what it keeps (id, slug, rating, history), is import-identity.ts's to say; a merge changes only the columns the
 * file has (import-columns.ts).
 */
import type { CatalogData, Product, Variation } from '../model.js';
import type { CsvRow } from './catalog-to-rows.js';
import {
  fileColumns,
  mergeProductColumns,
  mergeVariationColumns,
  type ImportedProduct,
  type ImportedVariation,
} from './import-columns.js';
import { ImportIdentity } from './import-identity.js';
import { assembleProducts, findParent, finishIds, finishSlugs } from './import-assembly.js';
import { AttributeResolver, CategoryResolver } from './import-taxonomies.js';
import { checkedPrices, checkName } from './item-checks.js';
import { readProductRow, readRowIdentity, readVariationRow, type Report } from './read-row.js';
import { RowClaims, type ParentEntry } from './row-claims.js';
import { finishVariableProduct } from './variable-product.js';
import { writesDecimalComma } from './woo-csv-cells.js';

export interface NumberedRow {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  cells: CsvRow;
}

export interface RowProblem {
  row: number;
  column: string;
  reason: string;
}

export interface RowsToCatalogOptions {
  /** `replace`: the file is the whole catalog. `merge`: its rows update or add to `base`. */
  mode: 'replace' | 'merge';
  /** `created_at` of new products (ISO); default now. */
  now?: string;
  /** The shop's locale: where it writes decimals with a comma ("39,90"), prices are read so too. */
  locale?: string;
}

export interface RowsToCatalogResult {
  catalog: CatalogData;
  problems: RowProblem[];
  /** Products and variations read from valid rows. */
  products: number;
  variations: number;
}

const TYPES = ['simple', 'variable', 'variation'] as const;

/** The row's WooCommerce type (`Type` may list several, `simple, virtual`); undefined for none we know. */
function typeOf(cells: CsvRow): (typeof TYPES)[number] | undefined {
  return (cells.Type ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .find((part): part is (typeof TYPES)[number] => (TYPES as readonly string[]).includes(part));
}

/** A row's problems, kept apart until the row is done, so that a rejected row can be told from a good one. */
function rowReport(row: number): { problems: RowProblem[]; report: Report } {
  const problems: RowProblem[] = [];
  return { problems, report: (column, reason) => problems.push({ row, column, reason }) };
}

/**
 * @example rowsToCatalog(rows, store.catalog.data, { mode: 'replace' }).problems // [{ row: 7, column: 'Regular price',
 * reason: '"12,5" is not a price …' }]
 */
export function rowsToCatalog(
  rows: readonly NumberedRow[],
  base: CatalogData,
  options: RowsToCatalogOptions,
): RowsToCatalogResult {
  const merge = options.mode === 'merge';
  const now = options.now ?? new Date().toISOString();
  const columns = fileColumns(rows);
  const decimalComma = options.locale !== undefined && writesDecimalComma(options.locale);
  const categories = new CategoryResolver(base.categories);
  const attributes = new AttributeResolver(base.attributes);
  const identity = new ImportIdentity(base, merge);
  const claims = new RowClaims(base, merge);
  const problems: RowProblem[] = [];
  const parents: ParentEntry[] = [];
  const variationRows: NumberedRow[] = [];

  for (const numbered of rows) {
    const type = typeOf(numbered.cells);
    if (type === 'variation') {
      variationRows.push(numbered);
      continue;
    }
    const { problems: rowProblems, report } = rowReport(numbered.row);
    if (type === undefined && (numbered.cells.Type ?? '').trim() !== '')
      report('Type', `"${numbered.cells.Type}" products are not supported (simple, variable, variation)`);
    const own = readRowIdentity(numbered.cells, report);
    const stored = identity.productOf(own, numbered.row, report);
    const fields = readProductRow(
      numbered.cells,
      type ?? stored?.type ?? 'simple',
      categories,
      attributes,
      report,
      decimalComma,
    );
    claims.claimId(own.id, numbered.row, report);
    claims.claimSku(fields.sku, stored?.id ?? own.id, numbered.row, report);
    const imported: ImportedProduct =
      stored && merge
        ? mergeProductColumns(stored, fields, columns)
        : {
            ...fields,
            id: 0,
            slug: '',
            rating: stored?.rating ?? 0,
            rating_count: stored?.rating_count ?? 0,
            total_sales: stored?.total_sales ?? 0,
            created_at: stored?.created_at ?? now,
          };
    // In a merge, variations the file does not mention stay; the file's own are merged in by id below.
    imported.variations =
      imported.type === 'variable'
        ? merge && stored?.type === 'variable'
          ? [...(stored.variations ?? [])]
          : []
        : undefined;
    imported.id = identity.idFor(own.id, stored);
    checkName(imported.title, report);
    const prices = imported.type === 'variable' ? imported : checkedPrices(imported, report);
    const slug = (numbered.cells.Slug ?? '').trim();
    const entry: ParentEntry = {
      row: numbered.row,
      stored,
      wantedSlug: slug,
      keepsSlug: stored !== undefined && slug === '',
      product:
        rowProblems.length === 0 && prices ? ({ ...imported, ...prices, slug: stored?.slug ?? '' } as Product) : null,
    };
    problems.push(...rowProblems);
    parents.push(entry);
    claims.addParent(entry, own.id, fields.sku);
  }

  const variationsFor = new Map<Product, Variation[]>();
  let variationCount = 0;
  for (const numbered of variationRows) {
    const { problems: rowProblems, report } = rowReport(numbered.row);
    const parent = findParent(numbered.cells.Parent ?? '', claims, merge ? base.products : [], report);
    const own = readRowIdentity(numbered.cells, report);
    const fields = readVariationRow(numbered.cells, attributes, report, decimalComma);
    const stored = identity.variationOf(
      parent?.stored,
      { id: own.id, sku: fields.sku, attributes: fields.attributes },
      numbered.row,
      report,
    );
    claims.claimId(own.id, numbered.row, report);
    claims.claimSku(fields.sku, stored?.id ?? own.id, numbered.row, report, 'variation');
    const imported: ImportedVariation =
      stored && merge ? mergeVariationColumns(stored, fields, columns) : { ...fields, id: 0 };
    const prices = checkedPrices(imported, report);
    problems.push(...rowProblems);
    if (rowProblems.length > 0 || !prices || !parent) continue;
    const list = variationsFor.get(parent.product) ?? [];
    list.push({ ...imported, ...prices, id: identity.idFor(own.id, stored) });
    variationsFor.set(parent.product, list);
    variationCount++;
  }

  problems.push(...refuseEmptyVariableProducts(parents, variationsFor));
  const products = assembleProducts(parents, variationsFor, base, merge);
  finishIds(products, identity.highest);
  finishSlugs(parents, products, merge);
  // The catalog's own untouched products are shared with the store and were finished when stored: leave them be.
  const untouched = new Set(merge ? base.products : []);
  for (const product of products)
    if (product.type === 'variable' && !untouched.has(product)) finishVariableProduct(product);
  const keepCategories = merge ? new Set(base.categories.map((category) => category.id)) : undefined;
  return {
    catalog: { categories: categories.used(products, keepCategories), attributes: attributes.attributes, products },
    problems: problems.sort((a, b) => a.row - b.row),
    products: parents.filter((entry) => entry.product).length,
    variations: variationCount,
  };
}

/**
 * A variable product is sold only through its variations: one without any (in the file, or kept from the store in a
 * merge) would be published with no price and nothing to buy, so its row is refused.
 */
function refuseEmptyVariableProducts(
  parents: ParentEntry[],
  variationsFor: ReadonlyMap<Product, Variation[]>,
): RowProblem[] {
  const problems: RowProblem[] = [];
  for (const entry of parents) {
    const product = entry.product;
    if (product?.type !== 'variable') continue;
    if ((product.variations?.length ?? 0) > 0 || (variationsFor.get(product)?.length ?? 0) > 0) continue;
    problems.push({
      row: entry.row,
      column: 'Type',
      reason:
        'a variable product needs at least one variation: add rows of Type "variation" whose Parent names it, or make it simple',
    });
    entry.product = null;
  }
  return problems;
}
