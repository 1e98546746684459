/**
 * A facet value's label as the shopper reads it. The catalog's own names (brands, colours, categories) are shown as
 * the shop wrote them; a rating threshold, which the index names by number, is written in the shopper's language.
 */
import { translatorOfLocale } from '../../i18n/translator.js';
import type { FacetDefinition } from '../config.js';
import { formatCount } from './fragment-context.js';

/**
 * @example valueLabel(ratingFacet, '4', '4 stars & up', 'pl-PL') === 'od 4 gwiazdek'
 */
export function valueLabel(
  definition: Pick<FacetDefinition, 'type'>,
  value: string,
  label: string,
  locale?: string,
): string {
  if (definition.type !== 'rating') return label;
  const stars = Number(value);
  return translatorOfLocale(locale).t('facets.ratingAtLeast', { count: stars, formatted: formatCount(stars, locale) });
}
