/**
 * Storing a checked import (checked-import.ts): a replace becomes the catalog when every row is valid, with its price
 * changes recorded; a merge is stored as an edit of the products it touches, so that the facet index and other
 * instances apply it without a rebuild.
 *
 * A merge was checked against the catalog as it stood then. If the catalog changed since, the edit still applies when
 * the changes touched none of its products, SKUs or categories; otherwise `recheck` checks the file again on the
 * freshest catalog (in process), or publishing fails with {@link StaleImportError} and the caller checks again.
 */
import type { CatalogData, Product } from '../model.js';
import type { CatalogEdit, Store } from '../../store/store.js';
import { changeProducts } from '../catalog-writes.js';
import { firstKnownPrices } from '../first-known-price.js';
import { recordPriceChanges } from '../price-history-cache.js';
import type { CheckedImport } from './checked-import.js';

/** The catalog changed under a merge in ways its edit cannot ignore: check the file again. */
export class StaleImportError extends Error {}

export interface PublishOptions {
  /** Products written so far while a replaced catalog is stored. */
  onWrite?: (products: number) => void;
  /**
   * Replace: called as soon as the catalog and its price changes are stored, with the products array and revision
   * the catalog is stored as (as it stood when stored, even if an edit followed while the prices were recorded).
   */
  onReplaced?: (products: readonly Product[], revision: string) => void;
  /** Checks the file again against the freshest catalog, inside the store's catalog change (merge only). */
  recheck?: (catalog: CatalogData) => CheckedImport;
}

export interface PublishOutcome {
  /** The import as stored (a merge checked again has its own report). */
  checked: CheckedImport;
  applied: boolean;
  /** Items whose prices changed and were recorded in the price history. */
  recordedPrices: number;
}

const skusOf = (products: readonly Product[]) =>
  new Set(
    products
      .flatMap((product) => [product.sku, ...(product.variations ?? []).map((variation) => variation.sku)])
      .filter(Boolean),
  );

/** Whether the edits made since `base` leave `edit` as it was checked: none touched its products, SKUs or taxonomy. */
function stillApplies(store: Store, base: readonly Product[], edit: CatalogEdit): boolean {
  const since = store.catalog.editsSince(base);
  if (since === null) return false;
  if (since.length === 0) return true;
  const ids = new Set(edit.upsert.map((product) => product.id));
  const skus = skusOf(edit.upsert);
  return since.every(
    (other) =>
      !other.categories &&
      !other.attributes &&
      !other.remove.some((id) => ids.has(id)) &&
      !other.upsert.some((product) => ids.has(product.id)) &&
      ![...skusOf(other.upsert)].some((sku) => skus.has(sku)),
  );
}

/**
 * @param base the products array the import was checked against (the store's own, as it stood)
 * @throws StaleImportError when a merge no longer applies and no `recheck` is given; nothing is stored then
 */
export async function publishImport(
  store: Store,
  checked: CheckedImport,
  base: readonly Product[],
  options: PublishOptions = {},
): Promise<PublishOutcome> {
  if (checked.mode === 'replace') {
    if (!checked.catalog) return { checked, applied: false, recordedPrices: 0 };
    const { products, ...meta } = checked.catalog;
    await store.catalog.replace(meta, products, options.onWrite);
    // Nothing else runs between the store's answer and this line: these are the catalog as stored.
    const stored = { products: store.catalog.data.products, revision: store.catalog.revision };
    await recordPriceChanges(store, [...(await firstKnownPrices(store, checked.firstPrices)), ...checked.changes]);
    options.onReplaced?.(stored.products, stored.revision);
    return { checked, applied: true, recordedPrices: checked.changes.length };
  }
  const { result, recordedPrices } = await changeProducts(
    store,
    (catalog) => {
      if (!checked.edit || stillApplies(store, base, checked.edit)) return { edit: checked.edit, result: checked };
      if (!options.recheck)
        throw new StaleImportError(
          'Products this file updates were changed while it was checked, again and again: import the file once more.',
        );
      const again = options.recheck(catalog);
      return { edit: again.edit, result: again };
    },
    () => checked.now,
  );
  return { checked: result, applied: true, recordedPrices };
}
