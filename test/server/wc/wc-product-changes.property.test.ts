/**
 * Random sequences of product writes through the catalog draft (as the wc/v3 routes make them, one draft per request
 * or several writes in one draft as a batch does) against a plain model: a map of id -> SKU and prices with the two
 * rules a write must keep, unique SKUs and a sale price below the regular price. Catches a stale SKU index across
 * changes, a half-applied refused write, and a batch item that does not see the items before it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { CatalogDraft } from '../../../server/catalog/catalog-draft.js';
import type { CatalogData } from '../../../server/catalog/model.js';
import { RestError } from '../../../server/rest/errors.js';
import { applyCatalogEdit } from '../../../server/store/catalog-edits.js';
import { createProduct, deleteProduct, updateProduct } from '../../../server/wc/wc-product-changes.js';
import type { ProductInput } from '../../../server/wc/wc-product-input.js';

interface ModelItem {
  sku: string;
  regular: number;
  sale: number | null;
}

const sku = fc.constantFrom('', 'A', 'B', 'C', 'D');
const price = fc.integer({ min: 1, max: 20 });
const fields = fc.record(
  { sku, regular_price: price, sale_price: fc.option(price, { nil: null }) },
  { requiredKeys: [] },
);
const operation = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), input: fields }),
  fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), input: fields }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);
/** Several operations sharing one draft, as one batch request. */
const request = fc.array(operation, { minLength: 1, maxLength: 4 });

/** What the model says an operation does: the error code it expects, or null when it applies. */
function expectedError(model: Map<number, ModelItem>, id: number | null, input: ProductInput): string | null {
  const current = id === null ? { sku: '', regular: 0, sale: null } : model.get(id);
  if (!current) return 'woocommerce_rest_product_invalid_id';
  const regular = input.regular_price ?? current.regular;
  const sale = input.sale_price !== undefined ? input.sale_price : current.sale;
  if (sale !== null && sale >= regular) return 'rest_invalid_param';
  const wanted = input.sku ?? current.sku;
  if (wanted !== '' && [...model].some(([other, item]) => other !== id && item.sku === wanted))
    return 'product_invalid_sku';
  return null;
}

const codeOf = (run: () => unknown): string | null => {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof RestError) return error.code;
    throw error;
  }
};

describe('wc/v3 product writes against a model', () => {
  it('keep SKUs unique and sales below regular prices, and apply a write fully or not at all', () => {
    fc.assert(
      fc.property(fc.array(request, { minLength: 1, maxLength: 12 }), (requests) => {
        let catalog: CatalogData = { categories: [], attributes: [], products: [] };
        const model = new Map<number, ModelItem>();
        for (const operations of requests) {
          const draft = new CatalogDraft(catalog);
          const pending = new Map(model);
          for (const operation of operations) {
            const ids = [...pending.keys()];
            const id =
              operation.kind === 'create'
                ? null
                : ids.length && operation.pick % 3
                  ? ids[operation.pick % ids.length]!
                  : 9999;
            if (operation.kind === 'delete') {
              const code = codeOf(() => deleteProduct(draft, id!));
              assert.equal(code, pending.has(id!) ? null : 'woocommerce_rest_product_invalid_id');
              pending.delete(id!);
              continue;
            }
            const expected = expectedError(pending, id, operation.input);
            let product;
            const code = codeOf(() => {
              product =
                operation.kind === 'create'
                  ? createProduct(draft, operation.input, '2026-01-01T00:00:00Z')
                  : updateProduct(draft, id!, operation.input);
            });
            assert.equal(code, expected, JSON.stringify({ operation, model: [...pending] }));
            if (code === null) {
              const { id: storedId, sku: storedSku, regular_price, sale_price } = product!;
              pending.set(storedId, { sku: storedSku, regular: regular_price, sale: sale_price });
            }
          }
          const edit = draft.edit();
          if (edit) catalog = applyCatalogEdit(catalog, edit);
          model.clear();
          for (const [key, value] of pending) model.set(key, value);
          const stored = new Map(
            catalog.products.map((product) => [
              product.id,
              { sku: product.sku, regular: product.regular_price, sale: product.sale_price },
            ]),
          );
          assert.deepEqual(stored, model);
        }
      }),
      { numRuns: 300 },
    );
  });
});
