/**
 * The lines that show an order's VAT beside its total: the net amount, each rate that charged VAT (a 0% or exempt
 * rate adds nothing to read), and the gross amount. Shared by the shop's pages and the order e-mails, each with its
 * own texts and money format.
 */
import type { OrderTaxes } from '../../client/api/taxes.js';

export interface VatLineTexts {
  net: string;
  /** A rate inside gross prices, e.g. "incl. VAT 23%". */
  included: (label: string) => string;
  /** A rate added to net prices, e.g. "VAT 23%". */
  added: (label: string) => string;
  gross: string;
}

export interface VatLine {
  label: string;
  amount: string;
}

/**
 * @param gross what the customer pays, in minor units
 * @param format writes an amount in minor units as money
 * @returns none when no VAT was charged
 */
export function vatLines(
  taxes: OrderTaxes,
  gross: number,
  format: (minor: number) => string,
  t: VatLineTexts,
): VatLine[] {
  const rates = taxes.tax_lines
    .map((line) => ({ line, tax: line.tax_total + line.shipping_tax_total + line.fee_tax_total }))
    .filter(({ tax }) => tax > 0);
  if (rates.length === 0) return [];
  return [
    { label: t.net, amount: format(gross - taxes.total_tax) },
    ...rates.map(({ line, tax }) => ({
      label: taxes.prices_include_tax ? t.included(line.label) : t.added(line.label),
      amount: format(tax),
    })),
    { label: t.gross, amount: format(gross) },
  ];
}
