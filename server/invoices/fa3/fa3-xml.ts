/**
 * An invoice as an FA(3) e-invoice (the Ministry of Finance's structure, `schemat_FA(3)_v1-0E.xsd`), built from the
 * invoice model alone, so that the XML, the PDF and the register state the same figures. Elements are written in the
 * schema's order; fa3-schema.ts checks the result before it is stored.
 */
import type { Invoice, InvoiceLine, InvoiceParty } from '../../../client/api/invoices.js';
import { fa3TotalFields, FA3_TOTAL_FIELD_ORDER } from '../invoice-rates.js';
import { isPolishNip } from '../../tax/tax-id.js';
import { FA3_NAMESPACE } from './fa3-schema.js';
import { xmlDocument, type XmlNode } from './xml-writer.js';

/** What the XML is made from: a whole invoice but its id and hash (the hash is of this XML). */
export type Fa3Source = Omit<Invoice, 'id' | 'hash'>;

/** EU member states' prefixes of VAT numbers as FA(3) lists them (`TKodyKrajowUE`; Greece is `EL`). */
const EU_PREFIXES = new Set(
  'AT BE BG CY CZ DK EE FI FR DE EL HR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE XI'.split(' '),
);

/** FA(3) `TFormaPlatnosci`: 1 cash, 6 transfer. */
const PAYMENT_FORMS: Record<string, string> = { cash_on_delivery: '1', bank_transfer: '6' };

/** Grosz as FA(3) amounts: `1234` is `12.34`, `-5` is `-0.05`. */
export function fa3Amount(grosz: number): string {
  const sign = grosz < 0 ? '-' : '';
  const absolute = Math.abs(grosz);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}

/** At most `length` characters (FA(3) text fields are bounded), never empty. */
const bounded = (text: string, length: number) => text.trim().slice(0, length) || '-';

function address(party: InvoiceParty): XmlNode {
  const { street, postcode, city, country } = party.address;
  const cityLine = `${postcode} ${city}`.trim();
  return [
    'Adres',
    ['KodKraju', country || 'PL'],
    ['AdresL1', bounded(street || cityLine, 512)],
    street && cityLine ? ['AdresL2', bounded(cityLine, 512)] : null,
  ];
}

const contact = (party: InvoiceParty): XmlNode | null =>
  /.+@.+/.test(party.email) && party.email.length <= 255 ? ['DaneKontaktowe', ['Email', party.email]] : null;

/** The buyer's identification: a NIP, an EU VAT number, or none (a consumer). */
function buyerIdentity(buyer: InvoiceParty): XmlNode {
  const name: XmlNode = ['Nazwa', bounded(buyer.name, 512)];
  if (isPolishNip(buyer.tax_id)) return ['DaneIdentyfikacyjne', ['NIP', buyer.tax_id], name];
  const prefix = buyer.tax_id.slice(0, 2);
  const rest = buyer.tax_id.slice(2);
  if (EU_PREFIXES.has(prefix) && /^[0-9A-Z+*]{1,12}$/.test(rest))
    return ['DaneIdentyfikacyjne', ['KodUE', prefix], ['NrVatUE', rest], name];
  if (buyer.tax_id !== '')
    return [
      'DaneIdentyfikacyjne',
      ['KodKraju', buyer.address.country || 'PL'],
      ['NrID', bounded(buyer.tax_id, 50)],
      name,
    ];
  return ['DaneIdentyfikacyjne', ['BrakID', '1'], name];
}

function rateTotals(invoice: Fa3Source): XmlNode[] {
  const sums = new Map<string, number>();
  for (const total of invoice.totals) {
    const fields = fa3TotalFields(total.rate);
    sums.set(fields.net, (sums.get(fields.net) ?? 0) + total.net);
    if (fields.tax) sums.set(fields.tax, (sums.get(fields.tax) ?? 0) + total.tax);
  }
  return FA3_TOTAL_FIELD_ORDER.filter((field) => sums.has(field)).map((field) => [field, fa3Amount(sums.get(field)!)]);
}

function annotations(invoice: Fa3Source): XmlNode {
  const exempt = invoice.lines.some((line) => line.rate === 'zw');
  return [
    'Adnotacje',
    ['P_16', '2'],
    ['P_17', '2'],
    ['P_18', '2'],
    ['P_18A', '2'],
    exempt
      ? ['Zwolnienie', ['P_19', '1'], ['P_19A', bounded(invoice.exemption_basis ?? '', 256)]]
      : ['Zwolnienie', ['P_19N', '1']],
    ['NoweSrodkiTransportu', ['P_22N', '1']],
    ['P_23', '2'],
    ['PMarzy', ['P_PMarzyN', '1']],
  ];
}

function correctionData(invoice: Fa3Source): XmlNode[] {
  const { correction } = invoice;
  if (!correction) return [];
  return [
    ['PrzyczynaKorekty', bounded(correction.reason, 256)],
    // 2: the correction takes effect on its own date (a refund after the sale).
    ['TypKorekty', '2'],
    [
      'DaneFaKorygowanej',
      ['DataWystFaKorygowanej', correction.issue_date],
      ['NrFaKorygowanej', bounded(correction.number, 256)],
      ...(correction.ksef_number
        ? ([
            ['NrKSeF', '1'],
            ['NrKSeFFaKorygowanej', correction.ksef_number],
          ] as XmlNode[])
        : ([['NrKSeFN', '1']] as XmlNode[])),
    ],
  ];
}

function lineRow(line: InvoiceLine, prices: Fa3Source['prices']): XmlNode {
  return [
    'FaWiersz',
    ['NrWierszaFa', String(line.position)],
    ['P_7', bounded(line.name, 512)],
    ['P_8A', line.unit],
    ['P_8B', String(line.quantity)],
    ['P_9A', fa3Amount(line.unit_net)],
    prices === 'gross' ? ['P_9B', fa3Amount(line.unit_gross)] : null,
    // The discount in the prices the unit price is stated in (net, or gross under art. 106e ust. 7).
    line.discount ? ['P_10', fa3Amount(prices === 'gross' ? line.discount.gross : line.discount.net)] : null,
    ['P_11', fa3Amount(line.net)],
    prices === 'gross' ? ['P_11A', fa3Amount(line.gross)] : null,
    // An OSS supply states the consumer's country's rate in its own field, and no Polish rate.
    line.rate === 'OSS' ? ['P_12_XII', String(line.rate_percent)] : ['P_12', line.rate],
    line.before ? ['StanPrzed', '1'] : null,
  ];
}

function payment(invoice: Fa3Source): XmlNode {
  const { payment } = invoice;
  return [
    'Platnosc',
    ...(payment.paid && payment.paid_at
      ? ([
          ['Zaplacono', '1'],
          // paid_at carries the shop's offset (invoice-draft.ts): its date is the shop's.
          ['DataZaplaty', payment.paid_at.slice(0, 10)],
        ] as XmlNode[])
      : []),
    payment.due_date ? ['TerminPlatnosci', ['Termin', payment.due_date]] : null,
    PAYMENT_FORMS[payment.method]
      ? ['FormaPlatnosci', PAYMENT_FORMS[payment.method]!]
      : ['OpisPlatnosci', bounded(payment.method_label, 256)],
    payment.bank_account.length >= 10 ? ['RachunekBankowy', ['NrRB', payment.bank_account]] : null,
  ];
}

/** The FA(3) XML of `invoice`. Not validated here: issuing validates it (fa3-schema.ts) before storing it. */
export function fa3Xml(invoice: Fa3Source): string {
  return xmlDocument([
    'Faktura',
    { xmlns: FA3_NAMESPACE },
    [
      'Naglowek',
      ['KodFormularza', { kodSystemowy: 'FA (3)', wersjaSchemy: '1-0E' }, 'FA'],
      ['WariantFormularza', '3'],
      ['DataWytworzeniaFa', invoice.issued_at],
      ['SystemInfo', 'Vitrine'],
    ],
    [
      'Podmiot1',
      ['DaneIdentyfikacyjne', ['NIP', invoice.seller.tax_id], ['Nazwa', bounded(invoice.seller.name, 512)]],
      address(invoice.seller),
      contact(invoice.seller),
    ],
    [
      'Podmiot2',
      buyerIdentity(invoice.buyer),
      address(invoice.buyer),
      contact(invoice.buyer),
      ['JST', '2'],
      ['GV', '2'],
    ],
    [
      'Fa',
      ['KodWaluty', invoice.currency],
      ['P_1', invoice.issue_date],
      invoice.place_of_issue ? ['P_1M', bounded(invoice.place_of_issue, 256)] : null,
      ['P_2', bounded(invoice.number, 256)],
      ['P_6', invoice.sale_date],
      ...rateTotals(invoice),
      ['P_15', fa3Amount(invoice.total_gross)],
      annotations(invoice),
      ['RodzajFaktury', invoice.type],
      ...correctionData(invoice),
      ...invoice.lines.map((line) => lineRow(line, invoice.prices)),
      payment(invoice),
      ['WarunkiTransakcji', ['Zamowienia', ['NrZamowienia', bounded(invoice.order_number, 256)]]],
    ],
  ]);
}
