/**
 * The facet index of a large catalog, built off the serving thread and taken in once read back: by a worker thread of
 * its own (index-in-worker.ts), or by the import worker that checked a replaced catalog (index-in-import-worker.ts).
 * Until the new index is taken in, the previous one answers, so that no request waits seconds for a build.
 * The facet service owns one and tells it when; this module knows how, and hands the index back
 * through {@link IndexBuiltApartHost} to be put in use. A catalog of {@link INLINE_REBUILD_PRODUCTS} products or
 * fewer is indexed on the serving thread instead, in milliseconds.
 */
import { moduleBeside } from '../../paths.js';
import { backgroundPause } from '../../http/background-pause.js';
import { parseFilterState } from '../../../client/facet-filter/query-state.js';
import type { PreparedWork, ReplacedCatalogWork, StoredReplace } from '../../catalog/import/worker-side-work.js';
import type { Product } from '../../catalog/model.js';
import { wordFormsFor } from '../../catalog/word-forms/word-forms.js';
import type { CatalogStore } from '../../store/store.js';
import type { FacetConfig } from '../config.js';
import type { FacetEngine } from '../engine/engine.js';
import { rekeyedSnapshot, restoreEngineInSteps, snapshotKey } from '../engine/engine-snapshot.js';
import type { ImportIndexInput } from './index-in-import-worker.js';
import { buildIndexInWorker, type BuiltApart } from './index-in-worker.js';
import { WORKER_REVISION } from './index-worker-messages.js';

/** Past this many products, a replaced catalog is reindexed in a worker rather than inside the request that notices. */
const INLINE_REBUILD_PRODUCTS = 20_000;

/** The module the import worker runs on a replaced catalog (see IndexBuiltApart.importWorkerWork). */
const IMPORT_WORKER_SIDE = moduleBeside('./index-in-import-worker', import.meta.url);

/** What an index built apart needs of the service that owns it. */
export interface IndexBuiltApartHost {
  readonly catalog: Pick<CatalogStore, 'data' | 'revision' | 'productsByIds'>;
  /** The configuration in use now (another instance may save a new one while an index is built). */
  config(): FacetConfig;
  /** The shop's locale now: the language whose word forms the index's text search matches by. */
  locale(): string;
  log(message: string): void;
  /**
   * Puts an index in use as built from `products` (the catalog's array at `revision`) with `config`, and stores the
   * snapshot `snapshot` makes.
   */
  use(
    engine: FacetEngine,
    products: readonly Product[],
    config: FacetConfig,
    revision: string,
    snapshot: () => Promise<Buffer>,
  ): void;
  /** Rebuilds beside the requests on the serving thread: the fallback when the worker thread fails. */
  rebuildBesideRequests(): void;
}

export class IndexBuiltApart {
  /** The index being built in a worker thread or read back from one, if any. */
  #building: Promise<void> | null = null;
  readonly #minProducts: number;

  /**
   * @param minProducts past this many products a replaced catalog is indexed apart (tests lower it to see this path
   *   on a small catalog)
   */
  constructor(
    private readonly host: IndexBuiltApartHost,
    minProducts: number = INLINE_REBUILD_PRODUCTS,
  ) {
    this.#minProducts = minProducts;
  }

  /** Whether a catalog of this many products is indexed apart rather than on the serving thread. */
  indexesApart(productCount: number): boolean {
    return productCount > this.#minProducts;
  }

  /** Whether an index is being built apart or read back: the previous index answers meanwhile. */
  get building(): boolean {
    return this.#building !== null;
  }

  /** Resolves once no index is being built apart. */
  async settled(): Promise<void> {
    while (this.#building) await this.#building;
  }

  /** Builds the index of the catalog as it is now in a worker thread, and takes it in once read back. */
  buildInWorker(): void {
    const catalog = this.host.catalog.data;
    const revision = this.host.catalog.revision;
    const config = this.host.config();
    this.#whileBuilding(
      buildIndexInWorker(catalog, config, this.host.locale())
        .then(async (built) => {
          await this.#warmUp(built.engine);
          this.#useBuiltApart(built, catalog.products, config, revision);
        })
        .catch((error: Error) => {
          this.host.log(`Facet index: ${error.message}; rebuilding it beside the requests instead.`);
          this.host.rebuildBesideRequests();
        }),
    );
  }

  /**
   * The seam the import jobs take (catalog/import/worker-side-work.ts): the import worker that checked a large
   * replaced catalog builds its index too, and it is read back in steps once the catalog is stored, the previous
   * index answering until then. The serving thread then never copies the new catalog to an index worker.
   */
  importWorkerWork(): ReplacedCatalogWork {
    return {
      module: IMPORT_WORKER_SIDE,
      input: (): ImportIndexInput => ({
        config: this.host.config(),
        locale: this.host.locale(),
        minProducts: this.#minProducts,
      }),
      publishing: (prepared, stored) => this.#adoptBuiltApart(prepared, stored),
    };
  }

  /** Takes in the index the import worker built, once its catalog is stored; on failure the next request rebuilds. */
  #adoptBuiltApart(prepared: PreparedWork, stored: Promise<StoredReplace | null>): void {
    const previous = this.#building;
    this.#whileBuilding(
      Promise.all([previous, stored])
        .then(async ([, replace]) => {
          if (!replace) return;
          if ('error' in prepared) throw new Error(`the import worker could not build it (${prepared.error})`);
          const started = performance.now();
          const config = this.host.config();
          const snapshot = Buffer.from(prepared.bytes);
          // Built for the locale of when the import started: another one since makes the snapshot stale, rebuilt below.
          const wordForms = wordFormsFor(this.host.locale());
          const restored = await restoreEngineInSteps(
            snapshot,
            snapshotKey(WORKER_REVISION, config, wordForms),
            wordForms,
          );
          if ('reason' in restored)
            throw new Error(`the index the import worker built could not be read back: ${restored.reason}`);
          await this.#warmUp(restored.engine);
          if (!this.#useBuiltApart({ engine: restored.engine, snapshot }, replace.products, config, replace.revision))
            return;
          this.host.log(
            `Facet index: built by the import worker (${restored.engine.stats.indexed} products), read back in ${Math.round(performance.now() - started)} ms.`,
          );
        })
        .catch((error: Error) =>
          this.host.log(`Facet index: ${error.message}; building it in a worker of its own instead.`),
        ),
    );
  }

  /**
   * Answers the shop's first page once with an index built apart, before it is used: its first count of the whole
   * catalog and the store's lookup of the new products by id are made in steps of their own, not inside a request.
   */
  async #warmUp(engine: FacetEngine): Promise<void> {
    await backgroundPause();
    const first = engine.query(parseFilterState({}, engine.schema), { perPage: this.host.config().per_page });
    await backgroundPause();
    await this.host.catalog.productsByIds(first.productIds);
  }

  /** Marks an index as being built until `building` settles (it must not reject). */
  #whileBuilding(building: Promise<void>): void {
    const current: Promise<void> = building.finally(() => {
      if (this.#building === current) this.#building = null;
    });
    this.#building = current;
  }

  /**
   * Uses an index built apart, unless a configuration was saved meanwhile (its own rebuild is coming): whether used.
   */
  #useBuiltApart(
    { engine, snapshot }: BuiltApart,
    products: readonly Product[],
    config: FacetConfig,
    revision: string,
  ): boolean {
    if (JSON.stringify(config) !== JSON.stringify(this.host.config())) return false;
    // Stored as it came, under the catalog's revision: encoding the index again would hold this thread for 0.4 s.
    this.host.use(engine, products, config, revision, () => rekeyedSnapshot(snapshot, revision));
    return true;
  }
}
