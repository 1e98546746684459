import type { CatalogData, CatalogEdit, Product } from './catalog-types.js';

/** Called with the number of products written so far while a catalog is being replaced. */
export type CatalogProgress = (productsWritten: number) => void;

/**
 * What turned the catalog at an earlier revision into the current one: the edits, oldest first, and each product
 * they touch as it was at that revision (a product that did not exist then is absent).
 */
export interface CatalogChanges {
  edits: CatalogEdit[];
  before: Map<number, Product>;
  /** The revision the edits lead to: the catalog's when they were read. */
  revision: string;
}

/** What a catalog change function decides: the edit to store (null: store nothing) and what to hand back. */
export interface CatalogChangeOutcome<T> {
  edit: CatalogEdit | null;
  result: T;
}

export interface CatalogStore {
  /**
   * The catalog as this process last loaded it. Its `products` array is never mutated: every replace or edit gives a
   * new array, so that anything built from one array (lookups, the facet index) can tell it is stale.
   * @throws CatalogNotLoadedError when the store was opened with `lazyCatalog` and {@link load} has not completed
   */
  readonly data: CatalogData;
  /**
   * Whether `data` holds the products. A store opened with `lazyCatalog` (the server) starts without them, so that
   * a large shop answers from its facet index snapshot in seconds; the first use that needs them awaits `load()`.
   */
  readonly loaded: boolean;
  /**
   * The catalog's categories and attributes, loaded or not: a listing page names its category without the products.
   */
  readonly taxonomy: Pick<CatalogData, 'categories' | 'attributes'>;
  /** Loads the products into `data` when they are not; resolves at once when they are. */
  load(): Promise<void>;
  /**
   * Identifies the catalog's contents: it changes with every replace and every edit, here and in other processes
   * and instances (once this one has noticed them), and is the same in every process for the same contents.
   * Derived data (the facet index snapshot) is keyed by it.
   */
  readonly revision: string;
  /**
   * The products with these ids, in the order asked (ids with no product left out), whether or not `data` holds
   * the products: read from the store's files or database when it does not.
   */
  productsByIds(ids: readonly number[]): Promise<Product[]>;
  /**
   * The product at this slug (a product page's address), whether or not `data` holds the products; of two sharing
   * one, the later in the catalog's order, as a loaded catalog's lookup holds it.
   */
  productBySlug(slug: string): Promise<Product | undefined>;
  /**
   * Replaces the whole catalog with `meta` and the products of any iterable (streamed, never all in one string).
   * Other processes and instances are told to reload it.
   */
  replace(
    meta: Omit<CatalogData, 'products'>,
    products: Iterable<Product>,
    onProgress?: CatalogProgress,
  ): Promise<void>;
  /**
   * Runs `change` on the freshest catalog, with catalog changes of every process and instance held off, and stores
   * the edit it returns durably before resolving (a check such as "enough in stock" and the write are one operation).
   * Throwing stores nothing. Other processes and instances apply the same edit, without reloading the catalog.
   */
  change<T>(change: (catalog: CatalogData) => CatalogChangeOutcome<T>): Promise<T>;
  /**
   * The edits, oldest first, that turned the catalog whose products array is `products` into the current one, so that
   * an index built from that array can be brought up to date instead of rebuilt; [] when it is current, null when the
   * catalog was replaced since or the edits are no longer remembered (rebuild).
   */
  editsSince(products: readonly Product[]): readonly CatalogEdit[] | null;
  /**
   * The edits since the catalog was at `revision` (one this store reported), with the products they touch as they were
   * then, so that derived data of that revision (the facet index snapshot) is brought up to date at start instead of
   * made again; read from the change journal or table, without loading the products. Null when they are not known:
   * the catalog was replaced or its journal folded since, the edits were pruned, or `revision` is not one of this
   * catalog's.
   */
  changesSince(revision: string): Promise<CatalogChanges | null>;
  /**
   * Whether {@link changesSince} of `revision` may still answer, without I/O: false once the way from it is surely
   * lost (the journal folded, the kept changes pruned past it), so that derived data kept under an older revision is
   * written again before that. A replace since is not always seen here; `changesSince` then answers null.
   */
  canCatchUpFrom(revision: string): boolean;
}

/** Thrown by `catalog.data` before a lazily opened catalog has been loaded. */
export class CatalogNotLoadedError extends Error {
  constructor() {
    super('The catalog is not loaded yet: await store.catalog.load() first.');
  }
}
