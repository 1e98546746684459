/**
 * A list facet's values whose label (or slug) contains a search text, ignoring case and diacritics, with their
 * disjunctive counts under the current filter state: what a facet's own search box lists, on the page (without
 * JavaScript) and through `GET /facet/v1/facets/{name}/values`.
 */
import { foldText } from '../../catalog/model.js';
import type { ListFacetResult } from '../engine/engine.js';
import { valueLabel } from '../fragments/value-label.js';

export interface FacetValueMatch {
  value: string;
  label: string;
  count: number;
  selected: boolean;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Every matching value, most products first then by label; with `hide_empty`, values without results are left out
 * unless selected (a selection must stay visible to be undone). An empty search matches every value. Labels are the
 * ones the shopper reads in `locale` (a rating threshold's, a yes-or-no facet's "no"), and the search looks in those.
 *
 * @example matchingFacetValues(brandFacet, 'creme').map((match) => match.label) // ['Crème']
 */
export function matchingFacetValues(facet: ListFacetResult, search: string, locale?: string): FacetValueMatch[] {
  const wanted = foldText(search.trim());
  const chosen = new Set(facet.selected);
  const matches: FacetValueMatch[] = [];
  facet.values.forEach((info, index) => {
    const count = facet.counts[index] ?? 0;
    const selected = chosen.has(info.value);
    if (facet.definition.hide_empty && count === 0 && !selected) return;
    const label = valueLabel(facet.definition, info.value, info.label, locale);
    if (wanted && !foldText(label).includes(wanted) && !info.value.includes(wanted)) return;
    matches.push({ value: info.value, label, count, selected });
  });
  return matches.sort((a, b) => b.count - a.count || collator.compare(a.label, b.label));
}
