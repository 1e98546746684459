/**
 * Which values of a list facet the widget shows, in which order, and which go behind "show more": the display
 * rules of a facet definition (`hide_empty`, `order`, `limit`) applied to the engine's counts.
 *
 * Large catalogs have facets with thousands of values (brands) and category trees of hundreds: rendering them all
 * would make every answer hundreds of kilobytes. So "show more" holds at most {@link MAX_MORE_VALUES} further
 * values, and a large category tree shows the path to the selection instead of every branch.
 */
import { memoizeByArray } from '../../catalog/memoize-by-array.js';
import type { FacetValueInfo } from '../engine/facet-index.js';
import type { ListFacetResult } from '../engine/engine.js';

export interface VisibleFacetValue {
  value: string;
  label: string;
  /** Nesting depth in a category tree, for indentation. */
  depth: number;
  /** The engine's disjunctive count: products the shopper would see with this value added. */
  count: number;
  selected: boolean;
}

export interface VisibleFacetValues {
  /** Shown at once. */
  shown: VisibleFacetValue[];
  /** Behind "show more"; empty when the facet has no limit or few values. */
  more: VisibleFacetValue[];
  /** Values left out altogether; a search narrows the facet to them. */
  omitted: number;
}

export const MAX_MORE_VALUES = 30;
/** A category tree with more values than this shows only its top level and the branches on the selection's path. */
export const FULL_TREE_MAX_VALUES = 40;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Alphabetical order of a facet's values, computed once per index build. */
interface LabelOrder {
  /** Value index -> alphabetical rank. */
  rank: Uint32Array;
  /** Alphabetical rank -> value index. */
  index: Uint32Array;
}
const labelOrderOf = memoizeByArray((values: readonly FacetValueInfo[]): LabelOrder => {
  const index = Uint32Array.from(
    values.map((_, valueIndex) => valueIndex).sort((a, b) => collator.compare(values[a]!.label, values[b]!.label)),
  );
  const rank = new Uint32Array(values.length);
  index.forEach((valueIndex, position) => (rank[valueIndex] = position));
  return { rank, index };
});

/**
 * The facet's own order: the values `custom_order` names (by label or slug, ignoring case), then the rest
 * alphabetically. Memoized per values array and list, as the alphabetical order is.
 */
const customOrders = new WeakMap<readonly FacetValueInfo[], { list: readonly string[]; order: LabelOrder }>();
function customOrderOf(values: readonly FacetValueInfo[], list: readonly string[]): LabelOrder {
  const cached = customOrders.get(values);
  if (cached && cached.list === list) return cached.order;
  const position = new Map(list.map((name, at) => [name.toLowerCase(), at]));
  const alphabetical = labelOrderOf(values);
  const place = (valueIndex: number) => {
    const info = values[valueIndex]!;
    return (
      position.get(info.label.toLowerCase()) ??
      position.get(info.value.toLowerCase()) ??
      list.length + alphabetical.rank[valueIndex]!
    );
  };
  const index = Uint32Array.from(
    values
      .map((_, valueIndex) => valueIndex)
      .sort((a, b) => place(a) - place(b) || alphabetical.rank[a]! - alphabetical.rank[b]!),
  );
  const rank = new Uint32Array(values.length);
  index.forEach((valueIndex, at) => (rank[valueIndex] = at));
  const order = { rank, index };
  customOrders.set(values, { list, order });
  return order;
}

/** Rank needs 21 bits (two million values); a count times 2^21 plus a rank stays an exact double. */
const RANK_SPAN = 2 ** 21;

/**
 * The `wanted` smallest sort keys of the given value indices, ascending: by count (descending) then label, or by
 * label alone, through one numeric key each. A brand facet of thousands of values shows forty: a bounded max-heap
 * keeps those in one pass, instead of sorting every value on every answer. Decode a key with
 * `order.index[key % RANK_SPAN]`.
 */
function smallestKeys(
  indices: ArrayLike<number>,
  counts: Uint32Array,
  order: LabelOrder,
  byCount: boolean,
  wanted: number,
): Float64Array {
  const keyOf = (valueIndex: number) =>
    (byCount ? RANK_SPAN * (2 ** 31 - (counts[valueIndex] ?? 0)) : 0) + order.rank[valueIndex]!;
  if (wanted >= indices.length) return Float64Array.from(indices, keyOf).sort();
  const heap = new Float64Array(wanted);
  let size = 0;
  for (let at = 0; at < indices.length; at++) {
    const key = keyOf(indices[at]!);
    if (size < wanted) {
      let child = size++;
      while (child > 0 && heap[(child - 1) >> 1]! < key)
        (heap[child] = heap[(child - 1) >> 1]!), (child = (child - 1) >> 1);
      heap[child] = key;
    } else if (key < heap[0]!) {
      let parent = 0;
      for (;;) {
        let child = 2 * parent + 1;
        if (child >= size) break;
        if (child + 1 < size && heap[child + 1]! > heap[child]!) child++;
        if (heap[child]! <= key) break;
        heap[parent] = heap[child]!;
        parent = child;
      }
      heap[parent] = key;
    }
  }
  return heap.sort();
}

/** Every value index of a facet, in order; memoized per index build. */
const allIndicesOf = memoizeByArray((values: readonly FacetValueInfo[]): readonly number[] =>
  values.map((_, index) => index),
);

/** A tree's top level, what it shows with nothing selected (most answers); memoized per index build. */
const topLevelOf = memoizeByArray((values: readonly FacetValueInfo[]): readonly number[] =>
  values.flatMap((info, index) => (info.depth === 0 ? [index] : [])),
);

/** Indices of a tree's values to show: the top level, and the children of the selected values and their ancestors. */
function treeIndicesToShow(values: readonly FacetValueInfo[], selectedIndices: number[]): readonly number[] {
  if (values.length <= FULL_TREE_MAX_VALUES) return allIndicesOf(values);
  if (selectedIndices.length === 0) return topLevelOf(values);
  const expanded = new Set<number>();
  for (let index of selectedIndices) {
    while (index >= 0 && !expanded.has(index)) {
      expanded.add(index);
      index = values[index]!.parent;
    }
  }
  return values.flatMap((info, index) => (info.depth === 0 || expanded.has(info.parent) ? [index] : []));
}

/** Scratch for the candidates of one facet at a time: a brand facet has thousands of values on every answer. */
let candidateScratch = new Uint32Array(256);

/**
 * The indices of the values that may be shown, in index order (`shown` for a tree: its shown part): with
 * `hide_empty`, those counted or selected. A view of scratch memory, valid until the next call.
 */
function candidateIndices(
  facet: ListFacetResult,
  chosen: ReadonlySet<string>,
  tree: readonly number[] | null,
): Uint32Array {
  const { definition, values, counts } = facet;
  const length = tree ? tree.length : values.length;
  if (candidateScratch.length < length)
    candidateScratch = new Uint32Array(Math.max(length, candidateScratch.length * 2));
  let total = 0;
  for (let at = 0; at < length; at++) {
    const index = tree ? tree[at]! : at;
    if (!definition.hide_empty || (counts[index] ?? 0) > 0 || (chosen.size > 0 && chosen.has(values[index]!.value)))
      candidateScratch[total++] = index;
  }
  return candidateScratch.subarray(0, total);
}

/**
 * Applies a facet's display rules. Selected values are never hidden, even at count 0, so a shopper can always see
 * and undo what they chose. Category trees and rating thresholds keep their own order (sorting them by count would
 * tear children from parents and scramble "4 stars & up, 3 stars & up").
 *
 * @example visibleFacetValues(result.facets[1] as ListFacetResult).shown.map((value) => value.label)
 */
export function visibleFacetValues(facet: ListFacetResult): VisibleFacetValues {
  const { definition, values, counts, selected } = facet;
  const chosen = new Set(selected);
  const isTree = definition.type === 'hierarchy';
  const selectedIndices =
    isTree && chosen.size > 0 ? values.flatMap((info, index) => (chosen.has(info.value) ? [index] : [])) : [];
  const indices = candidateIndices(facet, chosen, isTree ? treeIndicesToShow(values, selectedIndices) : null);
  const keepsOwnOrder = isTree || definition.type === 'rating';
  const order = keepsOwnOrder
    ? null
    : definition.order === 'custom' && definition.custom_order?.length
      ? customOrderOf(values, definition.custom_order)
      : labelOrderOf(values);
  const total = indices.length;
  const limit = definition.limit > 0 ? Math.min(definition.limit, total) : total;
  const moreEnd = Math.min(total, limit + MAX_MORE_VALUES);
  // Only the values that are shown get keys sorted and decoded: the tail of a long facet is counted, not built.
  const byCount = definition.order === 'count';
  const keys = order ? smallestKeys(indices, counts, order, byCount, moreEnd) : null;
  const indexAt = (position: number) => (keys ? order!.index[keys[position]! % RANK_SPAN]! : indices[position]!);
  const toVisible = (index: number): VisibleFacetValue => {
    const info = values[index]!;
    return {
      value: info.value,
      label: info.label,
      depth: info.depth,
      count: counts[index] ?? 0,
      selected: chosen.has(info.value),
    };
  };
  const shown: VisibleFacetValue[] = [];
  for (let position = 0; position < limit; position++) shown.push(toVisible(indexAt(position)));
  const more: VisibleFacetValue[] = [];
  for (let position = limit; position < moreEnd; position++) more.push(toVisible(indexAt(position)));
  // Selected values past the limit are shown at once after the first `limit`, in the facet's order, never behind
  // "show more" nor left out: a shopper always sees, and can undo, what they chose.
  if (chosen.size > 0 && moreEnd < total) {
    const kept = new Set(shown.concat(more).map((item) => item.value));
    const beyond = indices.filter((index) => chosen.has(values[index]!.value) && !kept.has(values[index]!.value));
    const beyondKeys = order ? smallestKeys(beyond, counts, order, byCount, beyond.length) : null;
    beyond.forEach((index, position) =>
      more.push(toVisible(beyondKeys ? order!.index[beyondKeys[position]! % RANK_SPAN]! : index)),
    );
  }
  const omitted = total - limit - more.length;
  // A tree keeps its order: its selected branch is shown already (treeIndicesToShow), its limit is its top level.
  if (isTree || !more.some((item) => item.selected)) return { shown, more, omitted };
  return {
    shown: shown.concat(more.filter((item) => item.selected)),
    more: more.filter((item) => !item.selected),
    omitted,
  };
}
