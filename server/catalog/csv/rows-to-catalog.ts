/**
 * Reads the rows of WooCommerce's product CSV into a catalog, checking every cell: each problem is reported with its
 * row, column and reason. The caller decides what a problem means (replace: nothing is applied; merge: the valid rows
 * are). Parents are read before variations, so a file may list them in any order.
 */
import { slugify, type CatalogData, type Product, type Variation } from '../model.js';
import type { CsvRow } from './catalog-to-rows.js';
import { AttributeResolver, CategoryResolver } from './import-taxonomies.js';
import { readProductRow, readVariationRow, type ParsedProduct, type ParsedVariation } from './read-row.js';
import { finishVariableProduct } from './variable-product.js';

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
}

export interface RowsToCatalogResult {
  catalog: CatalogData;
  problems: RowProblem[];
  /** Products and variations read from valid rows. */
  products: number;
  variations: number;
}

interface ParentEntry {
  row: number;
  parsed: ParsedProduct | null;
  product: Product | null;
}

/**
 * @example rowsToCatalog(rows, store.catalog.data, { mode: 'replace' }).problems // [{ row: 7, column: 'Regular price', reason: '"12,5" is not a price …' }]
 */
export function rowsToCatalog(rows: readonly NumberedRow[], base: CatalogData, options: RowsToCatalogOptions): RowsToCatalogResult {
  const problems: RowProblem[] = [];
  const categories = new CategoryResolver(base.categories);
  const attributes = new AttributeResolver(base.attributes);
  const merge = options.mode === 'merge';
  const baseById = new Map(base.products.map((product) => [product.id, product]));
  const baseVariationIds = new Set(base.products.flatMap((product) => (product.variations ?? []).map((variation) => variation.id)));
  // Who holds each SKU: in a merge, the catalog's products and variations hold theirs unless a row rewrites them.
  const skuHolder = new Map<string, { id: number | null; row: number | null }>();
  if (merge) {
    for (const product of base.products) {
      if (product.sku) skuHolder.set(product.sku, { id: product.id, row: null });
      for (const variation of product.variations ?? []) if (variation.sku) skuHolder.set(variation.sku, { id: variation.id, row: null });
    }
  }
  const claimSku = (sku: string, id: number | null, row: number): string | null => {
    if (sku === '') return null;
    const holder = skuHolder.get(sku);
    if (holder && !(holder.row === null && id !== null && holder.id === id)) {
      return holder.row === null ? `SKU "${sku}" is already used by product ${holder.id}` : `SKU "${sku}" is already used in row ${holder.row}`;
    }
    skuHolder.set(sku, { id, row });
    return null;
  };
  const seenIds = new Map<number, number>();
  const claimId = (id: number | null, row: number): string | null => {
    if (id === null) return null;
    const earlier = seenIds.get(id);
    if (earlier !== undefined) return `ID ${id} is already used in row ${earlier}`;
    seenIds.set(id, row);
    return null;
  };

  const parents: ParentEntry[] = [];
  const parentById = new Map<number, ParentEntry>();
  const parentBySku = new Map<string, ParentEntry>();
  const variationRows: NumberedRow[] = [];
  for (const numbered of rows) {
    const type = (numbered.cells.Type ?? '').split(',').map((part) => part.trim().toLowerCase()).find((part) => ['simple', 'variable', 'variation'].includes(part));
    if (type === 'variation') {
      variationRows.push(numbered);
      continue;
    }
    const rowProblems: RowProblem[] = [];
    const report = (column: string, reason: string) => rowProblems.push({ row: numbered.row, column, reason });
    if (type === undefined && (numbered.cells.Type ?? '').trim() !== '') report('Type', `"${numbered.cells.Type}" products are not supported (simple, variable, variation)`);
    const parsed = readProductRow(numbered.cells, type === 'variable' ? 'variable' : 'simple', categories, attributes, report);
    if (parsed) {
      if (parsed.id !== null && baseVariationIds.has(parsed.id) && merge) report('ID', `${parsed.id} is a variation, not a product`);
      const idConflict = claimId(parsed.id, numbered.row);
      if (idConflict) report('ID', idConflict);
      const skuConflict = claimSku(parsed.sku, parsed.id, numbered.row);
      if (skuConflict) report('SKU', skuConflict);
    }
    const entry: ParentEntry = { row: numbered.row, parsed: rowProblems.length === 0 ? parsed : null, product: null };
    problems.push(...rowProblems);
    parents.push(entry);
    const id = parsed?.id ?? null;
    if (id !== null && !parentById.has(id)) parentById.set(id, entry);
    if (parsed?.sku && !parentBySku.has(parsed.sku)) parentBySku.set(parsed.sku, entry);
  }

  // Products of valid rows, keeping what the CSV does not carry (ratings, sales, dates) from the catalog's copy.
  const now = options.now ?? new Date().toISOString();
  for (const entry of parents) {
    if (!entry.parsed) continue;
    const existing = entry.parsed.id === null ? undefined : baseById.get(entry.parsed.id);
    entry.product = buildProduct(entry.parsed, existing, now, merge);
  }

  const variationsFor = new Map<Product, Variation[]>();
  let variationCount = 0;
  for (const numbered of variationRows) {
    const rowProblems: RowProblem[] = [];
    const report = (column: string, reason: string) => rowProblems.push({ row: numbered.row, column, reason });
    const parent = findParent(numbered.cells.Parent ?? '', parentById, parentBySku, merge ? base.products : [], report);
    const parsed: ParsedVariation | null = readVariationRow(numbered.cells, attributes, report);
    if (parsed) {
      if (merge && parsed.id !== null && baseById.has(parsed.id)) report('ID', `${parsed.id} is a product, not a variation`);
      const idConflict = claimId(parsed.id, numbered.row);
      if (idConflict) report('ID', idConflict);
      const skuConflict = claimSku(parsed.sku, parsed.id, numbered.row);
      if (skuConflict) report('SKU', skuConflict);
    }
    problems.push(...rowProblems);
    if (rowProblems.length > 0 || !parsed || !parent) continue;
    const list = variationsFor.get(parent) ?? [];
    list.push({ ...parsed.variation, id: parsed.id ?? 0 });
    variationsFor.set(parent, list);
    variationCount++;
  }

  const products = assemble(parents, variationsFor, base, merge);
  assignIds(products, base);
  finishSlugs(products);
  // The catalog's own untouched products are shared with the store and were finished when stored: leave them be.
  const untouched = new Set(merge ? base.products : []);
  for (const product of products) if (product.type === 'variable' && !untouched.has(product)) finishVariableProduct(product);
  const keepCategories = merge ? new Set(base.categories.map((category) => category.id)) : undefined;
  return {
    catalog: { categories: categories.used(products, keepCategories), attributes: attributes.attributes, products },
    problems: problems.sort((a, b) => a.row - b.row),
    products: parents.filter((entry) => entry.product).length,
    variations: variationCount,
  };
}

function buildProduct(parsed: ParsedProduct, existing: Product | undefined, now: string, merge: boolean): Product {
  return {
    ...parsed.product,
    id: parsed.id ?? 0,
    slug: existing?.slug ?? '',
    rating: existing?.rating ?? 0,
    rating_count: existing?.rating_count ?? 0,
    total_sales: existing?.total_sales ?? 0,
    created_at: existing?.created_at ?? now,
    // In a merge, variations the file does not mention stay; the file's own are merged in by id below.
    variations: parsed.product.type === 'variable' ? (merge ? [...(existing?.variations ?? [])] : []) : undefined,
  };
}

/** The parent a variation row names: `id:123` or a SKU, among the file's products and (merging) the catalog's. */
function findParent(
  cell: string,
  byId: Map<number, ParentEntry>,
  bySku: Map<string, ParentEntry>,
  baseProducts: readonly Product[],
  report: (column: string, reason: string) => void,
): Product | null {
  const text = cell.trim();
  if (text === '') return report('Parent', 'a variation needs its parent (id:123 or the parent\'s SKU)'), null;
  const idMatch = /^id:(\d+)$/.exec(text);
  const entry = idMatch ? byId.get(Number(idMatch[1])) : bySku.get(text);
  let parent: Product | null = null;
  if (entry) {
    if (!entry.product) return report('Parent', `the parent in row ${entry.row} was rejected`), null;
    parent = entry.product;
  } else {
    parent = baseProducts.find((product) => (idMatch ? product.id === Number(idMatch[1]) : product.sku === text)) ?? null;
  }
  if (!parent) return report('Parent', `no product has ${idMatch ? `id ${idMatch[1]}` : `the SKU "${text}"`}`), null;
  if (parent.type !== 'variable') return report('Parent', `product ${parent.id || parent.sku} is a simple product; only a variable product has variations`), null;
  return parent;
}

/** The catalog's product list: replace takes the file's; merge updates the catalog's in place and appends new ones. */
function assemble(parents: readonly ParentEntry[], variationsFor: Map<Product, Variation[]>, base: CatalogData, merge: boolean): Product[] {
  const fromFile = parents.flatMap((entry) => (entry.product ? [entry.product] : []));
  let products = fromFile;
  if (merge) {
    const replacing = new Map(fromFile.filter((product) => product.id !== 0).map((product) => [product.id, product]));
    const kept = base.products.map((product) => replacing.get(product.id) ?? product);
    const keptIds = new Set(kept.map((product) => product.id));
    products = [...kept, ...fromFile.filter((product) => product.id === 0 || !keptIds.has(product.id))];
  }
  const inFile = new Set(fromFile);
  for (const [parent, variations] of variationsFor) {
    let owner = parent;
    if (!inFile.has(parent)) {
      // A catalog product that only gains variations is copied, never changed in place.
      owner = { ...parent, variations: [...(parent.variations ?? [])] };
      products[products.indexOf(parent)] = owner;
    }
    const list = owner.variations!;
    for (const variation of variations) {
      const at = variation.id === 0 ? -1 : list.findIndex((existing) => existing.id === variation.id);
      if (at >= 0) list[at] = variation;
      else list.push(variation);
    }
  }
  return products;
}

/** New products and variations (id 0) get ids after the highest in use, as WooCommerce's share one sequence. */
function assignIds(products: Product[], base: CatalogData): void {
  let highest = 0;
  for (const product of [...base.products, ...products]) {
    highest = Math.max(highest, product.id);
    for (const variation of product.variations ?? []) highest = Math.max(highest, variation.id);
  }
  for (const product of products) {
    if (product.id === 0) product.id = ++highest;
    for (const variation of product.variations ?? []) if (variation.id === 0) variation.id = ++highest;
  }
}

/** Slugs of new products from their names, unique in the catalog. */
function finishSlugs(products: Product[]): void {
  const taken = new Set(products.map((product) => product.slug).filter((slug) => slug !== ''));
  for (const product of products) {
    if (product.slug !== '') continue;
    let slug = slugify(product.title) || `product-${product.id}`;
    if (taken.has(slug)) slug = `${slug}-${product.id}`;
    taken.add(slug);
    product.slug = slug;
  }
}
