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
 * The forms made per facet results (by identity: the engine answers the other pages and orders of a state with its
 * first answer's results, see filtered-states.ts) and per what else the form shows. A state's next page is then sent
 * the form its first page made, which at 100,000 products is about half of a never-asked answer's render.
 */
const madeForms = new WeakMap<readonly FacetResult[], Map<string, SafeHtml>>();
/** Forms kept per facet results: a few pages' addresses, languages and widgets. */
const FORMS_PER_RESULTS = 8;

/**
 * The facets form of an outcome.
 *
 * @example facetsTemplate(outcome, { basePath: '/shop', currency: 'PLN', locale: 'pl-PL' }).value
 */
export function facetsTemplate(outcome: FilterOutcome, context: FragmentContext): SafeHtml {
  const { state, facets } = outcome.result;
  const searches = outcome.searches ? JSON.stringify(outcome.searches) : '';
  const widgetFacets = outcome.widget.facets.map((facet) => facet.name).join(',');
  const key = [
    context.basePath,
    context.locale,
    state.q,
    state.orderby,
    outcome.schema.defaultOrderby,
    widgetFacets,
    searches,
  ].join('\n');
  let forms = madeForms.get(facets);
  const made = forms?.get(key);
  if (made) return made;
  const form = facetsForm(outcome, context);
  if (!forms) madeForms.set(facets, (forms = new Map()));
  if (forms.size >= FORMS_PER_RESULTS) forms.clear();
  forms.set(key, form);
  return form;
}

function facetsForm(outcome: FilterOutcome, context: FragmentContext): SafeHtml {
  const { state } = outcome.result;
  const { defaultOrderby } = outcome.schema;
  const { t } = translatorOfLocale(context.locale);
  return html`<form class="facet-filter__form" method="get" action="${context.basePath}" role="search" aria-label="${t('facets.filterProducts')}">
    <label class="facet-filter__search">
      <span class="facet-filter__search-label">${t('facets.searchProducts')}</span>
      <input class="facet-filter__search-input" type="search" name="${FACET_PREFIX}q" value="${state.q}" autocomplete="off" />
    </label>
    ${widgetFacetResults(outcome).map((facet) => facetFieldset(facet, context.locale, outcome.searches?.[facet.definition.name]))}
    ${state.orderby !== defaultOrderby ? html`<input type="hidden" name="${FACET_PREFIX}orderby" value="${state.orderby}" />` : ''}
    <button class="facet-filter__apply" type="submit">${t('facets.apply')}</button>
  </form>`;
}
