/**
 * Which of the shop's tax rates applies to a product of a given class bought by a customer in a given place, as
 * WooCommerce chooses: rates of the product's class whose country (and postcodes, when the rate has any) match, the
 * lowest priority first, the more specific rate (a country before every country, postcodes before none) before the
 * less. One rate per line: compound rates are not stacked on top.
 */
import { STANDARD_TAX_CLASS, type TaxRate, type TaxStatus } from '../../client/api/taxes.js';

export interface TaxPlace {
  /** ISO 3166-1 alpha-2. */
  country: string;
  postcode: string;
}

/** Whether `postcode` matches a rate's pattern: exact, or a prefix ending in `*` (`00-*`), ignoring case and spaces. */
function postcodeMatches(pattern: string, postcode: string): boolean {
  const tidy = (text: string) => text.replace(/\s+/g, '').toUpperCase();
  const wanted = tidy(pattern);
  const given = tidy(postcode);
  return wanted.endsWith('*') ? given.startsWith(wanted.slice(0, -1)) : given === wanted;
}

const specificity = (rate: TaxRate) => (rate.country ? 2 : 0) + (rate.postcodes.length ? 1 : 0);

/**
 * @param taxClass the product's class slug ('' or `standard`: the standard class)
 * @example matchingRate(defaultTaxes().rates, 'reduced-rate', { country: 'PL', postcode: '00-950' })?.rate // '8.0000'
 */
export function matchingRate(rates: readonly TaxRate[], taxClass: string, place: TaxPlace): TaxRate | null {
  const slug = taxClass === '' ? STANDARD_TAX_CLASS : taxClass;
  const country = place.country.toUpperCase();
  const candidates = rates.filter(
    (rate) =>
      rate.class === slug &&
      (rate.country === '' || rate.country === country) &&
      (rate.postcodes.length === 0 || rate.postcodes.some((pattern) => postcodeMatches(pattern, place.postcode))),
  );
  candidates.sort((a, b) => a.priority - b.priority || specificity(b) - specificity(a) || a.order - b.order);
  return candidates[0] ?? null;
}

/** The rate a product line is taxed at: none for a product that is not taxable. */
export function lineRate(
  rates: readonly TaxRate[],
  product: { tax_status?: TaxStatus; tax_class?: string },
  place: TaxPlace,
): TaxRate | null {
  if (product.tax_status === 'none' || product.tax_status === 'shipping') return null;
  return matchingRate(rates, product.tax_class ?? '', place);
}
