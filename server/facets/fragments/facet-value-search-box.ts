/**
 * A list facet's own search box ("Search brands"), for facets with more values than they show. It is an input of the
 * widget's GET form named `sf_<facet>_search`: Enter sends the form, with or without JavaScript (the element lets a
 * form with a changed search go), and the page lists the matching values, the filters as they were. The search
 * narrows the list, never the products. `GET /facet/v1/facets/{name}/values` answers the same search as JSON.
 */
import { translatorOfLocale } from '../../i18n/translator.js';
import { escapeAttribute } from '../../../client/html/escape.js';
import { facetSearchVariable, MAX_FACET_SEARCH_LENGTH } from '../../../client/facet-filter/query-state.js';
import type { ListFacetResult } from '../engine/engine.js';
import { matchingFacetValues } from '../filter/facet-value-search.js';
import type { VisibleFacetValue, VisibleFacetValues } from './visible-facet-values.js';

/** How many matches a searched facet lists; more means the shopper should type more. */
export const MAX_SEARCH_MATCHES = 30;

/**
 * "Search brands" from the label "Brand" in English, a plain English plural in lower case; other languages name the
 * label as it is ("Szukaj: Marka"), since a plural made from an editor's label is English grammar only.
 */
export function facetSearchLabel(label: string, locale = 'en'): string {
  const { language, t } = translatorOfLocale(locale);
  if (language !== 'en') return t('facets.searchValues', { label });
  const word = label.toLowerCase();
  const plural = /s$/.test(word) ? word : /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`;
  return t('facets.searchValues', { label: plural });
}

/** The search box's HTML; every text through the escape module. */
export function facetSearchBoxHtml(facet: ListFacetResult, search: string, locale?: string): string {
  const { name, label } = facet.definition;
  const text = escapeAttribute(facetSearchLabel(label, locale));
  return (
    `<label class="facet-filter__value-search"><span class="screen-reader-text">${text}</span>` +
    `<input class="facet-filter__value-search-input" type="search" name="${escapeAttribute(facetSearchVariable(name))}" value="${escapeAttribute(search)}"` +
    ` placeholder="${text}" maxlength="${MAX_FACET_SEARCH_LENGTH}" autocomplete="off" data-facet-search="${escapeAttribute(name)}"` +
    // The page answers the search typed here (a GET): the focus comes back to the box, beside its matches.
    `${search ? ' autofocus' : ''} /></label>`
  );
}

/**
 * The values a searched facet lists: the matches (most products first), then the selected values that do not match,
 * since a selection must stay visible to be undone.
 */
export function searchedFacetValues(facet: ListFacetResult, search: string, locale?: string): VisibleFacetValues {
  const matches = matchingFacetValues(facet, search, locale);
  const listed = matches.slice(0, MAX_SEARCH_MATCHES);
  const listedValues = new Set(listed.map((match) => match.value));
  const chosenElsewhere = facet.values.flatMap((info, index) =>
    facet.selected.includes(info.value) && !listedValues.has(info.value)
      ? [{ value: info.value, label: info.label, count: facet.counts[index] ?? 0, selected: true }]
      : [],
  );
  const toVisible = (match: Omit<VisibleFacetValue, 'depth'>): VisibleFacetValue => ({ ...match, depth: 0 });
  return { shown: [...listed, ...chosenElsewhere].map(toVisible), more: [], omitted: matches.length - listed.length };
}
