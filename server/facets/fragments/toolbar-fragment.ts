/**
 * The toolbar region: how many products match, a sort control that is a plain GET form (its button is hidden once
 * the element runs, which applies the sort on change), the active filters as removable chips and "Clear all".
 */
import { translatorOfLocale } from '../../i18n/translator.js';
import { EMPTY_HTML, safeHtml as html } from '../../html/safe-html.js';
import {
  FACET_PREFIX,
  emptyFilterState,
  toQueryEntries,
  type FilterState,
} from '../../../client/facet-filter/query-state.js';
import type { FilterOutcome } from '../facet-service.js';
import { activeFilters } from './active-filters.js';
import { formatCount, stateHref, type FragmentContext } from './fragment-context.js';
import { orderbyLabel } from './orderby-labels.js';

/** `1 product`, `1 234 products` (in the shop's locale): also what the element announces. */
export function foundText(found: number, locale?: string): string {
  return translatorOfLocale(locale).t('facets.found', { count: found, formatted: formatCount(found, locale) });
}

/**
 * "Relevance" ranks by a search's words: without a search there is nothing to be relevant to, so it is not offered
 * (unless it is the sort in force, which the select must still show truthfully).
 */
export function sortOptions(options: readonly string[], state: Pick<FilterState, 'q' | 'orderby'>): string[] {
  return options.filter((option) => option !== 'relevance' || state.q !== '' || state.orderby === 'relevance');
}

function sortForm(outcome: FilterOutcome, context: FragmentContext) {
  const { state } = outcome.result;
  const { schema } = outcome;
  // The filters travel as hidden inputs in their canonical spelling; the select replaces the sort, the page resets.
  const carried = toQueryEntries({ ...state, orderby: schema.defaultOrderby, page: 1 }, schema);
  const { t } = translatorOfLocale(context.locale);
  return html`<form class="facet-filter__sort" method="get" action="${context.basePath}">
    ${carried.map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`)}
    <label class="facet-filter__sort-label">
      <span>${t('facets.sortBy')}</span>
      <select class="facet-filter__select" name="${FACET_PREFIX}orderby">
        ${sortOptions(schema.orderbyOptions, state).map((option) => html`<option value="${option}"${option === state.orderby ? ' selected' : ''}>${orderbyLabel(option, t)}</option>`)}
      </select>
    </label>
    <button class="facet-filter__sort-submit" type="submit">${t('facets.sort')}</button>
  </form>`;
}

function chipsTemplate(outcome: FilterOutcome, context: FragmentContext) {
  const chips = activeFilters(outcome, context.locale);
  if (chips.length === 0) return EMPTY_HTML;
  const cleared = { ...emptyFilterState(outcome.schema), orderby: outcome.result.state.orderby };
  const { t } = translatorOfLocale(context.locale);
  return html`<div class="facet-filter__active">
    <h2 class="facet-filter__active-heading screen-reader-text">${t('facets.activeFilters')}</h2>
    <ul class="facet-filter__chips" role="list">
      ${chips.map(
        (
          chip,
        ) => html`<li><a class="facet-filter__chip" href="${stateHref(context.basePath, chip.without, outcome.schema)}"
        ><span class="screen-reader-text">${t('facets.removeFilter')} </span>${chip.text}<span class="facet-filter__chip-remove" aria-hidden="true"> ×</span></a></li>`,
      )}
    </ul>
    <a class="facet-filter__clear" href="${stateHref(context.basePath, cleared, outcome.schema)}">${t('facets.clearAll')}</a>
  </div>`;
}

/**
 * The toolbar of an outcome.
 *
 * @example toolbarTemplate(outcome, context).value
 */
export function toolbarTemplate(outcome: FilterOutcome, context: FragmentContext) {
  return html`<div class="facet-filter__toolbar">
    <div class="facet-filter__toolbar-row">
      <p class="facet-filter__found">${foundText(outcome.result.found, context.locale)}</p>
      ${sortForm(outcome, context)}
    </div>
    ${chipsTemplate(outcome, context)}
  </div>`;
}
