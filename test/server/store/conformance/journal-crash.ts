/**
 * A data folder for the catalog journal's crash tests: one product (id 1) with 5 in stock, the stores a
 * test opens on it closed after it, and the folder removed. A crash between the journal line and a file's write is
 * played by taking the file as it was before the write (`fileNow`) and putting it back after (`putBack`).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'node:test';
import { openLowdbStore } from '../../../../server/store/lowdb/lowdb-store.js';
import type { CatalogEdit, Store } from '../../../../server/store/store.js';
import { catalogMeta, OpenedData, product } from './fixtures.js';

type Catalog = { products: readonly ReturnType<typeof product>[] };

/** The catalog edit of an order that takes `quantity` units of product 1. */
export const take =
  (quantity: number) =>
  (catalog: Catalog): CatalogEdit => {
    const current = catalog.products.find((candidate) => candidate.id === 1)!;
    return { upsert: [{ ...current, stock_quantity: current.stock_quantity - quantity }], remove: [] };
  };

/** Product 1's stock as `store` sees it. */
export const stock = (store: Store) =>
  store.catalog.data.products.find((candidate) => candidate.id === 1)!.stock_quantity;

/** Registers the folder's set-up and clean-up around each test of the calling `describe`. */
export function useCrashFolder(prefix: string) {
  let folder = '';
  let opened: OpenedData;
  const file = (name: string) => path.join(folder, name);

  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), prefix));
    opened = new OpenedData({
      open: ({ watch }) => openLowdbStore(folder, { watch }),
      dispose: () => rm(folder, { recursive: true, force: true }),
    });
    await (await opened.open({ watch: false })).catalog.replace(catalogMeta, [{ ...product(1), stock_quantity: 5 }]);
  });
  afterEach(() => opened.dispose());

  return {
    /** A new store instance on the folder, as another process or a restart would open it. */
    open: () => opened.open({ watch: false }),
    file,
    /** The file as it is now; null when it is not written yet. */
    fileNow: (name: string) => readFile(file(name), 'utf8').catch(() => null),
    /** Puts the file back as `fileNow` read it (removed when it was not there). */
    putBack: (name: string, content: string | null) =>
      content === null ? rm(file(name), { force: true }) : writeFile(file(name), content),
  };
}
