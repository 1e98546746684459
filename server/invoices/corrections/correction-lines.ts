/**
 * The rows and differences of a correction for goods given back: each affected line of the corrected invoice twice,
 * as it stood (FA(3) `StanPrzed`) and as it stands after the return, and each rate's difference of net and VAT.
 *
 * The VAT after the return follows the rule the invoice was made by (server/tax/vat.ts): each rate's VAT is computed
 * once on that rate's remaining sum and rounded once; the difference from before is then shared among the affected
 * lines of the rate in proportion to what they gave back, so that rows and rates agree to the grosz.
 */
import type { Invoice, InvoiceLine, InvoiceRateTotal } from '../../../client/api/invoices.js';
import { computeVat, splitByLargestRemainder } from '../../tax/vat.js';
import { rateKeyOf } from '../invoice-lines.js';

/** What is given back of one line: `quantity` units, worth `amount` grosz as the invoice entered it (or its share). */
export interface ReturnedLine {
  position: number;
  quantity: number;
  amount?: number;
}

export interface CorrectionFigures {
  lines: InvoiceLine[];
  /** Per rate, after minus before (negative for a refund). */
  totals: InvoiceRateTotal[];
}

/** What a line's amount was entered as: with VAT when the shop's prices include it. */
const entered = (line: Pick<InvoiceLine, 'net' | 'gross'>, prices: Invoice['prices']) =>
  prices === 'gross' ? line.gross : line.net;

/** The VAT of `amount` at `percent`, rounded once (vat.ts's rule). */
function taxOf(amount: number, percent: number, prices: Invoice['prices']): number {
  if (amount <= 0 || percent === 0) return 0;
  return computeVat({
    pricesIncludeTax: prices === 'gross',
    lines: [{ amount, rate: { id: 1, percent } }],
    shipping: [],
    fees: [],
    deliveryRule: 'proportional',
  }).tax;
}

/**
 * @param invoice the invoice corrected
 * @param returned what comes back of which line; a line not named is unchanged
 * @throws RangeError when a line is named that the invoice does not have, or more comes back than it holds
 */
export function correctionFigures(invoice: Invoice, returned: readonly ReturnedLine[]): CorrectionFigures {
  const byPosition = new Map(invoice.lines.map((line) => [line.position, line]));
  const given = new Map<number, { quantity: number; amount: number }>();
  for (const item of returned) {
    const line = byPosition.get(item.position);
    if (!line) throw new RangeError(`Invoice ${invoice.number} has no line ${item.position}.`);
    const earlier = given.get(item.position) ?? { quantity: 0, amount: 0 };
    const quantity = earlier.quantity + item.quantity;
    if (item.quantity <= 0 || quantity > line.quantity)
      throw new RangeError(`Line ${item.position} of invoice ${invoice.number} holds ${line.quantity} unit(s).`);
    const share = item.amount ?? Math.round((entered(line, invoice.prices) * item.quantity) / line.quantity);
    given.set(item.position, { quantity, amount: Math.min(entered(line, invoice.prices), earlier.amount + share) });
  }

  const rows: InvoiceLine[] = [];
  const totals: InvoiceRateTotal[] = [];
  for (const key of new Set(invoice.lines.map(rateKeyOf))) {
    const ofRate = invoice.lines.filter((line) => rateKeyOf(line) === key);
    const code = ofRate[0]!.rate;
    const affected = ofRate.filter((line) => given.has(line.position));
    if (affected.length === 0) continue;
    const percent = ofRate[0]!.rate_percent;
    const before = ofRate.reduce((sum, line) => sum + entered(line, invoice.prices), 0);
    const back = affected.reduce((sum, line) => sum + given.get(line.position)!.amount, 0);
    const taxBefore = ofRate.reduce((sum, line) => sum + line.tax, 0);
    const taxChange = taxOf(before - back, percent, invoice.prices) - taxBefore;
    // Each affected line's share of the rate's change of VAT, in proportion to what it gave back.
    const taxShares = splitByLargestRemainder(
      -taxChange,
      affected.map((line) => BigInt(given.get(line.position)!.amount)),
    );
    const total: InvoiceRateTotal = { rate: code, rate_percent: percent, net: 0, tax: 0, gross: 0 };
    affected.forEach((line, index) => {
      const { quantity, amount } = given.get(line.position)!;
      const tax = line.tax - taxShares[index]!;
      const amountAfter = entered(line, invoice.prices) - amount;
      const net = invoice.prices === 'gross' ? amountAfter - tax : amountAfter;
      const left = line.quantity - quantity;
      // What is left of a discount goes with the units left, so that the row still reads price × quantity − discount.
      const discount = line.discount && {
        net: Math.round((line.discount.net * left) / line.quantity),
        gross: Math.round((line.discount.gross * left) / line.quantity),
      };
      const after: InvoiceLine = {
        ...line,
        quantity: left,
        ...(discount ? { discount } : {}),
        net,
        tax,
        gross: net + tax,
      };
      rows.push({ ...line, before: true }, { ...after, before: false });
      total.net += after.net - line.net;
      total.tax += after.tax - line.tax;
      total.gross += after.gross - line.gross;
    });
    totals.push(total);
  }
  return {
    lines: rows.map((line, index) => ({ ...line, position: index + 1 })),
    totals,
  };
}
