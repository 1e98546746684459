/**
 * The VAT rates of the EU's member states other than Poland, for sales to their consumers under the One-Stop Shop
 * (`checkout.oss_enabled`): each country's standard rate in the standard class and its most common reduced rate in
 * the reduced-rate class (a country without a reduced rate charges its standard rate there), and the 0% rate of an
 * intra-Community supply of goods in a class of its own. A new shop starts with them (tax-defaults.ts); an older
 * shop adds the ones it lacks (`POST vitrine/v1/taxes/eu-rates`), which never changes or brings back a rate the
 * manager has edited or deleted for that country and class. The rates are those the member states published for
 * 2025; they are the manager's to keep current.
 */
import {
  INTRA_COMMUNITY_SUPPLY_CLASS,
  STANDARD_TAX_CLASS,
  type TaxClass,
  type TaxData,
  type TaxRate,
} from '../../client/api/taxes.js';

/** Standard and reduced rate in percent, by country. */
const EU_RATES: Readonly<Record<string, readonly [standard: number, reduced: number]>> = {
  AT: [20, 10],
  BE: [21, 6],
  BG: [20, 9],
  CY: [19, 9],
  CZ: [21, 12],
  DE: [19, 7],
  DK: [25, 25],
  EE: [24, 9],
  ES: [21, 10],
  FI: [25.5, 14],
  FR: [20, 5.5],
  GR: [24, 13],
  HR: [25, 13],
  HU: [27, 18],
  IE: [23, 13.5],
  IT: [22, 10],
  LT: [21, 9],
  LU: [17, 8],
  LV: [21, 12],
  MT: [18, 7],
  NL: [21, 9],
  PT: [23, 13],
  RO: [21, 11],
  SE: [25, 12],
  SI: [22, 9.5],
  SK: [23, 19],
};

const REDUCED_TAX_CLASS = 'reduced-rate';

export const INTRA_COMMUNITY_SUPPLY_TAX_CLASS: TaxClass = {
  slug: INTRA_COMMUNITY_SUPPLY_CLASS,
  name: 'Intra-Community supply (WDT 0%)',
};

type NewRate = Omit<TaxRate, 'id' | 'order'>;

/**
 * A rate of one country and class, as a shop seeds it (no postcodes, applied to delivery). The country in the default
 * name tells the customer whose VAT it is, and tells the rates of one percent apart on the Taxes screen.
 */
export const countryTaxRate = (
  country: string,
  rateClass: string,
  percent: number,
  name = `VAT ${percent}% (${country})`,
): NewRate => ({
  country,
  state: '',
  postcodes: [],
  cities: [],
  rate: percent.toFixed(4),
  name,
  priority: 1,
  compound: false,
  shipping: true,
  class: rateClass,
});

/** Every EU rate a shop is offered, in the order they are listed. */
function euRates(): NewRate[] {
  const rates = Object.entries(EU_RATES).flatMap(([country, [standard, reduced]]) => [
    countryTaxRate(country, STANDARD_TAX_CLASS, standard),
    countryTaxRate(country, REDUCED_TAX_CLASS, reduced),
  ]);
  return [...rates, countryTaxRate('', INTRA_COMMUNITY_SUPPLY_CLASS, 0, 'WDT 0%')];
}

/**
 * Adds to `taxes` the EU rates whose country and class have no rate yet, and the intra-Community supply class when it
 * is missing; answers how many rates it added. A class the shop deleted is not brought back, nor are its rates,
 * except the intra-Community supply class, which reverse charge needs.
 * @example addMissingEuRates(defaultTaxes()) // 0: a new shop has them all
 */
export function addMissingEuRates(taxes: TaxData): number {
  if (!taxes.classes.some((taxClass) => taxClass.slug === INTRA_COMMUNITY_SUPPLY_CLASS))
    taxes.classes.push({ ...INTRA_COMMUNITY_SUPPLY_TAX_CLASS });
  const classes = new Set(taxes.classes.map((taxClass) => taxClass.slug));
  const present = new Set(taxes.rates.map((rate) => `${rate.country}|${rate.class}`));
  let order = taxes.rates.reduce((highest, rate) => Math.max(highest, rate.order), -1);
  let added = 0;
  for (const rate of euRates()) {
    if (!classes.has(rate.class) || present.has(`${rate.country}|${rate.class}`)) continue;
    taxes.last_rate_id += 1;
    taxes.rates.push({ ...rate, id: taxes.last_rate_id, order: ++order });
    added += 1;
  }
  return added;
}
