/**
 * Work a higher layer has the import worker do on a replaced catalog, beside checking it: the
 * facet index of a large catalog is built there, from the products the worker already holds, so that the serving
 * thread never copies 100,000 products to another worker and back. The catalog layer knows only this seam:
 * `server/app.ts` passes in the facet service's (server/facets/indexing/index-in-import-worker.ts), as it passes the
 * image fetching.
 */
import type { CatalogData, Product } from '../model.js';

/** What the work made in the worker: bytes handed over without a copy, or why it could not. */
export type PreparedWork = { bytes: ArrayBuffer } | { error: string };

/** The catalog as the import stored it: what the work's result answers for. */
export interface StoredReplace {
  products: readonly Product[];
  revision: string;
}

export interface ReplacedCatalogWork {
  /**
   * A module that the import worker loads, exporting `prepareReplacedCatalog(catalog, input)`:
   * {@link PrepareReplacedCatalog}. Checked catalogs only (every row valid), replace imports only.
   */
  module: URL;
  /** The module's input, made on the serving thread when the check starts (it must survive structured cloning). */
  input(): unknown;
  /**
   * Called on the serving thread just before the replaced catalog is stored, with what the worker made; `stored`
   * resolves with the catalog as stored once it and its price changes are (the new products' Omnibus lines need
   * them), or null when it is not stored.
   */
  publishing(prepared: PreparedWork, stored: Promise<StoredReplace | null>): void;
}

/** The export a {@link ReplacedCatalogWork} module provides; null when it has nothing to do for this catalog. */
export type PrepareReplacedCatalog = (catalog: CatalogData, input: unknown) => ArrayBuffer | null;

/** Runs the work's module on a checked catalog, in the import worker; a failure is reported, never thrown. */
export async function prepareInWorker(
  work: { module: string; input: unknown },
  catalog: CatalogData,
): Promise<PreparedWork | null> {
  try {
    const { prepareReplacedCatalog } = (await import(work.module)) as {
      prepareReplacedCatalog: PrepareReplacedCatalog;
    };
    const bytes = prepareReplacedCatalog(catalog, work.input);
    return bytes ? { bytes } : null;
  } catch (error) {
    return { error: (error as Error).message };
  }
}
