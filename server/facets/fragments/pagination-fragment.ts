/**
 * The pagination region: real links for previous, next and a window of page numbers with ellipses, inside a
 * labelled `<nav>`; the current page is plain text marked with `aria-current="page"`. Nothing when everything fits one
 * page.
 */
import { translatorOfLocale } from '../../i18n/translator.js';
import { EMPTY_HTML, safeHtml as html } from '../../html/safe-html.js';
import { withPage } from '../../../client/facet-filter/query-state.js';
import type { FilterOutcome } from '../facet-service.js';
import { stateHref, type FragmentContext } from './fragment-context.js';

/** A gap between page numbers, drawn as an ellipsis. */
export const PAGE_GAP = 'gap';

/**
 * The page numbers to show: the first, the last, and `around` pages either side of the current one; a gap of a
 * single page is shown as that page, since an ellipsis would hide no more than a number.
 *
 * @example pageWindow(7, 20) // [1, 'gap', 5, 6, 7, 8, 9, 'gap', 20]
 */
export function pageWindow(page: number, pages: number, around = 2): Array<number | typeof PAGE_GAP> {
  const wanted = new Set([1, pages]);
  for (let offset = -around; offset <= around; offset++) wanted.add(page + offset);
  const numbers = [...wanted].filter((number) => number >= 1 && number <= pages).sort((a, b) => a - b);
  const items: Array<number | typeof PAGE_GAP> = [];
  numbers.forEach((number, index) => {
    const previous = numbers[index - 1];
    if (previous !== undefined && number - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && number - previous > 2) items.push(PAGE_GAP);
    items.push(number);
  });
  return items;
}

/**
 * The pagination of an outcome.
 *
 * @example paginationTemplate(outcome, context).value
 */
export function paginationTemplate(outcome: FilterOutcome, context: FragmentContext) {
  const { page, pages, state } = outcome.result;
  // Empty, with no marker: Lit SSR rendered an empty template as `<?>`, in a page and in /filter's answer alike.
  if (pages <= 1) return EMPTY_HTML;
  const href = (number: number) => stateHref(context.basePath, withPage(state, number), outcome.schema);
  const { t } = translatorOfLocale(context.locale);
  const pageWord = t('facets.page');
  return html`<nav class="facet-filter__pagination" aria-label="${t('facets.pages')}">
    <ul class="facet-filter__pages" role="list">
      <li>${
        page > 1
          ? html`<a class="facet-filter__page facet-filter__page--previous" href="${href(page - 1)}" rel="prev">‹ ${t('facets.previous')}<span class="screen-reader-text"> ${t('facets.pageSuffix')}</span></a>`
          : ''
      }</li>
      ${pageWindow(page, pages).map((item) =>
        item === PAGE_GAP
          ? html`<li><span class="facet-filter__page-gap" aria-hidden="true">…</span></li>`
          : item === page
            ? // Not a link: a site's "a { color }" outranks any zero-specificity default, and painted the number in the
              // colour of its own background. A link to the page one is on has nothing to offer anyway.
              html`<li><span class="facet-filter__page facet-filter__page--current" aria-current="page"><span class="screen-reader-text">${pageWord} </span>${item}</span></li>`
            : html`<li><a class="facet-filter__page" href="${href(item)}"><span class="screen-reader-text">${pageWord} </span>${item}</a></li>`,
      )}
      <li>${
        page < pages
          ? html`<a class="facet-filter__page facet-filter__page--next" href="${href(page + 1)}" rel="next">${t('facets.next')}<span class="screen-reader-text"> ${t('facets.pageSuffix')}</span> ›</a>`
          : ''
      }</li>
    </ul>
  </nav>`;
}
