// Corrections (KOR) for goods given back: every one passes the FA(3) schema, names the invoice it corrects, and its
// per-rate differences read back from the XML equal a second computation: the shop's tax module run again on the
// order as it stands after the return, minus the order as it was.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { Invoice } from '../../../client/api/invoices.js';
import { correctionFigures } from '../../../server/invoices/corrections/correction-lines.js';
import { fa3Problems, loadFa3Schema } from '../../../server/invoices/fa3/fa3-schema.js';
import { invoiceDraftOf } from '../../../server/invoices/invoice-draft.js';
import { issuedDocumentOf } from '../../../server/invoices/issue-invoice.js';
import type { Order } from '../../../server/store/schema.js';
import { BUYER_NIP, invoiceSite } from './invoice-site.js';
import { orderOf, TAX_CLASSES, type OrderSpec } from './order-fixture.js';
import { grosz, readFa3 } from './read-fa3.js';

// The schema checker loads once, before the checks below read XML with it.
await loadFa3Schema();

const NOW = new Date('2026-12-01T08:00:00.000Z');

const fieldsOf = (percent: number, label: string) =>
  percent === 23
    ? ['P_13_1', 'P_14_1']
    : percent === 8
      ? ['P_13_2', 'P_14_2']
      : percent === 5
        ? ['P_13_3', 'P_14_3']
        : label === 'zw'
          ? ['P_13_7']
          : ['P_13_6_1'];

/** Per FA(3) field, the order's net and VAT per rate (from its stored taxes). */
function rateFields(order: Order): Map<string, number> {
  const fields = new Map<string, number>();
  for (const line of order.taxes.tax_lines) {
    const [net, tax] = fieldsOf(line.rate_percent, line.label);
    fields.set(net!, (fields.get(net!) ?? 0) + line.net);
    if (tax) fields.set(tax, (fields.get(tax) ?? 0) + line.tax_total + line.shipping_tax_total + line.fee_tax_total);
  }
  return fields;
}

function invoiceOf(order: Order): Invoice {
  const { invoice } = issuedDocumentOf(invoiceDraftOf(order, invoiceSite(), NOW), 'FV/2026/12/1');
  return { ...invoice, id: 1 };
}

/** The correction's XML for `returned` units of each goods line (by index), made as issuing makes it. */
function correctionXml(invoice: Invoice, returned: number[]): string {
  const { lines, totals } = correctionFigures(
    invoice,
    returned.flatMap((quantity, index) => (quantity > 0 ? [{ position: index + 1, quantity }] : [])),
  );
  const sum = (pick: 'net' | 'tax' | 'gross') => totals.reduce((all, total) => all + total[pick], 0);
  const { id: _id, number: _number, hash: _hash, ...kept } = invoice;
  return issuedDocumentOf(
    {
      ...kept,
      type: 'KOR',
      lines,
      totals,
      total_net: sum('net'),
      total_tax: sum('tax'),
      total_gross: sum('gross'),
      correction: {
        reason: 'Zwrot towaru',
        invoice_id: invoice.id,
        number: invoice.number,
        issue_date: invoice.issue_date,
        ksef_number: null,
        refund_id: null,
      },
    },
    'KOR/2026/12/1',
  ).xml;
}

const cart = fc
  .record({
    lines: fc.array(
      fc.record({
        unitPrice: fc.integer({ min: 1, max: 500_000 }),
        quantity: fc.integer({ min: 1, max: 9 }),
        taxClass: fc.constantFrom(...TAX_CLASSES),
      }),
      { minLength: 1, maxLength: 5 },
    ),
    shipping: fc.array(fc.integer({ min: 0, max: 5_000 }), { maxLength: 1 }),
    pricesIncludeTax: fc.boolean(),
  })
  .chain((spec) =>
    fc.record({
      spec: fc.constant(spec),
      returned: fc.tuple(...spec.lines.map((line) => fc.integer({ min: 0, max: line.quantity }))),
    }),
  );

describe('a correction for goods given back', () => {
  it('passes the schema and states per rate what the tax module makes of the order after the return', () => {
    fc.assert(
      fc.property(cart, ({ spec, returned }) => {
        fc.pre(returned.some((quantity) => quantity > 0));
        // Delivery at the highest rate stays where it was when goods come back, as the correction keeps it.
        const full: OrderSpec = { ...spec, deliveryRule: 'highest', taxId: BUYER_NIP };
        const before = orderOf(9, full);
        const after = orderOf(9, {
          ...full,
          lines: spec.lines.map((line, index) => ({ ...line, quantity: line.quantity - returned[index]! })),
        });
        const invoice = invoiceOf(before);
        const xml = correctionXml(invoice, returned);
        assert.deepEqual(fa3Problems(xml), []);
        const read = readFa3(xml, ['fa:Fa/fa:DaneFaKorygowanej/fa:NrFaKorygowanej']);
        assert.equal(read.fa.RodzajFaktury, 'KOR');
        assert.equal(read.at['fa:Fa/fa:DaneFaKorygowanej/fa:NrFaKorygowanej'], invoice.number);
        const expected = new Map<string, number>();
        const was = rateFields(before);
        const is = rateFields(after);
        for (const field of new Set([...was.keys(), ...is.keys()]))
          expected.set(field, (is.get(field) ?? 0) - (was.get(field) ?? 0));
        const stated = Object.entries(read.fa).filter(([name]) => /^P_1[34]_/.test(name));
        for (const [field, amount] of stated) assert.equal(grosz(amount), expected.get(field), field);
        for (const [field, amount] of expected)
          if (amount !== 0) assert.ok(read.fa[field] !== undefined, `${field} is stated`);
        const totalDifference = Math.round(after.total * 100) - Math.round(before.total * 100);
        assert.equal(grosz(read.fa.P_15!), totalDifference);
        // Each corrected line appears as it was (StanPrzed) and as it is.
        assert.equal(read.rows.filter((row) => row.StanPrzed === '1').length, returned.filter((q) => q > 0).length);
      }),
      { numRuns: 40 },
    );
  });

  it('corrects a discounted line with the discount of the units left, valid against the schema', () => {
    const invoice = invoiceOf(
      orderOf(2, {
        taxId: BUYER_NIP,
        lines: [{ unitPrice: 10_000, quantity: 3, taxClass: 'standard', discount: 3_000 }],
      }),
    );
    const xml = correctionXml(invoice, [1]);
    assert.deepEqual(fa3Problems(xml), []);
    const [before, after] = readFa3(xml).rows;
    assert.equal(before!.StanPrzed, '1');
    assert.equal(grosz(before!.P_10!), 3_000);
    assert.equal(grosz(after!.P_10!), 2_000, 'two units of three keep two thirds of the discount');
    assert.equal(grosz(after!.P_11A!), 2 * 10_000 - 2_000);
  });

  it('refuses to give back more than a line holds', () => {
    const invoice = invoiceOf(orderOf(1, { lines: [{ unitPrice: 100, quantity: 2, taxClass: 'standard' }] }));
    assert.throws(() => correctionFigures(invoice, [{ position: 1, quantity: 3 }]), /holds 2 unit/);
    assert.throws(() => correctionFigures(invoice, [{ position: 7, quantity: 1 }]), /no line 7/);
  });
});
