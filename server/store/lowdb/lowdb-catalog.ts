/**
 * The catalog in `catalog.json`, held in memory, with the edits made since the file was written in a journal beside
 * it (catalog-journal.ts). Replaces and edits run under the file's lock on the freshest catalog; a catalog replaced or
 * edited by another process is noticed by polling (and by `refresh()`) and loaded, edits edit by edit. A file that
 * cannot be read keeps the catalog in memory as it was, and says why.
 *
 * What this process holds and where it stands in the files is a `CatalogInMemory` (catalog-in-memory.ts); this file
 * puts every use of it in one queue (catalog-queue.ts), takes the lock for writes and watches the files.
 */
import { unwatchFile, watchFile, type Stats } from 'node:fs';
import { backgroundPause } from '../../http/background-pause.js';
import { isEmptyEdit } from '../catalog-edits.js';
import { productBySlug } from '../catalog-lookup.js';
import {
  CatalogNotLoadedError,
  type CatalogChangeOutcome,
  type CatalogChanges,
  type CatalogProgress,
  type CatalogStore,
} from '../catalog-store.js';
import type { CatalogData, CatalogEdit, Product } from '../catalog-types.js';
import { StoreCorruptError } from '../store-error.js';
import { CatalogInMemory, type CatalogReload, type SettleAttached } from './catalog-in-memory.js';
import { CatalogQueue } from './catalog-queue.js';
import { withProcessLock } from './process-lock.js';

export type { CatalogReload, SettleAttached } from './catalog-in-memory.js';

/** Appends one edit, with records that must be stored with it, as one journal line: the commit point of both. */
export type CommitEdit = (edit: CatalogEdit, attached: readonly unknown[]) => Promise<void>;

export interface LowdbCatalog extends CatalogStore {
  /**
   * Runs `work` under the catalog's lock on the freshest catalog, once records left by a writer that died were
   * settled; `commit` stores an edit with its attached records. The journal is folded only after `work` resolved,
   * so that `work` may still write the attached records' own files under their locks.
   */
  exclusive<T>(work: (catalog: CatalogData, commit: CommitEdit) => Promise<T>): Promise<T>;
  /** Settles, under the lock, the attached records of the journal that were read but may not be applied yet. */
  settlePending(): Promise<void>;
  /** Starts polling the files; `onReload` runs after a catalog changed by another process was loaded. */
  watch(onReload: () => void, log: (message: string) => void, intervalMs?: number): void;
  unwatch(): void;
  /**
   * Loads what another process changed since this one last read or wrote (two stats otherwise), for
   * `Store.refresh()`. A file that cannot be read keeps the catalog in memory, as the watcher does.
   */
  reloadIfChanged(log?: (message: string) => void): Promise<CatalogReload>;
}

/**
 * Opens `catalog.json` and its journal. With `lazy`, the products are not loaded (see `CatalogStore.loaded`): the
 * file's lines are indexed instead (catalog-lines.ts) and the journal's edits kept by product, until `load()`.
 */
export async function openLowdbCatalog(
  file: string,
  journalFile: string,
  options: { lazy?: boolean; settle?: SettleAttached } = {},
): Promise<LowdbCatalog> {
  const memory = new CatalogInMemory(file, journalFile, options.settle ?? (async () => {}));
  try {
    await (options.lazy ? memory.indexAll() : memory.loadAll());
  } catch (error) {
    throw error instanceof StoreCorruptError ? error : new StoreCorruptError(file, error);
  }
  return new QueuedLowdbCatalog(file, journalFile, memory);
}

class QueuedLowdbCatalog implements LowdbCatalog {
  readonly #file: string;
  readonly #journalFile: string;
  readonly #memory: CatalogInMemory;
  /** Shared by the watcher, refresh(), loading and writers, so that one change is applied once. */
  readonly #queue = new CatalogQueue();
  /** The load under way, which every caller of `load()` meanwhile awaits: the products are read once. */
  #loading: Promise<void> | null = null;
  /** The watcher of both files, kept to stop it. */
  #listener: ((current: Stats, previous: Stats) => void) | null = null;

  constructor(file: string, journalFile: string, memory: CatalogInMemory) {
    this.#file = file;
    this.#journalFile = journalFile;
    this.#memory = memory;
  }

  get data(): CatalogData {
    if (this.#memory.unloaded) throw new CatalogNotLoadedError();
    return this.#memory.data;
  }

  get loaded(): boolean {
    return this.#memory.unloaded === null;
  }

  get taxonomy(): Pick<CatalogData, 'categories' | 'attributes'> {
    // Lazy, `data` holds them (from the file's head and the journal's edits) with no products.
    return this.#memory.data;
  }

  get revision(): string {
    return this.#memory.revision;
  }

  /** Loads the products of a lazily opened catalog (once, however many ask at the same time). */
  load(): Promise<void> {
    if (!this.#memory.unloaded) return Promise.resolve();
    this.#loading ??= this.#queue
      .run(async () => {
        if (this.#memory.unloaded) await this.#memory.loadAll();
      })
      .finally(() => {
        this.#loading = null;
      });
    return this.#loading;
  }

  async productBySlug(slug: string): Promise<Product | undefined> {
    const unloaded = this.#memory.unloaded;
    return unloaded ? unloaded.bySlug(slug) : productBySlug(this.#memory.data.products, slug);
  }

  async productsByIds(ids: readonly number[]): Promise<Product[]> {
    const unloaded = this.#memory.unloaded;
    return unloaded ? unloaded.byIds(ids) : productsIn(this.#memory.data.products, ids);
  }

  replace(
    meta: Omit<CatalogData, 'products'>,
    products: Iterable<Product>,
    onProgress?: CatalogProgress,
  ): Promise<void> {
    return this.#write(() => this.#memory.replace(meta, products, onProgress));
  }

  async exclusive<T>(work: (catalog: CatalogData, commit: CommitEdit) => Promise<T>): Promise<T> {
    await this.load();
    const memory = this.#memory;
    return this.#write(async () => {
      await memory.catchUp();
      await memory.settle();
      await memory.ensureGeneration();
      const result = await work(memory.data, async (edit, attached) => {
        if (isEmptyEdit(edit)) return;
        memory.check(edit);
        await memory.append(edit, attached);
      });
      await memory.foldIfLarge();
      return result;
    });
  }

  settlePending(): Promise<void> {
    return this.#queue.run(() => withProcessLock(this.#file, () => this.#memory.settle()));
  }

  async change<T>(change: (catalog: CatalogData) => CatalogChangeOutcome<T>): Promise<T> {
    await this.load();
    const memory = this.#memory;
    return this.#write(async () => {
      await memory.catchUp();
      await memory.settle();
      const { edit, result } = change(memory.data);
      if (!edit || isEmptyEdit(edit)) return result;
      memory.check(edit);
      await memory.ensureGeneration();
      await memory.append(edit);
      await memory.foldIfLarge();
      return result;
    });
  }

  editsSince(products: readonly Product[]): readonly CatalogEdit[] | null {
    return this.#memory.editsSince(products);
  }

  changesSince(revision: string): Promise<CatalogChanges | null> {
    // Queued, so that the revision and the journal's lines read agree.
    return this.#queue.run(() => this.#memory.changesSince(revision));
  }

  canCatchUpFrom(revision: string): boolean {
    return this.#memory.canCatchUpFrom(revision);
  }

  watch(onReload: () => void, log: (message: string) => void, intervalMs = 2000): void {
    // The journal grows with every edit elsewhere and the catalog file changes with every rewrite: watch both.
    this.#listener = (current) => {
      if (current.nlink === 0) return;
      this.reloadIfChanged(log)
        .then((reload) => reload !== 'unchanged' && onReload())
        .catch((error: Error) => log(`Reloading the catalog failed: ${error.message}`));
    };
    watchFile(this.#file, { interval: intervalMs, persistent: false }, this.#listener);
    watchFile(this.#journalFile, { interval: intervalMs, persistent: false }, this.#listener);
  }

  reloadIfChanged(log: (message: string) => void = console.warn): Promise<CatalogReload> {
    // The write reads the file's changes itself, under the lock, and the watcher or the next refresh looks again after.
    if (this.#queue.writing) return Promise.resolve('unchanged');
    // Every request asks: when nothing is queued, two synchronous stats tell whether there is anything to read.
    if (this.#queue.idle && this.#memory.unchangedOnDisk()) return Promise.resolve('unchanged');
    return this.#queue.run(() => this.#memory.catchUpOrKeep(log));
  }

  unwatch(): void {
    void this.#memory.unloaded?.close();
    if (this.#listener) {
      unwatchFile(this.#file, this.#listener);
      unwatchFile(this.#journalFile, this.#listener);
    }
    this.#listener = null;
  }

  /** A write of this process: queued, and under the catalog file's lock between processes. */
  #write<T>(work: () => Promise<T>): Promise<T> {
    return this.#queue.write(() => withProcessLock(this.#file, work));
  }
}

/** The products of `ids` among `products`, in the order of `ids`. */
async function productsIn(products: readonly Product[], ids: readonly number[]): Promise<Product[]> {
  let byId = lookups.get(products);
  if (!byId) lookups.set(products, (byId = productsById(products)));
  const lookup = await byId;
  return ids.flatMap((id) => lookup.get(id) ?? []);
}
const lookups = new WeakMap<readonly Product[], Promise<Map<number, Product>>>();
/** Products put in the lookup between two pauses for requests (background-pause.ts). */
const LOOKUP_PRODUCTS_PER_TURN = 10_000;

/**
 * The products by id, made a slice at a time with pauses for requests between: the first page shown of a
 * replaced catalog of 100,000 products held the serving thread for 0.1 to 0.2 s making it in one go.
 */
async function productsById(products: readonly Product[]): Promise<Map<number, Product>> {
  const byId = new Map<number, Product>();
  for (let at = 0; at < products.length; at += LOOKUP_PRODUCTS_PER_TURN) {
    if (at > 0) await backgroundPause();
    for (const product of products.slice(at, at + LOOKUP_PRODUCTS_PER_TURN)) byId.set(product.id, product);
  }
  return byId;
}
