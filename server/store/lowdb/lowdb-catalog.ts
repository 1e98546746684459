/**
 * The catalog in `catalog.json`, held in memory, with the edits made since the file was written in a journal beside
 * it (catalog-journal.ts). Replaces and edits run under the file's lock on the freshest catalog; a catalog replaced or
 * edited by another process is noticed by polling (and by `refresh()`) and loaded, edits edit by edit. A file that
 * cannot be read keeps the catalog in memory as it was, and says why.
 */
import { randomUUID } from 'node:crypto';
import { statSync, unwatchFile, watchFile, type Stats } from 'node:fs';
import { backgroundPause } from '../../http/background-pause.js';
import { highestItemId, withHighestId, type CatalogData } from '../catalog-types.js';
import { applyCatalogEdit, assertValidEdit, CatalogEditHistory, isEmptyEdit } from '../catalog-edits.js';
import { emptyCatalog } from '../defaults.js';
import { StoreCorruptError } from '../store-error.js';
import { CatalogNotLoadedError, type CatalogEdit, type CatalogStore } from '../store.js';
import type { Product } from '../catalog-types.js';
import { CatalogLines } from './catalog-lines.js';
import { CatalogFile, type CatalogFileMeta } from './catalog-file.js';
import { CatalogJournal } from './catalog-journal.js';
import { parseWithSchema, productSchema } from './file-schemas.js';
import { withProcessLock } from './process-lock.js';
import { productBySlug } from '../catalog-lookup.js';

const signatureOf = (info: Pick<Stats, 'ino' | 'size' | 'mtimeMs'>) => `${info.ino}:${info.size}:${info.mtimeMs}`;

/** Past this size the journal is folded into the catalog file, so that opening the store stays quick. */
const JOURNAL_FOLD_BYTES = 16 * 1024 * 1024;

/** What `reloadIfChanged` found: nothing, a whole new catalog, or edits applied to the one in memory. */
export type CatalogReload = 'unchanged' | 'replaced' | 'edited';

/** Applies records attached to journal lines to their own files, idempotently (called under the catalog's lock). */
export type SettleAttached = (records: readonly unknown[]) => Promise<void>;

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
  const settle = options.settle ?? (async () => {});
  /** Attached records read from the journal and not settled under the lock since (they may belong to a dead writer). */
  let unsettled: unknown[] = [];
  const catalogFile = new CatalogFile(file);
  const journal = new CatalogJournal(journalFile);
  const history = new CatalogEditHistory();
  let data: CatalogData = emptyCatalog();
  let generation = '';
  let ownSignature = '';
  /** Edits applied since the file's generation: with it, the catalog's revision. */
  let edits = 0;
  /** Lazy: the file's lines, and the products the journal changed since (null: removed). Null once loaded. */
  let lazy: { lines: CatalogLines | null; changed: Map<number, Product | null> } | null = null;
  let loading: Promise<void> | null = null;
  /** The file's identity now: synchronous, as `refresh()` checks it on every request (see reloadIfChanged). */
  const readSignature = () => {
    const info = statSync(file, { throwIfNoEntry: false });
    return info ? signatureOf(info) : 'missing';
  };

  /** Indexes the file's lines and the journal's edits of its generation, without loading the products. */
  async function indexAll(): Promise<void> {
    const signature = readSignature();
    const lines = signature === 'missing' ? null : await CatalogLines.scan(file);
    await lazy?.lines?.close();
    journal.rewind();
    const loadedGeneration = lines?.meta.generation ?? '';
    const read = await journal.readNew(loadedGeneration);
    lazy = { lines, changed: new Map() };
    data = { ...emptyCatalog(), ...(lines ? { categories: lines.meta.categories, attributes: lines.meta.attributes } : {}) };
    generation = loadedGeneration;
    ownSignature = signature;
    edits = 0;
    unsettled = [...read.attached];
    for (const edit of read.edits) noteEdit(checkedEdit(edit, journalFile));
  }

  /** Lazy: what an edit changes, kept by product. */
  function noteEdit(edit: CatalogEdit): void {
    for (const product of edit.upsert) lazy!.changed.set(product.id, product);
    for (const id of edit.remove) lazy!.changed.set(id, null);
    data = { ...data, ...(edit.categories ? { categories: edit.categories } : {}), ...(edit.attributes ? { attributes: edit.attributes } : {}) };
    edits++;
  }

  /** Loads the products of a lazily opened catalog (once, however many ask at the same time). */
  function load(): Promise<void> {
    if (!lazy) return Promise.resolve();
    loading ??= queued(async () => {
      if (lazy) await loadAll();
    }).finally(() => {
      loading = null;
    });
    return loading;
  }

  /** Loads the catalog file and the journal's edits of its generation. @throws when either cannot be read */
  async function loadAll(): Promise<void> {
    const signature = readSignature();
    const loaded = (await catalogFile.read()) as (CatalogData & { generation?: string }) | null;
    const { generation: loadedGeneration = '', ...catalog } = loaded ?? { ...emptyCatalog() };
    journal.rewind();
    const { edits: journalEdits, attached } = await journal.readNew(loadedGeneration);
    unsettled = [...attached];
    let current: CatalogData = withHighestId(catalog, catalog.highest_id ?? 0);
    for (const edit of journalEdits) current = applyCatalogEdit(current, checkedEdit(edit, journalFile));
    data = current;
    generation = loadedGeneration;
    ownSignature = signature;
    await lazy?.lines?.close();
    lazy = null;
    history.reset(data.products);
    edits = journalEdits.length;
  }

  /** Applies the journal's new edits; a journal that was emptied means the catalog was rewritten: load it all. */
  async function catchUp(): Promise<CatalogReload> {
    const reloadAll = lazy ? indexAll : loadAll;
    const signature = readSignature();
    if (signature !== 'missing' && signature !== ownSignature) {
      await reloadAll();
      return 'replaced';
    }
    const { edits: added, attached, restarted } = await journal.readNew(generation);
    if (restarted) {
      await reloadAll();
      return 'replaced';
    }
    unsettled.push(...attached);
    for (const edit of added) (lazy ? noteEdit : remember)(checkedEdit(edit, journalFile));
    return added.length > 0 ? 'edited' : 'unchanged';
  }

  function remember(edit: CatalogEdit): void {
    const before = data.products;
    data = applyCatalogEdit(data, edit);
    history.record(before, edit, data.products);
    edits++;
  }

  /** Writes the catalog in memory as a new generation of the file and empties the journal (under the lock). */
  async function rewrite(meta: Omit<CatalogData, 'products'>, products: Iterable<CatalogData['products'][number]>, onProgress?: (n: number) => void) {
    // The ids of the products in the file count when it is read; the header keeps those that were deleted.
    const highest = Math.max(highestItemId(data), meta.highest_id ?? 0);
    const next: CatalogFileMeta = {
      generation: randomUUID(), ...(highest > 0 ? { highest_id: highest } : {}), categories: meta.categories, attributes: meta.attributes,
    };
    // The journal is about to be emptied: whatever records its lines carry must be in their own files first.
    await settle(await journal.attachedRecords(generation));
    unsettled = [];
    await catalogFile.writeStream(next, products, onProgress);
    ownSignature = readSignature();
    generation = next.generation!;
    edits = 0;
    await journal.clear();
  }

  try {
    await (options.lazy ? indexAll() : loadAll());
  } catch (error) {
    throw error instanceof StoreCorruptError ? error : new StoreCorruptError(file, error);
  }
  let listener: ((current: Stats, previous: Stats) => void) | null = null;
  let reloading: Promise<unknown> = Promise.resolve();
  /** Queued work not finished yet: while there is some, the catalog in memory may be about to change. */
  let pending = 0;
  /** Writes of this process running now (see queuedWrite). */
  let ownWrites = 0;

  /** Shared by the watcher, refresh() and writers, queued one after another, so that one change is applied once. */
  function queued<T>(work: () => Promise<T>): Promise<T> {
    pending++;
    const run = reloading.then(work).finally(() => pending--);
    reloading = run.catch(() => {});
    return run;
  }

  /** Under the lock: applies the attached records read so far (idempotent, so those of live writers are harmless). */
  async function settleUnsettled(): Promise<void> {
    const records = unsettled;
    unsettled = [];
    try {
      if (records.length) await settle(records);
    } catch (error) {
      unsettled = [...records, ...unsettled];
      throw error;
    }
  }

  /**
   * A write of this process, queued like the rest; while it runs, `reloadIfChanged` does not wait for it: what is in
   * memory is what is committed until the write ends, and a refresh before every request held every request for the
   * seconds an import's catalog takes to write and flush.
   */
  function queuedWrite<T>(work: () => Promise<T>): Promise<T> {
    return queued(async () => {
      ownWrites++;
      try {
        return await work();
      } finally {
        ownWrites--;
      }
    });
  }

  function reloadIfChanged(log: (message: string) => void = console.warn): Promise<CatalogReload> {
    // The write reads the file's changes itself, under the lock, and the watcher or the next refresh looks again after.
    if (ownWrites > 0) return Promise.resolve('unchanged');
    // What catchUp would find when nothing is queued and neither file changed, without queueing (every request asks):
    // the same two stats, taken synchronously.
    if (pending === 0) {
      const signature = readSignature();
      if ((signature === 'missing' || signature === ownSignature) && journal.unchanged()) return Promise.resolve('unchanged');
    }
    return queued(async () => {
      const before = { data, generation, ownSignature, edits, lazy };
      try {
        return await catchUp();
      } catch (error) {
        ({ data, generation, ownSignature, edits, lazy } = before);
        history.reset(data.products);
        log(`The catalog changed on disk but could not be read; keeping the catalog in memory. ${(error as Error).message}`);
        return 'unchanged';
      }
    });
  }

  return {
    get data() {
      if (lazy) throw new CatalogNotLoadedError();
      return data;
    },
    get loaded() {
      return lazy === null;
    },
    get taxonomy() {
      // Lazy, `data` holds them (from the file's head and the journal's edits) with no products.
      return data;
    },
    load,
    get revision() {
      // A file written without a generation (by hand, by an older version) is told apart by its signature.
      return `${generation || ownSignature}:${edits}`;
    },
    async productBySlug(slug) {
      if (!lazy) return productBySlug(data.products, slug);
      const { lines, changed } = lazy;
      // The journal's products as they are now, then the file's that the journal left alone.
      const edited = [...changed.values()].filter((product): product is Product => product !== null && product.slug === slug);
      if (edited.length) return edited.at(-1);
      const fromFile = lines ? await lines.withSlug(slug) : [];
      return fromFile.filter((product) => !changed.has(product.id)).at(-1);
    },
    async productsByIds(ids) {
      if (!lazy) return productsIn(data.products, ids);
      const { lines, changed } = lazy;
      const fromFile = lines ? await lines.read(ids.filter((id) => !changed.has(id))) : new Map<number, Product>();
      return ids.flatMap((id) => (changed.has(id) ? changed.get(id) ?? [] : fromFile.get(id) ?? []));
    },
    replace(meta, products, onProgress) {
      return queuedWrite(() =>
        withProcessLock(file, async () => {
          const written: CatalogData['products'] = [];
          const kept = Array.isArray(products) ? products : collect(products, written);
          const highestBefore = highestItemId(data);
          await rewrite(meta, kept, onProgress);
          const replaced: CatalogData = { categories: meta.categories, attributes: meta.attributes, products: Array.isArray(products) ? [...products] : written };
          data = withHighestId(replaced, Math.max(highestBefore, meta.highest_id ?? 0));
          await lazy?.lines?.close();
          lazy = null;
          history.reset(data.products);
        }),
      );
    },
    async exclusive(work) {
      await load();
      return queuedWrite(() =>
        withProcessLock(file, async () => {
          await catchUp();
          await settleUnsettled();
          if (generation === '') await rewrite(data, data.products);
          const result = await work(data, async (edit, attached) => {
            if (isEmptyEdit(edit)) return;
            assertValidEdit(data, edit);
            checkedEdit(edit, 'the edit');
            await journal.append(generation, edit, attached);
            remember(edit);
          });
          if (journal.size > JOURNAL_FOLD_BYTES) await rewrite(data, data.products);
          return result;
        }),
      );
    },
    settlePending() {
      return queued(() => withProcessLock(file, settleUnsettled));
    },
    async change(change) {
      await load();
      return queuedWrite(() =>
        withProcessLock(file, async () => {
          await catchUp();
          await settleUnsettled();
          const { edit, result } = change(data);
          if (!edit || isEmptyEdit(edit)) return result;
          assertValidEdit(data, edit);
          checkedEdit(edit, 'the edit');
          // A catalog file without a generation (written by an older version or by hand) could be replaced by another
          // one without a generation, which would make journal lines look current: give it one first.
          if (generation === '') await rewrite(data, data.products);
          await journal.append(generation, edit);
          remember(edit);
          if (journal.size > JOURNAL_FOLD_BYTES) await rewrite(data, data.products);
          return result;
        }),
      );
    },
    editsSince(products) {
      return history.since(products);
    },
    watch(onReload, log, intervalMs = 2000) {
      // The journal grows with every edit elsewhere and the catalog file changes with every rewrite: watch both.
      listener = (current) => {
        if (current.nlink === 0) return;
        reloadIfChanged(log)
          .then((reload) => reload !== 'unchanged' && onReload())
          .catch((error: Error) => log(`Reloading the catalog failed: ${error.message}`));
      };
      watchFile(file, { interval: intervalMs, persistent: false }, listener);
      watchFile(journalFile, { interval: intervalMs, persistent: false }, listener);
    },
    reloadIfChanged,
    unwatch() {
      void lazy?.lines?.close();
      if (listener) {
        unwatchFile(file, listener);
        unwatchFile(journalFile, listener);
      }
      listener = null;
    },
  };
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

/** Keeps what a one-pass iterable yields while it is written, so that it can be held in memory afterwards. */
function* collect<T>(items: Iterable<T>, into: T[]): Iterable<T> {
  for (const item of items) {
    into.push(item);
    yield item;
  }
}

/** Every product of an edit is checked as the catalog file's products are. @throws naming the product and field */
function checkedEdit(edit: CatalogEdit, source: string): CatalogEdit {
  edit.upsert.forEach((product, index) => {
    try {
      parseWithSchema(productSchema, product);
    } catch (error) {
      throw new Error(`${source}: upsert.${index} (product ${product.id}).${(error as Error).message}`);
    }
  });
  return edit;
}
