/**
 * The active filters of a state as chips: one per selected value, per range and for the search text, each with the
 * state that removes it. Derived from the engine's result so that labels are the catalog's own names.
 */
import {
  withFacetRemoved,
  withQueryText,
  withValueToggled,
  type FilterState,
  type RangeValue,
} from '../../../client/facet-filter/query-state.js';
import type { FilterOutcome } from '../facet-service.js';
import { widgetFacetResults } from './widget-facets.js';

export interface ActiveFilter {
  /** e.g. `Colour: Red`. */
  text: string;
  /** The state without this filter. */
  without: FilterState;
}

function rangeText(range: RangeValue): string {
  if (range.min !== null && range.max !== null) return `${range.min} – ${range.max}`;
  return range.min !== null ? `from ${range.min}` : `up to ${range.max}`;
}

/**
 * @example activeFilters(outcome).map((chip) => chip.text) // ['Colour: Red', 'Price: 10 – 50', 'Search: wool']
 */
export function activeFilters(outcome: Pick<FilterOutcome, 'result' | 'widget'>): ActiveFilter[] {
  const { state } = outcome.result;
  const chips: ActiveFilter[] = [];
  for (const facet of widgetFacetResults(outcome)) {
    const { name, label } = facet.definition;
    if (facet.kind === 'range') {
      if (facet.selected)
        chips.push({ text: `${label}: ${rangeText(facet.selected)}`, without: withFacetRemoved(state, name) });
      continue;
    }
    for (const value of facet.selected) {
      const valueLabel = facet.values.find((info) => info.value === value)?.label ?? value;
      chips.push({ text: `${label}: ${valueLabel}`, without: withValueToggled(state, name, value) });
    }
  }
  if (state.q) chips.push({ text: `Search: ${state.q}`, without: withQueryText(state, '') });
  return chips;
}
