/**
 * A facet value's label as the shopper reads it. The catalog's own names (brands, colours, categories) are shown as
 * the shop wrote them; what the index names by itself, a rating threshold or the "no" of a yes-or-no facet offered as
 * a list, is written in the shopper's language.
 */
import { translatorOfLocale } from '../../i18n/translator.js';
import type { FacetDefinition } from '../config.js';
import { availableSources } from '../sources.js';
import { formatCount } from './fragment-context.js';

/** The product fields a facet reads as yes or no (in stock, on sale, new): fixed, whatever the catalog. */
const YES_OR_NO_SOURCES = new Set(
  availableSources({ attributes: [] })
    .filter((spec) => spec.kind === 'boolean')
    .map((spec) => spec.source),
);

/** Whether a facet reads a product field as yes or no: its values' labels then name the facet themselves. */
export function isYesOrNo(definition: Pick<FacetDefinition, 'source'>): boolean {
  return YES_OR_NO_SOURCES.has(definition.source);
}

/**
 * @example valueLabel(ratingFacet, '4', '4 stars & up', 'pl-PL') === 'od 4 gwiazdek'
 * @example valueLabel(inStockFacet, '0', 'Not dostępne', 'pl-PL') === 'Dostępne: nie'
 */
export function valueLabel(
  definition: Pick<FacetDefinition, 'type' | 'source' | 'label'>,
  value: string,
  label: string,
  locale?: string,
): string {
  if (definition.type === 'rating') {
    const stars = Number(value);
    return translatorOfLocale(locale).t('facets.ratingAtLeast', {
      count: stars,
      formatted: formatCount(stars, locale),
    });
  }
  if (value === '0' && isYesOrNo(definition))
    return translatorOfLocale(locale).t('facets.notValue', { label: definition.label });
  return label;
}
