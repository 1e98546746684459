/**
 * The tax classes and rates a new shop starts with: a Polish VAT payer's (23% standard, 8% and 5% reduced, 0%, and
 * exempt "zw"), and the other EU member states' rates (eu-tax-rates.ts). The manager edits them through `wc/v3/taxes`; a store opened before taxes existed reads these.
 */
import type { TaxData, TaxRate } from '../../client/api/taxes.js';
import { addMissingEuRates, countryTaxRate } from './eu-tax-rates.js';

const rate = (id: number, rateClass: string, percent: number, name: string): TaxRate => ({
  ...countryTaxRate('PL', rateClass, percent, name),
  id,
  order: id - 1,
});

export function defaultTaxes(): TaxData {
  const taxes: TaxData = {
    classes: [
      { slug: 'standard', name: 'Standard rate' },
      { slug: 'reduced-rate', name: 'Reduced rate' },
      { slug: 'super-reduced-rate', name: 'Super reduced rate' },
      { slug: 'zero-rate', name: 'Zero rate' },
      { slug: 'zw', name: 'Exempt (zw)' },
    ],
    rates: [
      rate(1, 'standard', 23, 'VAT 23%'),
      rate(2, 'reduced-rate', 8, 'VAT 8%'),
      rate(3, 'super-reduced-rate', 5, 'VAT 5%'),
      rate(4, 'zero-rate', 0, 'VAT 0%'),
      rate(5, 'zw', 0, 'zw'),
    ],
    last_rate_id: 5,
  };
  // The other member states' rates, for consumers abroad once the One-Stop Shop is switched on.
  addMissingEuRates(taxes);
  return taxes;
}
