/**
 * The tables of a printed invoice: its lines (goods, delivery, fees) and its VAT per rate, with the sums of the
 * rates as the last row. Figures come from the invoice as issued; nothing is recomputed here.
 */
import type { Content, TableCell } from 'pdfmake/interfaces.js';
import type { Invoice, InvoiceLine } from '../../../client/api/invoices.js';
import type { Translator } from '../../i18n/translator.js';
import type { InvoiceFigures } from './invoice-figures.js';

const header = (text: string): TableCell => ({ text, style: 'tableHeader' });
const figure = (text: string, bold = false): TableCell => ({ text, alignment: 'right', noWrap: true, bold });

/** The lines, with the unit price the shop entered its prices in (net or gross), as art. 106e allows either. */
export function linesTable(
  invoice: Invoice,
  lines: readonly InvoiceLine[],
  { t }: Translator,
  figures: InvoiceFigures,
): Content {
  const grossPrices = invoice.prices === 'gross';
  // A discount column only when a line has one: its price is then before the discount, its values after it.
  const discounted = lines.some((line) => line.discount);
  const discountOf = (line: InvoiceLine): TableCell[] => {
    if (!discounted) return [];
    if (!line.discount) return [{ text: '' }];
    return [figure(figures.money(grossPrices ? line.discount.gross : line.discount.net))];
  };
  const body: TableCell[][] = [
    [
      header(t('invoices.pdfPosition')),
      header(t('invoices.pdfName')),
      header(t('invoices.pdfUnit')),
      header(t('invoices.pdfQuantity')),
      header(grossPrices ? t('invoices.pdfUnitGross') : t('invoices.pdfUnitNet')),
      ...(discounted ? [header(t('invoices.pdfDiscount'))] : []),
      header(t('invoices.pdfRate')),
      header(t('invoices.pdfNet')),
      header(t('invoices.pdfTax')),
      header(t('invoices.pdfGross')),
    ],
    ...lines.map((line) => [
      { text: String(line.position) },
      { text: line.name },
      { text: line.unit },
      figure(figures.quantity(line.quantity)),
      figure(figures.money(grossPrices ? line.unit_gross : line.unit_net)),
      ...discountOf(line),
      figure(figures.rate(line)),
      figure(figures.money(line.net)),
      figure(figures.money(line.tax)),
      figure(figures.money(line.gross)),
    ]),
  ];
  return {
    table: { headerRows: 1, widths: ['auto', '*', ...Array<string>(discounted ? 8 : 7).fill('auto')], body },
    layout: 'lightHorizontalLines',
    style: 'table',
  };
}

/** VAT per rate (in a correction, the differences per rate) and their sums. */
export function ratesTable(invoice: Invoice, { t }: Translator, figures: InvoiceFigures): Content {
  const body: TableCell[][] = [
    [
      header(t('invoices.pdfRate')),
      header(t('invoices.pdfNet')),
      header(t('invoices.pdfTax')),
      header(t('invoices.pdfGross')),
    ],
    ...invoice.totals.map((total) => [
      { text: figures.rate(total) },
      figure(figures.money(total.net)),
      figure(figures.money(total.tax)),
      figure(figures.money(total.gross)),
    ]),
    [
      { text: t('invoices.pdfTotal'), bold: true },
      figure(figures.money(invoice.total_net), true),
      figure(figures.money(invoice.total_tax), true),
      figure(figures.money(invoice.total_gross), true),
    ],
  ];
  return {
    table: { headerRows: 1, widths: ['*', 'auto', 'auto', 'auto'], body },
    layout: 'lightHorizontalLines',
    style: 'table',
  };
}
