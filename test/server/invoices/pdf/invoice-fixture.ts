/**
 * A small builder of test invoices, independent of the code that issues them: the gross prices of a few lines at
 * their rates, from which it works out the VAT of each rate on the rate's gross sum (the way Polish VAT is computed on
 * an invoice in gross prices), the net values and the totals. Everything else is fixed sample data.
 */
import type { Invoice, InvoiceLine, InvoiceRateCode, InvoiceRateTotal } from '../../../../client/api/invoices.js';

export interface FixtureLine {
  name: string;
  quantity: number;
  unitGross: number;
  rate: InvoiceRateCode;
}

const percentOf = (rate: InvoiceRateCode) => (/^\d+$/.test(rate) ? Number(rate) : 0);
/** VAT inside a gross amount, rounded half away from zero to the grosz, in integers only. */
const vatInGross = (gross: number, percent: number) => {
  const scaled = BigInt(gross) * BigInt(percent) * 2n;
  const divisor = BigInt(100 + percent) * 2n;
  const sign = scaled < 0n ? -1n : 1n;
  const magnitude = scaled < 0n ? -scaled : scaled;
  return Number(sign * ((magnitude + divisor / 2n) / divisor));
};

export function fixtureLines(lines: readonly FixtureLine[], before = false): InvoiceLine[] {
  return lines.map((line, index) => {
    const percent = percentOf(line.rate);
    const gross = line.unitGross * line.quantity;
    const tax = vatInGross(gross, percent);
    return {
      position: index + 1,
      name: line.name,
      unit: 'szt.',
      quantity: line.quantity,
      unit_net: line.unitGross - vatInGross(line.unitGross, percent),
      unit_gross: line.unitGross,
      net: gross - tax,
      tax,
      gross,
      rate: line.rate,
      rate_percent: percent,
      product_id: index + 1,
      ...(before ? { before: true } : {}),
    };
  });
}

/** Per rate: the sum of the lines' gross, the VAT on that sum, the net as the rest. */
export function fixtureTotals(lines: readonly InvoiceLine[], sign = 1): InvoiceRateTotal[] {
  const grossByRate = new Map<InvoiceRateCode, number>();
  for (const line of lines) grossByRate.set(line.rate, (grossByRate.get(line.rate) ?? 0) + sign * line.gross);
  return [...grossByRate].map(([rate, gross]) => {
    const tax = vatInGross(gross, percentOf(rate));
    return { rate, rate_percent: percentOf(rate), net: gross - tax, tax, gross };
  });
}

export function fixtureInvoice(lines: readonly FixtureLine[], changes: Partial<Invoice> = {}): Invoice {
  const invoiceLines = fixtureLines(lines);
  const totals = fixtureTotals(invoiceLines);
  const sum = (key: 'net' | 'tax' | 'gross') => totals.reduce((total, rate) => total + rate[key], 0);
  return {
    id: 7,
    number: 'FV/2026/12/7',
    type: 'VAT',
    order_id: 42,
    order_number: '1042',
    issued_at: '2026-12-02T10:15:00+01:00',
    issue_date: '2026-12-02',
    sale_date: '2026-12-01',
    place_of_issue: 'Kraków',
    currency: 'PLN',
    seller: {
      name: 'Sklep Źdźbło Sp. z o.o.',
      tax_id: '5260250274',
      address: { street: 'ul. Łąkowa 12', postcode: '30-001', city: 'Kraków', country: 'PL' },
      email: 'sklep@example.com',
    },
    buyer: {
      name: 'Żółta Łódź Spółka Jawna',
      tax_id: '7740001454',
      address: { street: 'ul. Ściegiennego 5', postcode: '25-033', city: 'Kielce', country: 'PL' },
      email: 'biuro@example.com',
    },
    prices: 'gross',
    lines: invoiceLines,
    totals,
    total_net: sum('net'),
    total_tax: sum('tax'),
    total_gross: sum('gross'),
    payment: {
      method: 'bacs',
      method_label: 'Przelew bankowy',
      paid: false,
      paid_at: null,
      due_date: '2026-12-16',
      bank_account: 'PL61109010140000071219812874',
    },
    correction: null,
    hash: 'n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=',
    ksef: {
      status: 'not_applicable',
      number: null,
      sent_at: null,
      upo: null,
      errors: [],
      attempts: 0,
      next_attempt_at: null,
    },
    ...changes,
  };
}
