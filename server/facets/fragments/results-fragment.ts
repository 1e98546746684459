/**
 * The results region: a heading that the element focuses after paging, the product grid, or an empty state that
 * says what to do next and links to the state without filters.
 */
import { translatorOfLocale } from '../../i18n/translator.js';
import { messageHtml } from '../../i18n/message-html.js';
import { escapeAttribute, escapeHtml } from '../../../client/html/escape.js';
import { rawHtml, safeHtml as html } from '../../html/safe-html.js';
import { emptyFilterState } from '../../../client/facet-filter/query-state.js';
import type { FilterOutcome } from '../facet-service.js';
import { stateHref, type FragmentContext } from './fragment-context.js';
import { productCardHtml } from './product-card.js';

function emptyState(outcome: FilterOutcome, context: FragmentContext) {
  const cleared = { ...emptyFilterState(outcome.schema), orderby: outcome.result.state.orderby };
  const { t } = translatorOfLocale(context.locale);
  const link = `<a class="facet-filter__empty-clear" href="${escapeAttribute(stateHref(context.basePath, cleared, outcome.schema))}">${escapeHtml(t('facets.clearAllFilters'))}</a>`;
  return html`<div class="facet-filter__empty">
    <p>${t('facets.noMatch')}</p>
    <p>${rawHtml(messageHtml(t, 'facets.tryRemoving', { link }))}</p>
  </div>`;
}

/**
 * The results of an outcome.
 *
 * @example resultsTemplate(outcome, context).value
 */
export function resultsTemplate(outcome: FilterOutcome, context: FragmentContext) {
  const { result, widget } = outcome;
  const { t } = translatorOfLocale(context.locale);
  const pageNote = result.pages > 1 ? t('facets.pageOf', { page: result.page, pages: result.pages }) : '';
  return html`<div class="facet-filter__results">
  <h2 class="facet-filter__heading" tabindex="-1">${t('facets.products')}<span class="screen-reader-text">${pageNote}</span></h2>
  ${
    result.products.length === 0
      ? emptyState(outcome, context)
      : html`<ul class="facet-filter__grid" role="list" style="--facet-filter-configured-columns: ${widget.columns}">
        ${rawHtml(result.products.map((product, index) => productCardHtml(product, context, index < widget.columns)).join(''))}
      </ul>`
  }
  </div>`;
}
