/**
 * The lines that show an order's VAT beside its total: the net amount, each rate that charged VAT (a 0% or exempt
 * rate adds nothing to read; an intra-Community supply says it is one), and the gross amount. Shared by the shop's pages and the order e-mails, each with its
 * reader's language and money format.
 */
import type { OrderTaxes } from '../../client/api/taxes.js';
import type { Translate } from '../i18n/translator.js';

export interface VatLine {
  label: string;
  amount: string;
}

/**
 * @param gross what the customer pays, in minor units
 * @param format writes an amount in minor units as money
 * @returns none when no VAT was charged
 */
export function vatLines(taxes: OrderTaxes, gross: number, format: (minor: number) => string, t: Translate): VatLine[] {
  const rates = taxes.tax_lines
    .map((line) => ({ line, tax: line.tax_total + line.shipping_tax_total + line.fee_tax_total }))
    .filter(({ tax }) => tax > 0);
  // An intra-Community supply charges none, and says why: the buyer accounts for the VAT.
  if (taxes.scheme?.kind === 'intra_community_supply')
    return [
      { label: t('vat.net'), amount: format(gross) },
      { label: t('vat.intraCommunitySupply'), amount: format(0) },
      { label: t('vat.gross'), amount: format(gross) },
    ];
  if (rates.length === 0) return [];
  return [
    { label: t('vat.net'), amount: format(gross - taxes.total_tax) },
    ...rates.map(({ line, tax }) => ({
      // A rate inside gross prices reads "incl. VAT 23%"; one added to net prices is the rate's own label, "VAT 23%".
      label: taxes.prices_include_tax ? t('vat.included', { rate: line.label }) : line.label,
      amount: format(tax),
    })),
    { label: t('vat.gross'), amount: format(gross) },
  ];
}
