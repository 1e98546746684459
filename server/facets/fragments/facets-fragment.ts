/**
 * The facets region: one real `<form method="get">` that works without JavaScript. A fieldset and legend per facet,
 * a search box, min/max inputs for ranges (sent as `sf_<facet>_min` / `_max`, which the codec reads), hidden inputs for
 * the rest of the state (the sort), and an Apply button. Submitting starts again at page 1, as the codec's rules say.
 */
import { translatorOfLocale } from '../../i18n/translator.js';
import { safeHtml as html, type SafeHtml } from '../../html/safe-html.js';
import { FACET_PREFIX } from '../../../client/facet-filter/query-state.js';
import type { FacetResult, RangeFacetResult } from '../engine/engine.js';
import type { FilterOutcome } from '../facet-service.js';
import type { FragmentContext } from './fragment-context.js';
import { listFacetControls } from './list-facet-controls.js';
import { widgetFacetResults } from './widget-facets.js';

function rangeControls(facet: RangeFacetResult, locale?: string) {
  const { t } = translatorOfLocale(locale);
  const name = FACET_PREFIX + facet.definition.name;
  // The bounds of what other selections leave are hints (placeholders), not limits: a shopper may type any number.
  const end = (
    suffix: 'min' | 'max',
    label: string,
    value: number | null,
    hint: number | null,
  ) => html`<label class="facet-filter__range-end">
      <span class="facet-filter__range-label">${label}</span>
      <input class="facet-filter__number" type="number" inputmode="decimal" min="0" step="any" name="${name}_${suffix}"
        value="${value === null ? '' : String(value)}" placeholder="${hint === null ? '' : String(hint)}" />
    </label>`;
  return html`<div class="facet-filter__range">
    ${end('min', t('facets.min'), facet.selected?.min ?? null, facet.min === null ? null : Math.floor(facet.min))}
    <span class="facet-filter__range-separator" aria-hidden="true">–</span>
    ${end('max', t('facets.max'), facet.selected?.max ?? null, facet.max === null ? null : Math.ceil(facet.max))}
  </div>`;
}

function facetFieldset(facet: FacetResult, locale?: string, search?: string) {
  const { name, label, type } = facet.definition;
  return html`<fieldset class="facet-filter__facet facet-filter__facet--${type}" data-facet="${name}">
    <legend class="facet-filter__legend">${label}</legend>
    ${facet.kind === 'range' ? rangeControls(facet, locale) : listFacetControls(facet, locale, search)}
  </fieldset>`;
}

/**
 * The fieldsets made per facet results (by identity: the engine answers the other pages and orders of a state with
 * its first answer's results, see filtered-states.ts) and per what else they show. A state's next page or other
 * order is then sent the fieldsets its first answer made, about half of a never-asked answer's render at 100,000
 * products; only the form around them (its address, search text and sort) is made again.
 */
const madeFieldsets = new WeakMap<readonly FacetResult[], Map<string, SafeHtml>>();
/** Fieldsets kept per facet results: a few languages and widgets. */
const FIELDSETS_PER_RESULTS = 8;

function facetFieldsets(outcome: FilterOutcome, locale: string | undefined): SafeHtml {
  const { facets } = outcome.result;
  const widgetFacets = outcome.widget.facets.map((facet) => facet.name).join(',');
  const key = `${locale}\n${widgetFacets}\n${outcome.searches ? JSON.stringify(outcome.searches) : ''}`;
  let made = madeFieldsets.get(facets);
  const known = made?.get(key);
  if (known) return known;
  const fieldsets = html`${widgetFacetResults(outcome).map((facet) => facetFieldset(facet, locale, outcome.searches?.[facet.definition.name]))}`;
  if (!made) madeFieldsets.set(facets, (made = new Map()));
  if (made.size >= FIELDSETS_PER_RESULTS) made.clear();
  made.set(key, fieldsets);
  return fieldsets;
}

/**
 * The facets form of an outcome.
 *
 * @example facetsTemplate(outcome, { basePath: '/shop', currency: 'PLN', locale: 'pl-PL' }).value
 */
export function facetsTemplate(outcome: FilterOutcome, context: FragmentContext): SafeHtml {
  const { state } = outcome.result;
  const { defaultOrderby } = outcome.schema;
  const { t } = translatorOfLocale(context.locale);
  return html`<form class="facet-filter__form" method="get" action="${context.basePath}" role="search" aria-label="${t('facets.filterProducts')}">
    <label class="facet-filter__search">
      <span class="facet-filter__search-label">${t('facets.searchProducts')}</span>
      <input class="facet-filter__search-input" type="search" name="${FACET_PREFIX}q" value="${state.q}" autocomplete="off" />
    </label>
    ${facetFieldsets(outcome, context.locale)}
    ${state.orderby !== defaultOrderby ? html`<input type="hidden" name="${FACET_PREFIX}orderby" value="${state.orderby}" />` : ''}
    <button class="facet-filter__apply" type="submit">${t('facets.apply')}</button>
  </form>`;
}
