/**
 * The lowdb adapter for `catalog.json`, built for catalogs of a million products.
 *
 * lowdb's own JSONFile stringifies the whole document into one string, and V8 caps a string at ~512 MB: a 1M-product
 * catalog (~500 MB of JSON) would not fit. This adapter writes the document as compact JSON with one product per line
 * (still one valid JSON document), streams it out through a flushed temp file + rename, and reads large files line by
 * line. Every product is checked against its schema on load, so a damaged catalog stops the start with the product
 * and the field named.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { open, readFile, stat, unlink } from 'node:fs/promises';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import type { Adapter } from 'lowdb';
import type { CatalogData, Product } from '../catalog-types.js';
import { commitTemporaryFile, temporaryPathFor } from './durable-write.js';
import { catalogMetaSchema, parseWithSchema, productSchema } from './file-schemas.js';

export interface CatalogFileOptions {
  /** Files up to this size are parsed in one `JSON.parse`; larger ones line by line. Default 64 MB. */
  wholeFileLimitBytes?: number;
}

/**
 * The catalog's small parts as the file holds them; `generation` changes with every rewrite of the file, and tells
 * which lines of the catalog journal (catalog-journal.ts) apply to it.
 */
export type CatalogFileMeta = Omit<CatalogData, 'products'> & { generation?: string };

/** Called while writing with the number of products written so far (every 10,000 and at the end). */
export type ProgressListener = (productsWritten: number) => void;

const PRODUCTS_OPENING = '"products":[';
/**
 * Characters serialized before the stream is written to and drained: a quarter megabyte is a few milliseconds of the
 * serving thread (an import writes 66 MB while requests are answered between two chunks).
 */
const WRITE_CHUNK_CHARS = 1 << 18;

export class CatalogFile implements Adapter<CatalogData> {
  readonly #path: string;
  readonly #wholeFileLimitBytes: number;

  /** @param path the catalog file, e.g. `data/catalog.json`. */
  constructor(path: string, options: CatalogFileOptions = {}) {
    this.#path = path;
    this.#wholeFileLimitBytes = options.wholeFileLimitBytes ?? 64 * 1024 * 1024;
  }

  /**
   * Reads the catalog; null when the file does not exist.
   * @throws Error naming the file when it is not a catalog document.
   */
  async read(): Promise<CatalogData | null> {
    let size: number;
    try {
      size = (await stat(this.#path)).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      const data =
        size <= this.#wholeFileLimitBytes
          ? JSON.parse(await readFile(this.#path, 'utf8'))
          : await this.#readLineByLine();
      assertCatalogShape(data);
      return data;
    } catch (error) {
      throw new Error(`The catalog file ${this.#path} is corrupt and was left untouched: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  /** Replaces the file with `data` (lowdb's write). */
  async write(data: CatalogData): Promise<void> {
    await this.writeStream(data, data.products);
  }

  /**
   * Writes a catalog whose products come from any iterable, without building the document in memory.
   *
   * @example await file.writeStream(catalog, generateSyntheticCatalog({products: 1e6}).products, (n) => bar.update(n));
   */
  async writeStream(meta: CatalogFileMeta, products: Iterable<Product>, onProgress?: ProgressListener): Promise<void> {
    const temporaryPath = temporaryPathFor(this.#path);
    const output = createWriteStream(temporaryPath, { encoding: 'utf8' });
    const failed = once(output, 'error').then(([error]) => Promise.reject(error as Error));
    failed.catch(() => {}); // observed below through Promise.race; this only silences the unhandled rejection
    const push = async (chunk: string): Promise<void> => {
      if (!output.write(chunk)) await Promise.race([once(output, 'drain'), failed]);
    };
    try {
      const generation = meta.generation === undefined ? '' : `"generation":${JSON.stringify(meta.generation)},`;
      const highest = meta.highest_id === undefined ? '' : `"highest_id":${JSON.stringify(meta.highest_id)},`;
      await push(
        `{${generation}${highest}"categories":${JSON.stringify(meta.categories)},"attributes":${JSON.stringify(meta.attributes)},${PRODUCTS_OPENING}\n`,
      );
      let buffer = '';
      let written = 0;
      for (const product of products) {
        buffer += (written === 0 ? '' : ',\n') + JSON.stringify(product);
        written++;
        if (buffer.length >= WRITE_CHUNK_CHARS) {
          await push(buffer);
          buffer = '';
        }
        if (onProgress && written % 10_000 === 0) onProgress(written);
      }
      await push(`${buffer}${written > 0 ? '\n' : ''}]}\n`);
      output.end();
      await Promise.race([once(output, 'finish'), failed]);
      onProgress?.(written);
      await flushFile(temporaryPath);
    } catch (error) {
      output.destroy();
      await unlink(temporaryPath).catch(() => {});
      throw error;
    }
    await commitTemporaryFile(temporaryPath, this.#path);
  }

  /** Parses the layout {@link writeStream} produces: a header line, one product per line, a closing line. */
  async #readLineByLine(): Promise<CatalogData> {
    const lines = createInterface({ input: createReadStream(this.#path, { encoding: 'utf8' }), crlfDelay: Infinity });
    let data: CatalogData | null = null;
    let closed = false;
    let lineNumber = 0;
    for await (const line of lines) {
      lineNumber++;
      if (data === null) {
        if (!line.endsWith(PRODUCTS_OPENING)) throw new Error('line 1 does not open the products array');
        data = { ...JSON.parse(`${line}]}`), products: [] } as CatalogData;
      } else if (line === ']}') {
        closed = true;
      } else if (closed) {
        if (line.trim() !== '') throw new Error(`unexpected text after the end of the document on line ${lineNumber}`);
      } else {
        data.products.push(JSON.parse(line.endsWith(',') ? line.slice(0, -1) : line) as Product);
      }
    }
    if (!data || !closed) throw new Error('the document ends before the products array is closed');
    return data;
  }
}

async function flushFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function assertCatalogShape(data: unknown): asserts data is CatalogData {
  const record = data as Partial<Record<keyof CatalogData, unknown>> | null;
  if (typeof record !== 'object' || record === null || !Array.isArray(record.products))
    throw new Error('"products" is missing or not an array');
  parseWithSchema(catalogMetaSchema, record);
  record.products.forEach((product, index) => {
    try {
      parseWithSchema(productSchema, product);
    } catch (error) {
      throw new Error(`products.${index}.${(error as Error).message}`);
    }
  });
}
