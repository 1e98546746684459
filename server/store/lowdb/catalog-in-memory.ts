/**
 * This process's copy of `catalog.json` and its journal (catalog-journal.ts): the catalog it holds (or, opened lazily,
 * the products it can read without holding them), where it stands in the files (the generation and identity of the
 * catalog file it read, the journal edits it applied since: together its revision), and the records attached to
 * journal lines that are still to be settled. One call at a time: lowdb-catalog.ts queues every call
 * (catalog-queue.ts) and makes those that write under the catalog file's lock.
 */
import { randomUUID } from 'node:crypto';
import { statSync, type Stats } from 'node:fs';
import { applyCatalogEdit, assertValidEdit, CatalogEditHistory } from '../catalog-edits.js';
import type { CatalogChanges } from '../catalog-store.js';
import { highestItemId, withHighestId, type CatalogData, type CatalogEdit, type Product } from '../catalog-types.js';
import { emptyCatalog } from '../defaults.js';
import { CatalogFile, type CatalogFileMeta } from './catalog-file.js';
import { CatalogJournal } from './catalog-journal.js';
import { CatalogLines } from './catalog-lines.js';
import { parseWithSchema, productSchema } from './file-schemas.js';
import { UnloadedProducts } from './unloaded-products.js';

const signatureOf = (info: Pick<Stats, 'ino' | 'size' | 'mtimeMs'>) => `${info.ino}:${info.size}:${info.mtimeMs}`;

/** Past this size the journal is folded into the catalog file, so that opening the store stays quick. */
const JOURNAL_FOLD_BYTES = 16 * 1024 * 1024;

/** What a catch-up found: nothing, a whole new catalog, or edits applied to the one in memory. */
export type CatalogReload = 'unchanged' | 'replaced' | 'edited';

/** Applies records attached to journal lines to their own files, idempotently (called under the catalog's lock). */
export type SettleAttached = (records: readonly unknown[]) => Promise<void>;

export class CatalogInMemory {
  readonly #file: string;
  readonly #journalFile: string;
  readonly #catalogFile: CatalogFile;
  readonly #journal: CatalogJournal;
  /** The edits between the products arrays this process held, so that an index of an older array can catch up. */
  readonly #history = new CatalogEditHistory();
  readonly #settle: SettleAttached;
  /** The catalog; while its products are not loaded, only its categories and attributes (file head and journal). */
  #data: CatalogData = emptyCatalog();
  /** The generation of the catalog file read or written last: the journal lines of that generation are its edits. */
  #generation = '';
  /**
   * The catalog file's identity when this process last read or wrote it: any other means another process rewrote it.
   */
  #ownSignature = '';
  /** Edits applied since the file's generation: with it, the catalog's revision. */
  #edits = 0;
  /** Lazy: the products read from the files on demand. Null once loaded. */
  #unloaded: UnloadedProducts | null = null;
  /** Attached records read from the journal and not settled under the lock since (they may belong to a dead writer). */
  #unsettled: unknown[] = [];

  constructor(file: string, journalFile: string, settle: SettleAttached) {
    this.#file = file;
    this.#journalFile = journalFile;
    this.#catalogFile = new CatalogFile(file);
    this.#journal = new CatalogJournal(journalFile);
    this.#settle = settle;
  }

  /** The catalog; without its products while {@link unloaded} is not null. */
  get data(): CatalogData {
    return this.#data;
  }

  /** The products of a lazily opened catalog that were not loaded yet; null once they are. */
  get unloaded(): UnloadedProducts | null {
    return this.#unloaded;
  }

  get revision(): string {
    // A file written without a generation (by hand, by an older version) is told apart by its signature.
    return `${this.#generation || this.#ownSignature}:${this.#edits}`;
  }

  /** See `CatalogStore.editsSince`. */
  editsSince(products: readonly Product[]): readonly CatalogEdit[] | null {
    return this.#history.since(products);
  }

  /** See `CatalogStore.changesSince`: read from the journal of this generation and, lazily opened, the file's lines. */
  async changesSince(revision: string): Promise<CatalogChanges | null> {
    const at = this.#editsAt(revision);
    if (at === null || !this.#unloaded) return null;
    if (at === this.#edits) return { edits: [], before: new Map(), revision: this.revision };
    // The journal's lines of this generation from the start: the first `#edits` are those applied here.
    const { edits: lines } = await new CatalogJournal(this.#journalFile).readNew(this.#generation);
    if (lines.length < this.#edits) return null;
    const earlier = lines.slice(0, at);
    const edits = lines.slice(at, this.#edits);
    const touched = new Set(edits.flatMap((edit) => [...edit.upsert.map((product) => product.id), ...edit.remove]));
    const before = new Map<number, Product>();
    const settled = new Set<number>();
    // A product's state then: the last earlier edit that touched it, else the file's line.
    for (let index = earlier.length - 1; index >= 0 && settled.size < touched.size; index--) {
      const edit = earlier[index]!;
      for (const id of edit.remove) if (touched.has(id)) settled.add(id);
      for (const product of edit.upsert) {
        if (!touched.has(product.id) || settled.has(product.id)) continue;
        settled.add(product.id);
        before.set(product.id, product);
      }
    }
    const fromFile = await this.#unloaded.inFile([...touched].filter((id) => !settled.has(id)));
    for (const [id, product] of fromFile) before.set(id, product);
    return { edits, before, revision: this.revision };
  }

  /** See `CatalogStore.canCatchUpFrom`. */
  canCatchUpFrom(revision: string): boolean {
    return this.#editsAt(revision) !== null;
  }

  /** How many of this generation's edits the catalog had at `revision`; null when it is not of this generation. */
  #editsAt(revision: string): number | null {
    const separator = revision.lastIndexOf(':');
    const edits = Number(revision.slice(separator + 1));
    if (this.#generation === '' || revision.slice(0, separator) !== this.#generation) return null;
    return Number.isInteger(edits) && edits >= 0 && edits <= this.#edits ? edits : null;
  }

  /** Indexes the file's lines and the journal's edits of its generation, without loading the products. */
  async indexAll(): Promise<void> {
    const signature = this.#readSignature();
    const lines = signature === 'missing' ? null : await CatalogLines.scan(this.#file);
    await this.#unloaded?.close();
    this.#journal.rewind();
    const loadedGeneration = lines?.meta.generation ?? '';
    const read = await this.#journal.readNew(loadedGeneration);
    this.#unloaded = new UnloadedProducts(lines);
    this.#data = {
      ...emptyCatalog(),
      ...(lines ? { categories: lines.meta.categories, attributes: lines.meta.attributes } : {}),
    };
    this.#generation = loadedGeneration;
    this.#ownSignature = signature;
    this.#edits = 0;
    this.#unsettled = [...read.attached];
    for (const edit of read.edits) this.#noteEdit(checkedEdit(edit, this.#journalFile));
  }

  /** Loads the catalog file and the journal's edits of its generation. @throws when either cannot be read */
  async loadAll(): Promise<void> {
    const signature = this.#readSignature();
    const loaded = (await this.#catalogFile.read()) as (CatalogData & { generation?: string }) | null;
    const { generation: loadedGeneration = '', ...catalog } = loaded ?? { ...emptyCatalog() };
    this.#journal.rewind();
    const { edits: journalEdits, attached } = await this.#journal.readNew(loadedGeneration);
    this.#unsettled = [...attached];
    let current: CatalogData = withHighestId(catalog, catalog.highest_id ?? 0);
    for (const edit of journalEdits) current = applyCatalogEdit(current, checkedEdit(edit, this.#journalFile));
    this.#data = current;
    this.#generation = loadedGeneration;
    this.#ownSignature = signature;
    await this.#unloaded?.close();
    this.#unloaded = null;
    this.#history.reset(this.#data.products);
    this.#edits = journalEdits.length;
  }

  /**
   * Whether neither file changed since this process last read or wrote them: what {@link catchUp} would find when
   * nothing is queued, in two synchronous stats, as `refresh()` asks on every request.
   */
  unchangedOnDisk(): boolean {
    const signature = this.#readSignature();
    return (signature === 'missing' || signature === this.#ownSignature) && this.#journal.unchanged();
  }

  /** Applies the journal's new edits; a journal that was emptied means the catalog was rewritten: load it all. */
  async catchUp(): Promise<CatalogReload> {
    const reloadAll = this.#unloaded ? () => this.indexAll() : () => this.loadAll();
    const signature = this.#readSignature();
    if (signature !== 'missing' && signature !== this.#ownSignature) {
      await reloadAll();
      return 'replaced';
    }
    const { edits: added, attached, restarted } = await this.#journal.readNew(this.#generation);
    if (restarted) {
      await reloadAll();
      return 'replaced';
    }
    this.#unsettled.push(...attached);
    for (const edit of added) {
      const checked = checkedEdit(edit, this.#journalFile);
      if (this.#unloaded) this.#noteEdit(checked);
      else this.#remember(checked);
    }
    return added.length > 0 ? 'edited' : 'unchanged';
  }

  /** {@link catchUp}, but files that cannot be read keep the catalog in memory as it was, and `log` says why. */
  async catchUpOrKeep(log: (message: string) => void): Promise<CatalogReload> {
    const before = {
      data: this.#data,
      generation: this.#generation,
      ownSignature: this.#ownSignature,
      edits: this.#edits,
      unloaded: this.#unloaded,
    };
    try {
      return await this.catchUp();
    } catch (error) {
      ({
        data: this.#data,
        generation: this.#generation,
        ownSignature: this.#ownSignature,
        edits: this.#edits,
        unloaded: this.#unloaded,
      } = before);
      this.#history.reset(this.#data.products);
      log(
        `The catalog changed on disk but could not be read; keeping the catalog in memory. ${(error as Error).message}`,
      );
      return 'unchanged';
    }
  }

  /** Under the lock: applies the attached records read so far (idempotent, so those of live writers are harmless). */
  async settle(): Promise<void> {
    const records = this.#unsettled;
    this.#unsettled = [];
    try {
      if (records.length) await this.#settle(records);
    } catch (error) {
      this.#unsettled = [...records, ...this.#unsettled];
      throw error;
    }
  }

  /** Replaces the catalog with `meta` and `products` as a new generation of the file (under the lock). */
  async replace(
    meta: Omit<CatalogData, 'products'>,
    products: Iterable<Product>,
    onProgress?: (n: number) => void,
  ): Promise<void> {
    const written: Product[] = [];
    const kept = Array.isArray(products) ? products : collect(products, written);
    const highestBefore = highestItemId(this.#data);
    await this.#rewrite(meta, kept, onProgress);
    const replaced: CatalogData = {
      categories: meta.categories,
      attributes: meta.attributes,
      products: Array.isArray(products) ? [...products] : written,
    };
    this.#data = withHighestId(replaced, Math.max(highestBefore, meta.highest_id ?? 0));
    await this.#unloaded?.close();
    this.#unloaded = null;
    this.#history.reset(this.#data.products);
  }

  /** @throws when `edit` does not fit the catalog, or one of its products is not a valid product */
  check(edit: CatalogEdit): void {
    assertValidEdit(this.#data, edit);
    checkedEdit(edit, 'the edit');
  }

  /**
   * Gives a catalog file without a generation (written by an older version or by hand) one, under the lock, before an
   * edit is appended: it could be replaced by another one without a generation, which would make journal lines look
   * current.
   */
  async ensureGeneration(): Promise<void> {
    if (this.#generation === '') await this.#rewrite(this.#data, this.#data.products);
  }

  /** Appends a checked edit, with the records attached to it, to the journal, and applies it (under the lock). */
  async append(edit: CatalogEdit, attached: readonly unknown[] = []): Promise<void> {
    await this.#journal.append(this.#generation, edit, attached);
    this.#remember(edit);
  }

  /** Folds a journal grown past its limit into a new generation of the catalog file (under the lock). */
  async foldIfLarge(): Promise<void> {
    if (this.#journal.size > JOURNAL_FOLD_BYTES) await this.#rewrite(this.#data, this.#data.products);
  }

  /** Lazy: takes in an edit without products to apply it to. */
  #noteEdit(edit: CatalogEdit): void {
    this.#unloaded!.note(edit);
    this.#data = {
      ...this.#data,
      ...(edit.categories ? { categories: edit.categories } : {}),
      ...(edit.attributes ? { attributes: edit.attributes } : {}),
    };
    this.#edits++;
  }

  #remember(edit: CatalogEdit): void {
    const before = this.#data.products;
    this.#data = applyCatalogEdit(this.#data, edit);
    this.#history.record(before, edit, this.#data.products);
    this.#edits++;
  }

  /** Writes the catalog in memory as a new generation of the file and empties the journal (under the lock). */
  async #rewrite(
    meta: Omit<CatalogData, 'products'>,
    products: Iterable<Product>,
    onProgress?: (n: number) => void,
  ): Promise<void> {
    // The ids of the products in the file count when it is read; the header keeps those that were deleted.
    const highest = Math.max(highestItemId(this.#data), meta.highest_id ?? 0);
    const next: CatalogFileMeta = {
      generation: randomUUID(),
      ...(highest > 0 ? { highest_id: highest } : {}),
      categories: meta.categories,
      attributes: meta.attributes,
    };
    // The journal is about to be emptied: whatever records its lines carry must be in their own files first.
    await this.#settle(await this.#journal.attachedRecords(this.#generation));
    this.#unsettled = [];
    await this.#catalogFile.writeStream(next, products, onProgress);
    this.#ownSignature = this.#readSignature();
    this.#generation = next.generation!;
    this.#edits = 0;
    await this.#journal.clear();
  }

  /** The file's identity now: synchronous, as `refresh()` checks it on every request (see {@link unchangedOnDisk}). */
  #readSignature(): string {
    const info = statSync(this.#file, { throwIfNoEntry: false });
    return info ? signatureOf(info) : 'missing';
  }
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
