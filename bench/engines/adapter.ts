/**
 * What the benchmark needs from an engine: build from the catalog, answer a filter state (the timed part), and
 * turn that answer into found + non-zero counts per list facet for the cross-check against ours (not timed, so that
 * engines are not charged for the harness's own bookkeeping).
 */
import type { CatalogData } from '../../server/catalog/model.js';
import type { FacetConfig } from '../../server/facets/config.js';
import type { FilterState, QuerySchema } from '../../client/facet-filter/query-state.js';

/** found + the non-zero disjunctive counts of every list facet, by value slug. */
export interface Answer {
  found: number;
  counts: Record<string, Record<string, number>>;
}

export interface BenchAdapter<Result = unknown> {
  /** The build alone, when making the adapter took more (ours restores its snapshot after building). */
  buildMs?: number;
  /** Only ours has one: the facets and values the query mix is drawn from. */
  schema?: QuerySchema;
  query(state: FilterState): Result;
  answer(result: Result): Answer;
  /**
   * Why this engine cannot answer `state` with our semantics exactly, or null when it can. Such queries are still
   * timed (the engine answers the closest query it can) but left out of the cross-check, and the reason is printed.
   */
  unsupported?(state: FilterState): string | null;
}

export type AdapterFactory = (catalog: CatalogData, config: FacetConfig) => BenchAdapter | Promise<BenchAdapter>;
