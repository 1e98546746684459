/**
 * Where a `wc/v3` write meets the catalog: an input (wc-product-input.ts) applied to a product or variation in a
 * {@link CatalogDraft}, with the rules that need the catalog (categories exist, SKUs are unique, a sale price is below
 * the regular price it ends up with). Each function checks everything first and puts the result into the draft only
 * when all is well, so a failing write (or one failing item of a batch) leaves the draft as it was.
 */
import { storedTaxClass, storedTaxStatus } from '../../client/api/taxes.js';
import type { CatalogDraft } from '../catalog/catalog-draft.js';
import { AttributeResolver } from '../catalog/csv/import-taxonomies.js';
import { finishVariableProduct } from '../catalog/csv/variable-product.js';
import type { Dimensions, PricedItem, Product, Variation } from '../catalog/model.js';
import { storedAlts } from '../catalog/image-alts.js';
import { uniqueSlug } from '../catalog/product-slugs.js';
import { unitPricePairProblem } from '../catalog/sales-meta.js';
import { invalidParams } from '../rest/errors.js';
import { invalidParent, invalidProductId, invalidSku, invalidVariationId } from './wc-errors.js';
import type { ProductInput, VariationInput } from './wc-product-input.js';
import { applyStockInput } from './wc-stock-input.js';
import type { StockedItem } from '../catalog/stock-keeping.js';

type Problems = Record<string, string>;

/** A product as a new one starts, before its input is applied. */
function blankProduct(id: number, now: string): Product {
  return {
    id,
    type: 'simple',
    status: 'publish',
    slug: '',
    title: '',
    description: '',
    short_description: '',
    sku: '',
    category_ids: [],
    brand: '',
    attributes: {},
    tags: [],
    regular_price: 0,
    sale_price: null,
    date_on_sale_from: null,
    date_on_sale_to: null,
    rating: 0,
    rating_count: 0,
    // A new product is not tracked until its owner gives a quantity, as in WooCommerce: it sells while in stock.
    manage_stock: false,
    in_stock: true,
    stock_quantity: 0,
    total_sales: 0,
    created_at: now,
    image: '',
    gallery: [],
  };
}

/** Prices and stock, shared by simple products and variations; the sale rule is checked on the merged result. */
function applyPricesAndStock(
  item: PricedItem & StockedItem,
  input: ProductInput | VariationInput,
  problems: Problems,
): void {
  if (input.regular_price !== undefined) {
    if (input.regular_price === null)
      problems.regular_price = 'regular_price must not be empty: an item for sale here needs a price.';
    else item.regular_price = input.regular_price;
  }
  if (input.sale_price !== undefined) item.sale_price = input.sale_price;
  if (input.date_on_sale_from !== undefined) item.date_on_sale_from = input.date_on_sale_from;
  if (input.date_on_sale_to !== undefined) item.date_on_sale_to = input.date_on_sale_to;
  if (item.sale_price !== null && item.sale_price >= item.regular_price && !problems.regular_price) {
    problems.sale_price = `sale_price (${item.sale_price.toFixed(2)}) must be lower than regular_price (${item.regular_price.toFixed(2)}).`;
  }
  if (item.date_on_sale_from && item.date_on_sale_to && item.date_on_sale_from > item.date_on_sale_to) {
    problems.date_on_sale_to = 'date_on_sale_to must not be before date_on_sale_from.';
  }
  applyStockInput(item, input, problems);
}

/** Refuses a SKU that another product or variation holds, answering like WooCommerce with the holder's id. */
function assertSkuFree(draft: CatalogDraft, sku: string, itemId: number): void {
  if (sku === '') return;
  const holder = draft.skuHolder(sku);
  if (!holder || holder.itemId === itemId) return;
  let suffix = 1;
  while (draft.skuHolder(`${sku}-${suffix}`)) suffix++;
  throw invalidSku(holder.itemId, `${sku}-${suffix}`);
}

/** WooCommerce updates meta by key: the keys sent change, the others stay; a null value removes its key. */
function applyMetaData(current: Product['meta'], entries: NonNullable<ProductInput['meta_data']>): Product['meta'] {
  // Through a Map and fromEntries, which define own properties: a key such as `__proto__` stays a plain key.
  const meta = new Map(Object.entries(current ?? {}));
  for (const { key, value } of entries) {
    if (value === null) meta.delete(key);
    else meta.set(key, value);
  }
  return Object.fromEntries(meta);
}

/** Weight and dimensions: a value sent sets, a null clears, an absent one stays; an empty dimensions object goes. */
function applyShipping(next: Product, input: ProductInput): void {
  if (input.weight === null) delete next.weight;
  else if (input.weight !== undefined) next.weight = input.weight;
  if (input.dimensions === undefined) return;
  const dimensions = { ...next.dimensions };
  for (const [side, value] of Object.entries(input.dimensions) as [keyof Dimensions, number | null][]) {
    if (value === null) delete dimensions[side];
    else dimensions[side] = value;
  }
  if (Object.keys(dimensions).length) next.dimensions = dimensions;
  else delete next.dimensions;
}

function applyProductInput(draft: CatalogDraft, current: Product, input: ProductInput, creating: boolean): Product {
  const problems: Problems = {};
  const next: Product = {
    ...current,
    attributes: { ...current.attributes },
    variations: current.variations && [...current.variations],
  };
  if (input.name !== undefined) next.title = input.name;
  if (input.status !== undefined) next.status = input.status;
  if (input.description !== undefined) next.description = input.description;
  if (input.short_description !== undefined) next.short_description = input.short_description;
  if (input.tax_status !== undefined) {
    next.tax_status = storedTaxStatus(input.tax_status);
    if (next.tax_status === undefined) delete next.tax_status;
  }
  if (input.tax_class !== undefined) {
    next.tax_class = storedTaxClass(input.tax_class);
    if (next.tax_class === undefined) delete next.tax_class;
  }
  if (input.sku !== undefined) next.sku = input.sku.trim();
  if (input.type !== undefined) next.type = input.type;
  // A product turned simple leaves its variations behind; one turned variable starts with none.
  next.variations = next.type === 'variable' ? (next.variations ?? []) : undefined;
  if (next.type !== 'variable') applyPricesAndStock(next, input, problems);
  if (input.category_ids !== undefined) {
    const unknown = input.category_ids.filter((id) => !draft.categories.some((category) => category.id === id));
    if (unknown.length) problems.categories = `categories: no category has the id ${unknown.join(', ')}.`;
    next.category_ids = [...new Set(input.category_ids)];
  }
  if (input.tags !== undefined) next.tags = [...new Set(input.tags)];
  if (input.meta_data !== undefined) {
    next.meta = applyMetaData(current.meta, input.meta_data);
    const unpaired = unitPricePairProblem(next.meta);
    if (unpaired) problems[`meta_data.${unpaired.key}`] = unpaired.reason;
  }
  if (input.images !== undefined) {
    next.image = input.images[0] ?? '';
    next.gallery = input.images.slice(1);
    const alts = storedAlts(input.image_alts ?? []);
    if (alts) next.image_alts = alts;
    else delete next.image_alts;
  }
  if (input.brand !== undefined) next.brand = input.brand;
  applyShipping(next, input);
  const attributes = new AttributeResolver(draft.attributes);
  if (input.attributes !== undefined) {
    next.attributes = {};
    for (const attribute of input.attributes) next.attributes[attributes.nameOf(attribute.name)] = attribute.options;
  }
  if (Object.keys(problems).length) throw invalidParams(problems);
  // An empty slug, or none on a new product, is made from the name, as WordPress makes one; either is made unique.
  if (creating || input.slug !== undefined)
    next.slug = uniqueSlug(input.slug ?? '', next.title, next.id, (slug) => draft.slugTaken(slug, next.id));
  assertSkuFree(draft, next.sku, next.id);
  if (next.type === 'variable') finishVariableProduct(next);
  if (attributes.attributes.length !== draft.attributes.length) draft.setAttributes(attributes.attributes);
  draft.put(next);
  return next;
}

/** @throws RestError (400 rest_invalid_param, product_invalid_sku); the draft is unchanged then */
export function createProduct(draft: CatalogDraft, input: ProductInput, now: string): Product {
  return applyProductInput(draft, blankProduct(draft.newId(), now), input, true);
}

/** @throws RestError: 400 woocommerce_rest_product_invalid_id for an unknown id (as WooCommerce answers updates) */
export function updateProduct(draft: CatalogDraft, id: number, input: ProductInput): Product {
  const current = draft.product(id);
  if (!current) throw invalidProductId(400);
  return applyProductInput(draft, current, input, false);
}

/** @returns the product as it was, which WooCommerce answers a delete with */
export function deleteProduct(draft: CatalogDraft, id: number): Product {
  const current = draft.product(id);
  if (!current) throw invalidProductId(404);
  draft.remove(id);
  return current;
}

/** The variable product that owns variations; WooCommerce's 404 for a missing parent, 400 for a simple one. */
function variableParent(draft: CatalogDraft, productId: number): Product {
  const parent = draft.product(productId);
  if (!parent) throw invalidParent();
  if (parent.type !== 'variable')
    throw invalidParent(`Product ${productId} is a simple product; only a variable product has variations.`, 400);
  return parent;
}

/** Stores the parent with `variations`, its own price, stock and terms derived from them again. */
function putParent(draft: CatalogDraft, parent: Product, variations: Variation[]): Product {
  const next: Product = { ...parent, variations };
  finishVariableProduct(next);
  draft.put(next);
  return next;
}

function applyVariationInput(
  draft: CatalogDraft,
  parent: Product,
  current: Variation,
  input: VariationInput,
): Variation {
  const problems: Problems = {};
  const next: Variation = { ...current, attributes: { ...current.attributes } };
  if (input.sku !== undefined) next.sku = input.sku.trim();
  applyPricesAndStock(next, input, problems);
  if (input.image === null) {
    delete next.image;
    delete next.image_alt;
  } else if (input.image !== undefined) {
    next.image = input.image.src;
    if (input.image.alt) next.image_alt = input.image.alt;
    else delete next.image_alt;
  }
  if (Object.keys(problems).length) throw invalidParams(problems);
  const attributes = new AttributeResolver(draft.attributes);
  if (input.attributes !== undefined) {
    next.attributes = {};
    for (const { name, option } of input.attributes) next.attributes[attributes.nameOf(name)] = option;
  }
  assertSkuFree(draft, next.sku, next.id);
  if (attributes.attributes.length !== draft.attributes.length) draft.setAttributes(attributes.attributes);
  const variations = parent.variations ?? [];
  const at = variations.findIndex((variation) => variation.id === next.id);
  putParent(
    draft,
    parent,
    at < 0 ? [...variations, next] : variations.map((variation, index) => (index === at ? next : variation)),
  );
  return next;
}

export function createVariation(
  draft: CatalogDraft,
  productId: number,
  input: VariationInput,
): { parent: Product; variation: Variation } {
  const parent = variableParent(draft, productId);
  const blank: Variation = {
    id: draft.newId(),
    sku: '',
    attributes: {},
    regular_price: 0,
    sale_price: null,
    date_on_sale_from: null,
    date_on_sale_to: null,
    manage_stock: false,
    in_stock: true,
    stock_quantity: 0,
  };
  const variation = applyVariationInput(draft, parent, blank, input);
  return { parent: draft.product(productId)!, variation };
}

function findVariation(
  draft: CatalogDraft,
  productId: number,
  variationId: number,
  status: 400 | 404,
): { parent: Product; variation: Variation } {
  const parent = variableParent(draft, productId);
  const variation = parent.variations?.find((candidate) => candidate.id === variationId);
  if (!variation) throw invalidVariationId(status);
  return { parent, variation };
}

export function updateVariation(
  draft: CatalogDraft,
  productId: number,
  variationId: number,
  input: VariationInput,
): { parent: Product; variation: Variation } {
  const { parent, variation: current } = findVariation(draft, productId, variationId, 400);
  const variation = applyVariationInput(draft, parent, current, input);
  return { parent: draft.product(productId)!, variation };
}

/** @returns the variation as it was, and its parent as it now is */
export function deleteVariation(
  draft: CatalogDraft,
  productId: number,
  variationId: number,
): { parent: Product; variation: Variation } {
  const { parent, variation } = findVariation(draft, productId, variationId, 404);
  const next = putParent(
    draft,
    parent,
    (parent.variations ?? []).filter((candidate) => candidate.id !== variationId),
  );
  return { parent: next, variation };
}
