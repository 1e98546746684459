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
import { translatorOfLocale, type Translate } from '../../i18n/translator.js';
import type { FilterOutcome } from '../facet-service.js';
import { formatCount } from './fragment-context.js';
import { isYesOrNo, valueLabel } from './value-label.js';
import { widgetFacetResults } from './widget-facets.js';

export interface ActiveFilter {
  /** e.g. `Colour: Red`. */
  text: string;
  /** The state without this filter. */
  without: FilterState;
}

function rangeText(range: RangeValue, t: Translate, locale: string | undefined): string {
  const min = range.min === null ? null : formatCount(range.min, locale);
  const max = range.max === null ? null : formatCount(range.max, locale);
  if (min !== null && max !== null) return t('facets.rangeBetween', { min, max });
  return min !== null ? t('facets.rangeFrom', { min }) : t('facets.rangeUpTo', { max: max ?? '' });
}

/**
 * @param locale the shop's (or the visitor's) locale, in whose language and numbers the chips are written
 * @example activeFilters(outcome, 'en-GB').map((chip) => chip.text) // ['Colour: Red', 'Price: 10 – 50', 'Search: wool']
 */
export function activeFilters(outcome: Pick<FilterOutcome, 'result' | 'widget'>, locale?: string): ActiveFilter[] {
  const { state } = outcome.result;
  const { t } = translatorOfLocale(locale);
  const chips: ActiveFilter[] = [];
  for (const facet of widgetFacetResults(outcome)) {
    const { name, label } = facet.definition;
    if (facet.kind === 'range') {
      if (facet.selected)
        chips.push({
          text: `${label}: ${rangeText(facet.selected, t, locale)}`,
          without: withFacetRemoved(state, name),
        });
      continue;
    }
    for (const value of facet.selected) {
      const known = facet.values.find((info) => info.value === value)?.label ?? value;
      const text = valueLabel(facet.definition, value, known, locale);
      chips.push({
        // "In stock", "In stock: no": a yes-or-no facet's answers name it already.
        text: isYesOrNo(facet.definition) ? text : `${label}: ${text}`,
        without: withValueToggled(state, name, value),
      });
    }
  }
  if (state.q) chips.push({ text: t('facets.searchChip', { text: state.q }), without: withQueryText(state, '') });
  return chips;
}
