/**
 * The facet engine as a snapshot (snapshot-format.ts), so that a server starts answering in seconds instead of
 * rebuilding the index of a large catalog: everything the engine is made of but what it can make again cheaply
 * (the functions that read rows, the per-product views of the counter) or only needs for incremental edits (its
 * products and sort keys, given back by `attach`).
 *
 * A snapshot is keyed by what it was built from: the catalog's revision, the facet configuration, and
 * {@link ENGINE_FORMAT}. Bump ENGINE_FORMAT whenever the engine's parts change shape or meaning, so that snapshots
 * of an older version are rebuilt rather than misread.
 * @internal
 */
import { createHash } from 'node:crypto';
import { backgroundPause } from '../../http/background-pause.js';
import type { CatalogData } from '../../catalog/model.js';
import type { FacetConfig } from '../config.js';
import { FacetEngine, type EngineParts } from './engine.js';
import { ResultCounter } from './result-counter.js';
import { rowReaderOf, sortSmall, type FacetIndex, type ListFacetIndex } from './facet-index.js';
import { sortKeyReaders, STATIC_ORDERBYS, type SortOrder, type StaticOrderby } from './sort-orders.js';
import { availableSources, sourceForFacet, type SourceSpec } from '../sources.js';
import { decodeSnapshotSteps, encodeSnapshot, SnapshotError, withDocument } from './snapshot-format.js';
import { TextIndex, type TextIndexParts, type WordForms } from './text-index.js';

export const ENGINE_FORMAT = 3;

/** What a snapshot answers for: an engine of this catalog revision, this configuration and these word forms. */
export interface SnapshotKey {
  catalogRevision: string;
  /** SHA-256 of the configuration's JSON. */
  config: string;
  /** The id of the word forms its text index was made with (text-index.ts), null for none. */
  wordForms: string | null;
  format: number;
}

/**
 * @param wordForms the word forms the engine is (to be) built with: a snapshot made with another language's, or
 *   another version of its dictionary, is stale
 */
export function snapshotKey(
  catalogRevision: string,
  config: FacetConfig,
  wordForms: Pick<WordForms, 'id'> | null = null,
): SnapshotKey {
  return {
    catalogRevision,
    config: createHash('sha256').update(JSON.stringify(config)).digest('hex'),
    wordForms: wordForms?.id ?? null,
    format: ENGINE_FORMAT,
  };
}

/** What the snapshot document holds: the key, and the engine's parts with functions and products left out. */
interface StoredEngine {
  key: SnapshotKey;
  parts: Omit<EngineParts, 'facets' | 'categories' | 'orders' | 'text'> & {
    facets: StoredFacet[];
    /** The base category's index: the position of the facet that is it, or one of its own. */
    categories: number | StoredFacet;
    ids: Float64Array;
    /**
     * Each order's sort keys, by row: what inserting a changed row needs of the rows it is compared with, so that
     * a snapshot older than the catalog can be brought up to date without the catalog (see FacetEngine.catchUpDetached).
     * Absent from snapshots written before; such an engine is rebuilt rather than brought up to date.
     */
    orders: Record<StaticOrderby, Pick<SortOrder, 'ordinals' | 'rank'> & { keys?: Float64Array }>;
    text: TextIndexParts;
  };
}

type StoredFacet =
  | (Omit<ListFacetIndex, 'valuesOfRow' | 'valueIndex' | 'terms'> & { terms?: [string, number][] })
  | Omit<Extract<FacetIndex, { kind: 'range' }>, 'numberOf'>;

function storedFacet(facet: FacetIndex): StoredFacet {
  if (facet.kind === 'range') {
    const { numberOf: _reader, ...stored } = facet;
    return stored;
  }
  const { valuesOfRow: _reader, valueIndex: _values, terms, ...stored } = facet;
  return terms ? { ...stored, terms: [...terms.rowsByName] } : stored;
}

/**
 * The snapshot of an engine (built from `catalogRevision` of the catalog).
 * @param roomForKey bytes kept free for a longer key: a snapshot built before its catalog had a revision is
 *   re-keyed in place ({@link rekeyedSnapshot})
 */
export function engineSnapshot(engine: FacetEngine, catalogRevision: string, roomForKey = 0): Buffer {
  const { facets, categories, orders, text, rows, ...rest } = engine.parts();
  const stored: StoredEngine = {
    key: { ...snapshotKey(catalogRevision, engine.config), wordForms: engine.wordFormsId },
    parts: {
      ...rest,
      rows: { ...rows, owners: null },
      facets: facets.map(storedFacet),
      categories: facets.includes(categories) ? facets.indexOf(categories) : storedFacet(categories),
      ids: orders.popularity.ids,
      orders: Object.fromEntries(
        STATIC_ORDERBYS.map((orderby) => {
          const { ordinals, rank, keys } = orders[orderby];
          // A detached engine holds keys only when its snapshot did.
          return [orderby, keys.length >= rows.size ? { ordinals, rank, keys } : { ordinals, rank }];
        }),
      ) as StoredEngine['parts']['orders'],
      text: text.parts(),
    },
  };
  return encodeSnapshot(stored, roomForKey);
}

/**
 * A snapshot keyed by another catalog revision (one built in a worker, before the catalog had its revision), keyed
 * by `catalogRevision` instead: the one to store, without a pass over the whole index on the serving thread. In
 * place when the snapshot was made with room for it (`bytes` is then changed and returned).
 */
export function rekeyedSnapshot(bytes: Buffer, catalogRevision: string): Promise<Buffer> {
  return withDocument(bytes, (document) => {
    (document as unknown as StoredEngine).key.catalogRevision = catalogRevision;
  });
}

/** A snapshot that cannot serve, in words for the log: unreadable, or built for another catalog or configuration. */
export type Unrestorable = { reason: string };

/**
 * The engine of a snapshot when it answers for `expected`; otherwise why not (in words, for the log).
 * The engine is detached (see FacetEngine.attach).
 * @param wordForms the word forms named by `expected` (the snapshot holds the tokens' forms, not how to find a
 *   query's)
 */
export function restoreEngine(
  bytes: Buffer,
  expected: SnapshotKey,
  wordForms: WordForms | null = null,
): { engine: FacetEngine } | Unrestorable {
  return restoreEngineOfAnyRevision(bytes, expected, wordForms, false);
}

/**
 * {@link restoreEngine}, but a snapshot of another catalog revision is restored too: the engine, and the revision it
 * answers for, to be brought up to date with the catalog's changes since (FacetEngine.catchUpDetached).
 */
export function restoreEngineOfAnyRevision(
  bytes: Buffer,
  expected: SnapshotKey,
  wordForms: WordForms | null = null,
  anyRevision = true,
): { engine: FacetEngine; catalogRevision: string } | Unrestorable {
  const steps = restoreSteps(bytes, expected, wordForms, anyRevision);
  return unlessUnreadable(() => {
    for (;;) {
      const next = steps.next();
      if (next.done) return next.value;
    }
  });
}

/**
 * {@link restoreEngine} one step at a time (reading the document, each facet, the text index, the counter), a pause
 * for requests between two: what the serving thread does with an index built elsewhere, so that no request
 * waits for the whole of it (half a second for 100,000 variable products on a busy machine).
 */
export async function restoreEngineInSteps(
  bytes: Buffer,
  expected: SnapshotKey,
  wordForms: WordForms | null = null,
): Promise<{ engine: FacetEngine } | Unrestorable> {
  const steps = restoreSteps(bytes, expected, wordForms);
  for (;;) {
    const next = unlessUnreadable(() => steps.next());
    if ('reason' in next) return next;
    if (next.done) return next.value;
    await backgroundPause();
  }
}

function unlessUnreadable<T>(restore: () => T): T | Unrestorable {
  try {
    return restore();
  } catch (error) {
    if (error instanceof SnapshotError || error instanceof SyntaxError || error instanceof TypeError)
      return { reason: `unreadable (${error.message})` };
    throw error;
  }
}

function* restoreSteps(
  bytes: Buffer,
  expected: SnapshotKey,
  wordForms: WordForms | null,
  anyRevision = false,
): Generator<void, { engine: FacetEngine; catalogRevision: string } | Unrestorable, void> {
  const { key, parts } = (yield* decodeSnapshotSteps(bytes)) as StoredEngine;
  if (key?.format !== expected.format)
    return { reason: `written by engine format ${key?.format}, this version uses ${expected.format}` };
  if (!anyRevision && key.catalogRevision !== expected.catalogRevision)
    return {
      reason: `stale: built for catalog revision ${key.catalogRevision}, the catalog is at ${expected.catalogRevision}`,
    };
  if (key.config !== expected.config) return { reason: 'stale: built for another facet configuration' };
  if (key.wordForms !== expected.wordForms)
    return {
      reason: `stale: built with word forms ${key.wordForms ?? 'none'}, the shop's language uses ${expected.wordForms ?? 'none'}`,
    };
  if (expected.wordForms !== (wordForms?.id ?? null))
    throw new Error(
      `Restoring a snapshot of word forms ${expected.wordForms ?? 'none'} needs them, not ${wordForms?.id ?? 'none'}.`,
    );
  yield;
  const sources = new Map(availableSources(parts.source).map((spec) => [spec.source, spec]));
  const facets: FacetIndex[] = [];
  for (const facet of parts.facets) {
    facets.push(restoredFacet(facet, sourceForFacet(facet.definition, sources), parts.source));
    yield;
  }
  const readers = sortKeyReaders(parts.scale);
  const orders = Object.fromEntries(
    STATIC_ORDERBYS.map((orderby) => [
      orderby,
      // Keys serve incremental edits only: attach() reads them from the products.
      {
        ...parts.orders[orderby],
        ids: parts.ids,
        keys: parts.orders[orderby].keys ?? new Float64Array(0),
        keyOf: readers[orderby],
      },
    ]),
  ) as EngineParts['orders'];
  const categories =
    typeof parts.categories === 'number'
      ? facets[parts.categories]!
      : restoredFacet(parts.categories, sources.get('taxonomy:category'), parts.source);
  const text = new TextIndex(parts.text, wordForms);
  yield;
  const counter = yield* ResultCounter.buildSteps(parts.rows.size, facets, parts.rows);
  return {
    engine: FacetEngine.fromParts(
      { ...parts, facets, orders, categories: categories as ListFacetIndex, text },
      counter,
    ),
    catalogRevision: key.catalogRevision,
  };
}

/** A stored facet with what a snapshot cannot hold made again: its value lookup and the functions that read rows. */
function restoredFacet(
  stored: StoredFacet,
  spec: SourceSpec | undefined,
  catalog: Pick<CatalogData, 'categories' | 'attributes'>,
): FacetIndex {
  if (!spec) throw new SnapshotError(`the catalog offers no source ${stored.definition.source} any more`);
  if (stored.kind === 'range') {
    if (spec.kind !== 'number') throw new SnapshotError(`source ${spec.source} is not numeric`);
    return { ...stored, numberOf: spec.number };
  }
  const { terms, ...rest } = stored as Extract<StoredFacet, { kind: 'list' }>;
  const index: ListFacetIndex = {
    ...rest,
    valueIndex: new Map(rest.values.map((info, position) => [info.value, position])),
    valuesOfRow: () => {},
  };
  const reader = rowReaderOf(spec, catalog, index);
  index.valuesOfRow = (row, out) => (reader(row, out), sortSmall(out));
  if (terms && spec.kind === 'term') {
    const catalogOfTerms = { ...catalog, products: [] };
    index.terms = { rowsByName: new Map(terms), namesOf: (row) => spec.terms(row, catalogOfTerms) };
  }
  return index;
}
