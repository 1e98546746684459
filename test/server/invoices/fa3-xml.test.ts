// FA(3) XML of invoices built from random orders: every one passes the Ministry's schema, and its per-rate totals
// (P_13_x, P_14_x) and total due (P_15), read back from the XML, equal the order's VAT per rate and total. A line a
// coupon discounted states its price before the discount (P_9A/P_9B) and the discount (P_10) as the order entered it.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { fa3Problems, loadFa3Schema } from '../../../server/invoices/fa3/fa3-schema.js';
import { invoiceDraftOf } from '../../../server/invoices/invoice-draft.js';
import { invoiceHash, issuedDocumentOf } from '../../../server/invoices/issue-invoice.js';
import type { Order } from '../../../server/store/schema.js';
import { minorUnits } from '../../../server/tax/order-taxes.js';
import { BUYER_NIP, invoiceSite } from './invoice-site.js';
import { orderOf, TAX_CLASSES, type OrderSpec } from './order-fixture.js';
import { grosz, readFa3 } from './read-fa3.js';

// The schema checker loads once, before the checks below read XML with it.
await loadFa3Schema();

const NOW = new Date('2026-12-01T08:00:00.000Z');

/** The FA(3) fields of each default rate, written out here from the schema's documentation, apart from the builder. */
function expectedFields(order: Order): Map<string, number> {
  const fields = new Map<string, number>();
  const add = (field: string, amount: number) => fields.set(field, (fields.get(field) ?? 0) + amount);
  const { scheme } = order.taxes;
  for (const line of order.taxes.tax_lines) {
    const tax = line.tax_total + line.shipping_tax_total + line.fee_tax_total;
    // A rate of the OSS consumer's country (`DE-VAT 19%-1`): the special procedure's pair, whatever its percent.
    const pair =
      scheme?.kind === 'oss' && line.rate_code.startsWith(`${scheme.country}-`)
        ? ['P_13_5', 'P_14_5']
        : line.rate_percent === 23
          ? ['P_13_1', 'P_14_1']
          : line.rate_percent === 8
            ? ['P_13_2', 'P_14_2']
            : line.rate_percent === 5
              ? ['P_13_3', 'P_14_3']
              : line.label === 'zw'
                ? ['P_13_7']
                : ['P_13_6_1'];
    add(pair[0]!, line.net);
    if (pair[1]) add(pair[1], tax);
  }
  return fields;
}

/**
 * A line, and what a coupon took off it: nothing, or part of it (a line taken down to nothing carries no VAT share in
 * the order, so its rate is not known: see docs/invoices.md).
 */
const lineSpec = fc
  .record({
    unitPrice: fc.integer({ min: 1, max: 2_000_000 }),
    quantity: fc.integer({ min: 1, max: 25 }),
    taxClass: fc.constantFrom(...TAX_CLASSES),
    discountShare: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.99, noNaN: true })),
  })
  .map(({ discountShare, ...line }): OrderSpec['lines'][number] => {
    const discount = Math.floor(line.unitPrice * line.quantity * discountShare);
    return discount > 0 ? { ...line, discount } : line;
  });

const orderSpec: fc.Arbitrary<OrderSpec> = fc
  .record({
    lines: fc.array(lineSpec, { minLength: 1, maxLength: 6 }),
    shipping: fc.array(fc.integer({ min: 0, max: 5_000 }), { maxLength: 1 }),
    fees: fc.array(fc.integer({ min: 1, max: 1_500 }), { maxLength: 1 }),
    pricesIncludeTax: fc.boolean(),
    deliveryRule: fc.constantFrom('proportional' as const, 'highest' as const),
    taxId: fc.constantFrom('', BUYER_NIP, 'DE136695976'),
    paid: fc.boolean(),
  })
  .chain((spec) =>
    // A consumer may be abroad under the One-Stop Shop: each country has a standard and a reduced rate (Finland's standard
    // one has a fraction, 25.5%), the other classes keep the Polish rates.
    spec.taxId === ''
      ? fc.constantFrom(undefined, 'DE', 'FI').map((ossCountry) => (ossCountry ? { ...spec, ossCountry } : spec))
      : fc.constant(spec),
  );

describe('FA(3) XML of an invoice', () => {
  it('passes the schema and states the order’s VAT per rate and total due, for any order', () => {
    fc.assert(
      fc.property(orderSpec, (spec) => {
        const order = orderOf(42, spec);
        const { invoice, xml } = issuedDocumentOf(invoiceDraftOf(order, invoiceSite(), NOW), 'FV/2026/12/1');
        assert.deepEqual(fa3Problems(xml), []);
        const read = readFa3(xml);
        const stated = new Map(
          Object.entries(read.fa)
            .filter(([name]) => /^P_1[34]_/.test(name))
            .map(([name, value]) => [name, grosz(value)]),
        );
        assert.deepEqual(stated, expectedFields(order));
        assert.equal(grosz(read.fa.P_15!), minorUnits(order.total));
        // The lines of each rate add up to the rate's net total.
        const netByRate = new Map<string, number>();
        for (const row of read.rows) {
          const rate = row.P_12 ?? `OSS ${row.P_12_XII}`;
          netByRate.set(rate, (netByRate.get(rate) ?? 0) + grosz(row.P_11!));
        }
        for (const total of invoice.totals) {
          const rate = total.rate === 'OSS' ? `OSS ${total.rate_percent}` : total.rate;
          assert.equal(netByRate.get(rate), total.net, `lines at ${rate}`);
        }
        assert.equal(invoice.hash, invoiceHash(xml));
        // Each discounted line: its discount as the order entered it, and its price before it.
        const gross = order.taxes.prices_include_tax;
        order.lines.forEach((line, index) => {
          const row = read.rows[index]!;
          if (!line.discount) return assert.equal(row.P_10, undefined, `line ${index + 1} has no discount`);
          assert.equal(grosz(row.P_10!), line.discount, `line ${index + 1}'s discount`);
          assert.equal(
            grosz(gross ? row.P_9B! : row.P_9A!),
            Math.round(Math.round(line.line_total * 100) / line.quantity),
          );
          const value = grosz(gross ? row.P_11A! : row.P_11!);
          assert.equal(value, Math.round(line.line_total * 100) - line.discount, `line ${index + 1}'s value`);
        });
      }),
      {
        numRuns: 60,
        // A free delivery beside a line whose VAT rounds to nothing: no VAT share on the delivery, and no exempt sale.
        examples: [
          [
            {
              lines: [{ unitPrice: 1, quantity: 1, taxClass: 'standard' }],
              shipping: [0],
              fees: [],
              pricesIncludeTax: false,
              deliveryRule: 'proportional',
              taxId: '',
              paid: false,
            },
          ],
        ],
      },
    );
  });

  it('names a company buyer by NIP, a consumer with no tax number, and escapes what the order says', () => {
    const xpaths = ['fa:Podmiot2/fa:DaneIdentyfikacyjne/fa:NIP', 'fa:Podmiot2/fa:DaneIdentyfikacyjne/fa:BrakID'];
    const lines: OrderSpec['lines'] = [
      { unitPrice: 12_300, quantity: 2, taxClass: 'standard', title: 'Kubek <b>&</b>' },
    ];
    const company = issuedDocumentOf(
      invoiceDraftOf(orderOf(1, { lines, taxId: `PL${BUYER_NIP}` }), invoiceSite(), NOW),
      'FV/2026/12/1',
    );
    const consumer = issuedDocumentOf(invoiceDraftOf(orderOf(2, { lines }), invoiceSite(), NOW), 'FV/2026/12/2');
    assert.deepEqual(readFa3(company.xml, xpaths).at, { [xpaths[0]!]: BUYER_NIP, [xpaths[1]!]: null });
    assert.deepEqual(readFa3(consumer.xml, xpaths).at, { [xpaths[0]!]: null, [xpaths[1]!]: '1' });
    assert.equal(readFa3(company.xml).rows[0]!.P_7, 'Kubek <b>&</b>');
    assert.match(company.xml, /Kubek &lt;b&gt;&amp;&lt;\/b&gt;/);
  });

  it('marks an intra-Community supply as 0 WDT (P_13_6_2) to the buyer’s EU VAT number, and passes the schema', () => {
    const order = orderOf(7, {
      lines: [
        { unitPrice: 12_300, quantity: 2, taxClass: 'standard' },
        { unitPrice: 5_400, quantity: 1, taxClass: 'reduced-rate' },
      ],
      shipping: [4_000],
      taxId: 'DE136695976',
      intraCommunitySupply: true,
    });
    const { xml } = issuedDocumentOf(invoiceDraftOf(order, invoiceSite(), NOW), 'FV/2026/12/7');
    assert.deepEqual(fa3Problems(xml), []);
    const xpaths = ['fa:Podmiot2/fa:DaneIdentyfikacyjne/fa:KodUE', 'fa:Podmiot2/fa:DaneIdentyfikacyjne/fa:NrVatUE'];
    const read = readFa3(xml, xpaths);
    assert.deepEqual(read.at, { [xpaths[0]!]: 'DE', [xpaths[1]!]: '136695976' });
    assert.deepEqual(
      read.rows.map((row) => row.P_12),
      ['0 WDT', '0 WDT', '0 WDT'],
    );
    // The whole amount is the net of the supply: no VAT field at all, and nothing at a Polish rate.
    assert.equal(grosz(read.fa.P_13_6_2!), 12_300 * 2 + 5_400 + 4_000);
    assert.deepEqual(
      Object.keys(read.fa).filter((name) => /^P_1[34]_/.test(name)),
      ['P_13_6_2'],
    );
    assert.equal(grosz(read.fa.P_15!), 12_300 * 2 + 5_400 + 4_000);
  });

  it('states a One-Stop Shop sale at the consumer’s country’s rates in P_12_XII and P_13_5/P_14_5, and passes the schema', () => {
    const order = orderOf(8, {
      lines: [
        { unitPrice: 11_900, quantity: 2, taxClass: 'standard' },
        { unitPrice: 10_700, quantity: 1, taxClass: 'reduced-rate' },
        // Germany has no rate in this class in the shop: the Polish 0% applies and is stated as such.
        { unitPrice: 3_000, quantity: 1, taxClass: 'zero-rate' },
      ],
      taxId: '',
      ossCountry: 'DE',
    });
    const { invoice, xml } = issuedDocumentOf(invoiceDraftOf(order, invoiceSite(), NOW), 'FV/2026/12/8');
    assert.deepEqual(fa3Problems(xml), []);
    const read = readFa3(xml);
    assert.deepEqual(
      read.rows.map((row) => [row.P_12, row.P_12_XII]),
      [
        [undefined, '19'],
        [undefined, '7'],
        ['0 KR', undefined],
      ],
    );
    // Gross prices: 238 zł at 19% holds 38 zł of VAT, 107 zł at 7% holds 7 zł.
    assert.equal(grosz(read.fa.P_13_5!), 20_000 + 10_000);
    assert.equal(grosz(read.fa.P_14_5!), 3_800 + 700);
    assert.equal(grosz(read.fa.P_13_6_1!), 3_000);
    assert.equal(grosz(read.fa.P_15!), 23_800 + 10_700 + 3_000);
    assert.deepEqual(
      invoice.totals.map((total) => [total.rate, total.rate_percent, total.tax]),
      [
        ['OSS', 19, 3_800],
        ['OSS', 7, 700],
        ['0 KR', 0, 0],
      ],
    );
  });

  it('is refused by the schema when a figure breaks it, with the schema’s message', () => {
    const { xml } = issuedDocumentOf(
      invoiceDraftOf(
        orderOf(3, { lines: [{ unitPrice: 100, quantity: 1, taxClass: 'standard' }] }),
        invoiceSite(),
        NOW,
      ),
      'FV/2026/12/3',
    );
    const broken = xml.replace(/<P_15>[^<]*<\/P_15>/, '<P_15>1,23</P_15>');
    assert.match(fa3Problems(broken).join(' '), /P_15/);
  });
});
