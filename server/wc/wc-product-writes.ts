/**
 * The `wc/v3` writes as services over the store: each request is one catalog change (changeProducts), so the checks
 * and the write happen on the freshest catalog under the catalog's lock, and every changed price enters the price
 * history. A batch is one change too, applied item by item as WooCommerce applies it: a failing item is answered
 * with its error and leaves the others be. Knows no HTTP beyond the RestErrors it answers with.
 */
import { STANDARD_TAX_CLASS, type TaxClass } from '../../client/api/taxes.js';
import { CatalogDraft } from '../catalog/catalog-draft.js';
import { changeProducts } from '../catalog/catalog-writes.js';
import type { Product } from '../catalog/model.js';
import { invalidParams, RestError } from '../rest/errors.js';
import type { Store } from '../store/store.js';
import { productExists, invalidProductId, tooManyItems } from './wc-errors.js';
import { createProduct, deleteProduct, updateProduct } from './wc-product-changes.js';
import { parseProductInput, parseVariationInput, type ProductInput, type VariationInput } from './wc-product-input.js';
import { RejectedBatchItem } from './wc-product-images.js';

/** WooCommerce's default `woocommerce_rest_batch_items_limit`. */
export const BATCH_LIMIT = 100;

/**
 * Runs `work` on a draft of the freshest catalog and stores what it changed; a throw stores nothing.
 * @example const product = await inCatalogDraft(store, (draft) => updateProduct(draft, 10, { name: 'Mug' }));
 */
export async function inCatalogDraft<T>(store: Store, work: (draft: CatalogDraft) => T): Promise<T> {
  const { result } = await changeProducts(store, (catalog) => {
    const draft = new CatalogDraft(catalog);
    const result = work(draft);
    return { edit: draft.edit(), result };
  });
  return result;
}

/** A body read as a product's input, or the 400 naming each bad field. */
export function productInputOf(body: unknown, timeZone: string, taxClasses: readonly TaxClass[]): ProductInput {
  const { input, problems } = parseProductInput(body ?? {}, timeZone);
  const taxClass = input.tax_class;
  if (taxClass && taxClass !== STANDARD_TAX_CLASS && !taxClasses.some((known) => known.slug === taxClass))
    problems.tax_class = `tax_class is not one of the shop's tax classes: ${taxClasses.map((known) => known.slug).join(', ')}.`;
  if (Object.keys(problems).length) throw invalidParams(problems);
  return input;
}

export function variationInputOf(body: unknown, timeZone: string): VariationInput {
  const { input, problems } = parseVariationInput(body ?? {}, timeZone);
  if (Object.keys(problems).length) throw invalidParams(problems);
  return input;
}

/** A create must not name an id (WooCommerce: "Cannot create existing product"); `id: 0` names none. */
export function assertNoId(body: unknown, kind: 'product' | 'product_variation'): void {
  if (body && typeof body === 'object' && Object.hasOwn(body, 'id') && !isEmptyId((body as { id: unknown }).id))
    throw productExists(kind);
}

const isEmptyId = (id: unknown) =>
  id === undefined || id === null || id === 0 || id === '0' || id === '' || id === false;

export interface BatchRequest {
  create: unknown[];
  update: unknown[];
  delete: unknown[];
}

/** One item's answer: the product, or WooCommerce's `{id, error: {code, message, data}}`. */
export type BatchItemResult = { product: Product } | { id: number; error: RestError };

export interface BatchResult {
  create: BatchItemResult[];
  update: BatchItemResult[];
  delete: BatchItemResult[];
}

/** Reads `{create, update, delete}`: each absent or a list; at most {@link BATCH_LIMIT} items in all. */
export function batchRequestOf(body: unknown): BatchRequest {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw invalidParams({ body: 'The request body must be a JSON object with create, update and delete lists.' });
  const problems: Record<string, string> = {};
  const list = (name: keyof BatchRequest): unknown[] => {
    const value = Object.hasOwn(body, name) ? (body as Record<string, unknown>)[name] : undefined;
    if (value === undefined || value === null) return [];
    if (Array.isArray(value)) return value;
    problems[name] = `${name} must be an array.`;
    return [];
  };
  const request = { create: list('create'), update: list('update'), delete: list('delete') };
  if (Object.keys(problems).length) throw invalidParams(problems);
  if (request.create.length + request.update.length + request.delete.length > BATCH_LIMIT)
    throw tooManyItems(BATCH_LIMIT);
  return request;
}

const positiveId = (value: unknown): number => {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : 0;
};

/** Runs one item, turning its RestError into the item's answer; any other error is a fault and fails the batch. */
function attempt(id: number, run: () => Product): BatchItemResult {
  try {
    return { product: run() };
  } catch (error) {
    if (error instanceof RestError) return { id, error };
    throw error;
  }
}

/**
 * Creates, then updates, then deletes (WooCommerce's order), each item on its own; deletes are forced, as
 * WooCommerce's batch forces them. An id of 0 in `delete` is skipped, as WooCommerce skips it.
 */
export function batchProducts(
  store: Store,
  request: BatchRequest,
  timeZone: string,
  now: string,
): Promise<BatchResult> {
  return inCatalogDraft(store, (draft) => ({
    create: request.create.map((body) =>
      attempt(0, () => {
        if (body instanceof RejectedBatchItem) throw body.error;
        assertNoId(body, 'product');
        return createProduct(draft, productInputOf(body, timeZone, store.site.data.taxes.classes), now);
      }),
    ),
    update: request.update.map((item) => {
      const body = item instanceof RejectedBatchItem ? item.body : item;
      const id = positiveId(
        body && typeof body === 'object' && Object.hasOwn(body, 'id') ? (body as { id: unknown }).id : undefined,
      );
      return attempt(id, () => {
        if (id === 0) throw invalidProductId(400);
        if (item instanceof RejectedBatchItem) throw item.error;
        return updateProduct(draft, id, productInputOf(body, timeZone, store.site.data.taxes.classes));
      });
    }),
    delete: request.delete.flatMap((value) => {
      const id = positiveId(value);
      return id === 0 ? [] : [attempt(id, () => deleteProduct(draft, id))];
    }),
  }));
}
