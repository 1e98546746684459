import assert from 'node:assert/strict';
import { generateKeyPairSync, verify, constants } from 'node:crypto';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { extractText, getDocumentProxy } from 'unpdf';
import type { Invoice, InvoiceRateCode } from '../../../../client/api/invoices.js';
import { translator } from '../../../../server/i18n/translator.js';
import { renderInvoicePdf } from '../../../../server/invoices/pdf/invoice-pdf.js';
import { loadFa3Schema } from '../../../../server/invoices/fa3/fa3-schema.js';
import { invoiceDraftOf } from '../../../../server/invoices/invoice-draft.js';
import { issuedDocumentOf } from '../../../../server/invoices/issue-invoice.js';
import { invoiceSite } from '../invoice-site.js';
import { orderOf } from '../order-fixture.js';
import { fixtureInvoice, fixtureLines, fixtureTotals, type FixtureLine } from './invoice-fixture.js';

async function pdfText(invoice: Invoice, language: 'pl' | 'en' | 'de' = 'pl', options = {}): Promise<string> {
  const pdf = await renderInvoicePdf(invoice, translator(language), options);
  assert.equal(pdf.subarray(0, 5).toString('latin1'), '%PDF-');
  return (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;
}

/** The text without any white space, so that figures match however the PDF spaced or wrapped them. */
const squeezed = (text: string) => text.replace(/\s+/g, '');

/** Grosz as Polish money, worked out digit by digit here, white space left out: 123456 → `1234,56zł`. */
function polishMoney(grosz: number): string {
  const magnitude = Math.abs(grosz);
  return `${grosz < 0 ? '-' : ''}${Math.floor(magnitude / 100)},${String(magnitude % 100).padStart(2, '0')}zł`;
}

const polishRate = (rate: InvoiceRateCode) => (/^\d+$/.test(rate) ? `${rate}%` : rate === '0 KR' ? '0%' : rate);

const SAMPLE: FixtureLine[] = [
  { name: 'Książka o łódkach', quantity: 2, unitGross: 4999, rate: '5' },
  { name: 'Lampa Żółta „Ćma”', quantity: 1, unitGross: 123456, rate: '23' },
  { name: 'Dostawa kurierem', quantity: 1, unitGross: 1599, rate: '23' },
];

const ACCEPTED = {
  status: 'accepted' as const,
  number: '5260250274-20261202-0100001AF629-AF',
  sent_at: '2026-12-02T10:16:00Z',
  upo: null,
  errors: [],
  attempts: 1,
  next_attempt_at: null,
};

describe('renderInvoicePdf', () => {
  test('a VAT invoice states its number, both NIPs, every rate’s figures and the total due, Polish letters intact', async () => {
    const rateCodes: InvoiceRateCode[] = ['23', '8', '5', '0 KR', 'zw'];
    const line = fc.record({
      name: fc.constantFrom('Kubek żółty', 'Łyżka źródlana', 'Ścierka ćwiczebna', 'Gęś ńą'),
      quantity: fc.integer({ min: 1, max: 40 }),
      unitGross: fc.integer({ min: 1, max: 2_000_000 }),
      rate: fc.constantFrom(...rateCodes),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 6 }), async (lines) => {
        const invoice = fixtureInvoice(lines);
        const text = await pdfText(invoice);
        const flat = squeezed(text);
        assert.match(text, /Faktura VAT/);
        assert.ok(flat.includes('FV/2026/12/7'));
        assert.ok(flat.includes('NIP:5260250274') && flat.includes('NIP:7740001454'));
        for (const name of new Set(lines.map((each) => each.name))) assert.ok(flat.includes(squeezed(name)), name);
        for (const total of invoice.totals) {
          const row = [polishRate(total.rate), ...[total.net, total.tax, total.gross].map(polishMoney)].join('');
          assert.ok(flat.includes(row), `the row of rate ${total.rate}: ${row}`);
        }
        const sums = ['Razem', ...[invoice.total_net, invoice.total_tax, invoice.total_gross].map(polishMoney)].join(
          '',
        );
        assert.ok(flat.includes(sums), sums);
        assert.ok(flat.includes(`Dozapłaty:${polishMoney(invoice.total_gross)}`));
      }),
      { numRuns: 8 },
    );
  });

  test('payment: the method, the due date and the bank account in groups of four', async () => {
    const text = await pdfText(fixtureInvoice(SAMPLE));
    assert.match(text, /Sposób płatności: Przelew bankowy/);
    assert.match(text, /Termin płatności: 16\.12\.2026/);
    assert.match(text, /PL61 1090 1014 0000 0712 1981 2874/);
  });

  test('a correction names the corrected invoice, its KSeF number and the reason, before and after, and the refund', async () => {
    const before = fixtureLines(SAMPLE, true);
    const after = fixtureLines([SAMPLE[0]!, { ...SAMPLE[1]!, quantity: 0 }, SAMPLE[2]!]).map((line, index) => ({
      ...line,
      position: before.length + index + 1,
    }));
    const differences = fixtureTotals([before[1]!], -1);
    const invoice = fixtureInvoice([], {
      type: 'KOR',
      number: 'FK/2026/12/1',
      lines: [...before, ...after],
      totals: differences,
      total_net: differences[0]!.net,
      total_tax: differences[0]!.tax,
      total_gross: differences[0]!.gross,
      correction: {
        reason: 'Zwrot towaru – odstąpienie od umowy',
        invoice_id: 7,
        number: 'FV/2026/12/7',
        issue_date: '2026-12-02',
        ksef_number: ACCEPTED.number,
        refund_id: 3,
      },
    });
    const text = await pdfText(invoice);
    const flat = squeezed(text);
    assert.match(text, /Faktura korygująca/);
    assert.ok(flat.includes('DotyczyfakturynrFV/2026/12/7zdnia02.12.2026'));
    assert.ok(flat.includes(squeezed(`Numer KSeF faktury korygowanej: ${ACCEPTED.number}`)));
    assert.match(text, /Przyczyna korekty: Zwrot towaru – odstąpienie od umowy/);
    assert.ok(text.indexOf('Przed korektą') < text.indexOf('Po korekcie'));
    assert.ok(flat.includes(`Dozwrotu:${polishMoney(-invoice.total_gross)}`));
    assert.ok(
      flat.includes(['23%', ...[invoice.total_net, invoice.total_tax, invoice.total_gross].map(polishMoney)].join('')),
    );
  });

  test('a line a coupon discounted shows its price before the discount and the discount, in a Rabat column', async () => {
    await loadFa3Schema();
    for (const pricesIncludeTax of [true, false]) {
      const order = orderOf(5, {
        pricesIncludeTax,
        lines: [
          { unitPrice: 10_000, quantity: 3, taxClass: 'standard', title: 'Kubek', discount: 4_500 },
          { unitPrice: 2_000, quantity: 1, taxClass: 'reduced-rate', title: 'Herbata' },
        ],
      });
      const { invoice } = issuedDocumentOf(
        invoiceDraftOf(order, invoiceSite(), new Date('2026-12-01T08:00:00Z')),
        'FV/2026/12/9',
      );
      const flat = squeezed(await pdfText({ ...invoice, id: 9 }));
      assert.ok(flat.includes('Rabat'));
      const [mug] = invoice.lines;
      // The mug's row: its unit price before the discount, the discount (as the shop enters prices), the rate, then
      // its values after the discount, which the rates' sums add up.
      const entered = (amounts: { net: number; gross: number }) => (pricesIncludeTax ? amounts.gross : amounts.net);
      const row = [
        'Kubekszt.3',
        polishMoney(10_000),
        polishMoney(4_500),
        '23%',
        ...[mug!.net, mug!.tax, mug!.gross].map(polishMoney),
      ].join('');
      assert.ok(flat.includes(row), `${pricesIncludeTax ? 'gross' : 'net'} prices: ${row}`);
      assert.equal(entered(mug!), 30_000 - 4_500);
      assert.equal(invoice.total_gross, Math.round(order.total * 100));
    }
  });

  test('an invoice in KSeF carries its KSeF number and the verification link of KOD I', async () => {
    const invoice = fixtureInvoice(SAMPLE, { ksef: ACCEPTED });
    const flat = squeezed(await pdfText(invoice, 'pl', { qrBaseUrl: 'https://qr-test.ksef.mf.gov.pl' }));
    const hash = invoice.hash.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    assert.ok(flat.includes(ACCEPTED.number));
    assert.ok(flat.includes(`https://qr-test.ksef.mf.gov.pl/invoice/5260250274/02-12-2026/${hash}`));
    assert.ok(!flat.includes('CERTYFIKAT'));
  });

  test('an invoice issued offline carries KOD I marked OFFLINE and KOD II signed with the offline certificate', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const invoice = fixtureInvoice(SAMPLE, {
      ksef: { ...ACCEPTED, status: 'offline', number: null, sent_at: null },
    });
    const flat = squeezed(
      await pdfText(invoice, 'pl', {
        qrBaseUrl: 'https://qr-test.ksef.mf.gov.pl',
        offlineCertificate: { serial: '01F2A3', privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }) },
      }),
    );
    assert.ok(flat.includes('OFFLINE') && flat.includes('CERTYFIKAT'));
    const link = flat.match(
      /https:\/\/qr-test\.ksef\.mf\.gov\.pl\/certificate\/Nip\/5260250274\/5260250274\/01F2A3\/[\w-]{43}\/([\w-]{342})/,
    );
    // A SHA-256 hash is 43 characters of base64url, an RSA-2048 signature 342.
    assert.ok(link, 'the certificate link');
    const signed = link[0].slice('https://'.length, -link[1]!.length - 1);
    const signature = Buffer.from(link[1]!, 'base64url');
    assert.ok(
      verify(
        'sha256',
        Buffer.from(signed),
        { key: publicKey, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 },
        signature,
      ),
      'KOD II is signed by the certificate’s key',
    );
  });

  test('an invoice outside KSeF has no QR block', async () => {
    assert.doesNotMatch(await pdfText(fixtureInvoice(SAMPLE)), /KSeF|OFFLINE/);
  });

  test('the PDF follows the shop’s language', async () => {
    const invoice = fixtureInvoice(SAMPLE);
    assert.match(await pdfText(invoice, 'en'), /VAT invoice[\s\S]*Seller[\s\S]*Buyer[\s\S]*Total due/);
    assert.match(await pdfText(invoice, 'de'), /Rechnung[\s\S]*Verkäufer[\s\S]*Käufer[\s\S]*Zu zahlen/);
  });
});
