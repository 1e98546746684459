/**
 * Disjunctive facet counts: the count of a value of facet F is taken over the products that pass every selection
 * except F's own (for an AND facet, its own too), and range bounds likewise. Each distinct mask's members are
 * listed once and every facet sharing that mask counts over the list. When a mask holds most of the products in
 * scope, its complement is counted instead and subtracted from cached counts of the whole scope.
 * @internal
 */
import { collectOrdinals, countBits, fullBitset, hasBit, intersectInto, type Bitset } from './bitset.js';
import type { FacetIndex, ListFacetIndex, RangeFacetIndex } from './facet-index.js';

export interface CountInput {
  /** Products in scope (base category, text query); null for all. */
  universe: Bitset | null;
  /** Identifies `universe` for caching its whole-scope counts; null when it cannot be cached (text queries). */
  scopeKey: string | null;
  /** Per facet, the products its selection allows, or null without a selection. */
  selections: readonly (Bitset | null)[];
  /** universe AND every selection. */
  full: Bitset;
  fullCount: number;
}

export type CountedFacet =
  | { kind: 'list'; definition: ListFacetIndex['definition']; values: ListFacetIndex['values']; counts: Uint32Array }
  | { kind: 'range'; definition: RangeFacetIndex['definition']; min: number | null; max: number | null };

interface ScopeCounts {
  size: number;
  counts: (Uint32Array | null)[];
}

/** Whole-scope counts are kept for this many scopes (widgets on different category pages). */
const MAX_CACHED_SCOPES = 64;

export class ResultCounter {
  readonly #size: number;
  readonly #facets: readonly FacetIndex[];
  readonly #all: Bitset;
  readonly #scopes = new Map<string, ScopeCounts>();
  /** Reused ordinal buffers, one per mask listed in a query, so queries do not allocate megabytes each. */
  readonly #buffers: Uint32Array[] = [];
  /** Per list facet, scratch counts per value combination. */
  readonly #comboCounts: (Uint32Array | null)[];

  constructor(size: number, facets: readonly FacetIndex[]) {
    this.#size = size;
    this.#facets = facets;
    this.#all = fullBitset(size);
    this.#comboCounts = facets.map((facet) => (facet.kind === 'list' ? new Uint32Array(facet.comboOffsets.length - 1) : null));
  }

  count(input: CountInput): CountedFacet[] {
    const scope = input.universe ?? this.#all;
    const cached = input.scopeKey === null ? null : this.#scopeCounts(input.scopeKey, scope);
    const listed = new Map<Bitset, Uint32Array>();
    let buffersUsed = 0;
    const list = (bits: Bitset, without?: Bitset): Uint32Array => {
      const buffer = (this.#buffers[buffersUsed] ??= new Uint32Array(this.#size));
      buffersUsed++;
      return buffer.subarray(0, collectOrdinals(bits, buffer, without));
    };
    const membersOf = (mask: Bitset): Uint32Array => listed.get(mask) ?? listed.set(mask, list(mask)).get(mask)!;
    let complementOfFull: Uint32Array | null = null;

    return this.#facets.map((facet, index) => {
      const { mask, size } = this.#maskFor(index, input);
      if (facet.kind === 'range') return { kind: 'range', definition: facet.definition, ...rangeBounds(facet, mask, size, this.#size, membersOf) };
      const baseCounts = cached?.counts[index];
      if (baseCounts && size * 2 > cached!.size) {
        const complement = mask === input.full ? (complementOfFull ??= list(scope, mask)) : list(scope, mask);
        const counts = baseCounts.slice();
        addCounts(facet, complement, counts, -1, this.#comboCounts[index]!);
        return { kind: 'list', definition: facet.definition, values: facet.values, counts };
      }
      const counts = new Uint32Array(facet.values.length);
      if (size > 0) addCounts(facet, membersOf(mask), counts, 1, this.#comboCounts[index]!);
      return { kind: 'list', definition: facet.definition, values: facet.values, counts };
    });
  }

  /** The products facet `index` counts over: everything applied except its own OR selection. */
  #maskFor(index: number, input: CountInput): { mask: Bitset; size: number } {
    const facet = this.#facets[index]!;
    const ownSelectionIgnored = input.selections[index] !== null && !(facet.kind === 'list' && facet.definition.logic === 'and');
    if (!ownSelectionIgnored) return { mask: input.full, size: input.fullCount };
    const mask = (input.universe ?? this.#all).slice();
    input.selections.forEach((selection, other) => other !== index && selection && intersectInto(mask, selection));
    return { mask, size: countBits(mask) };
  }

  #scopeCounts(key: string, scope: Bitset): ScopeCounts {
    let entry = this.#scopes.get(key);
    if (!entry) {
      const members = collectOrdinals(scope, (this.#buffers[0] ??= new Uint32Array(this.#size)));
      const ordinals = this.#buffers[0].subarray(0, members);
      entry = {
        size: members,
        counts: this.#facets.map((facet, index) => {
          if (facet.kind !== 'list') return null;
          const counts = new Uint32Array(facet.values.length);
          addCounts(facet, ordinals, counts, 1, this.#comboCounts[index]!);
          return counts;
        }),
      };
      if (this.#scopes.size >= MAX_CACHED_SCOPES) this.#scopes.clear();
      this.#scopes.set(key, entry);
    }
    return entry;
  }
}

/**
 * Adds `delta` (1, or -1 to take a complement away) to the count of every value of every listed product.
 * Many products: count each combination once per product, then spread over its values. Few: spread directly.
 */
function addCounts(facet: ListFacetIndex, ordinals: Uint32Array, counts: Uint32Array, delta: 1 | -1, comboCounts: Uint32Array): void {
  const { combos, comboOffsets, comboItems } = facet;
  if (ordinals.length < comboCounts.length) {
    for (let index = 0; index < ordinals.length; index++) {
      const combo = combos[ordinals[index]!]!;
      for (let position = comboOffsets[combo]!, end = comboOffsets[combo + 1]!; position < end; position++) counts[comboItems[position]!]! += delta;
    }
    return;
  }
  comboCounts.fill(0);
  for (let index = 0; index < ordinals.length; index++) comboCounts[combos[ordinals[index]!]!]!++;
  for (let combo = 0; combo < comboCounts.length; combo++) {
    const amount = delta * comboCounts[combo]!;
    if (amount === 0) continue;
    for (let position = comboOffsets[combo]!, end = comboOffsets[combo + 1]!; position < end; position++) counts[comboItems[position]!]! += amount;
  }
}

/**
 * Lowest and highest value among the mask's products. A dense mask is met within a few steps of either end of the
 * sorted column; a sparse one is cheaper to list.
 */
function rangeBounds(facet: RangeFacetIndex, mask: Bitset, count: number, size: number, membersOf: (mask: Bitset) => Uint32Array): { min: number | null; max: number | null } {
  if (count === 0) return { min: null, max: null };
  if (count * 64 >= size) {
    let low = 0;
    while (!hasBit(mask, facet.ascending[low]!)) low++;
    let high = size - 1;
    while (!hasBit(mask, facet.ascending[high]!)) high--;
    return { min: facet.sortedValues[low]!, max: facet.sortedValues[high]! };
  }
  let min = Infinity;
  let max = -Infinity;
  for (const ordinal of membersOf(mask)) {
    const value = facet.column[ordinal]!;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return { min, max };
}
