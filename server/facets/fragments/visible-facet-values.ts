/**
 * Which values of a list facet the widget shows, in which order, and which go behind "show more": the display
 * rules of a facet definition (`hide_empty`, `order`, `limit`) applied to the engine's counts.
 */
import type { ListFacetResult } from '../engine.js';

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
  let list: VisibleFacetValue[] = values.map((info, index) => ({
    value: info.value, label: info.label, depth: info.depth, count: counts[index] ?? 0, selected: chosen.has(info.value),
  }));
  if (definition.hide_empty) list = list.filter((item) => item.count > 0 || item.selected);
  const keepsOwnOrder = definition.type === 'hierarchy' || definition.type === 'rating';
  if (!keepsOwnOrder && definition.order === 'count') {
    list.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  }
  if (definition.limit <= 0 || list.length <= definition.limit) return { shown: list, more: [] };
  return { shown: list.slice(0, definition.limit), more: list.slice(definition.limit) };
}
