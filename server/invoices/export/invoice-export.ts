/**
 * The accountant's export of a period: the register of its invoices and corrections as CSV (one row per document,
 * net and VAT per rate), and a ZIP of that register with every document's FA(3) XML as it was stored. Used by
 * `vitrine invoices export` and by the admin's download.
 */
import { stringify } from 'csv-stringify/sync';
import yazl from 'yazl';
import type { Invoice, InvoiceRateCode } from '../../../client/api/invoices.js';
import type { Store } from '../../store/store.js';
import { fa3Amount } from '../fa3/fa3-xml.js';
import { invoiceFileName } from '../invoice-file-name.js';

/** The register's rate columns, in the order of the VAT return. */
const RATE_COLUMNS: readonly { rate: InvoiceRateCode; label: string; tax: boolean }[] = [
  { rate: '23', label: '23', tax: true },
  { rate: '8', label: '8', tax: true },
  { rate: '5', label: '5', tax: true },
  { rate: '0 KR', label: '0', tax: false },
  { rate: '0 WDT', label: '0_wdt', tax: false },
  { rate: 'zw', label: 'zw', tax: false },
  // OSS supplies are declared in the OSS return, not the Polish one: every country's rate in one pair of columns.
  { rate: 'OSS', label: 'oss', tax: true },
];

/** Most documents one export holds: a period of a small shop's invoices, bounded so one request cannot exhaust memory. */
export const EXPORT_LIMIT = 50_000;

/** Every document issued from `from` (inclusive) to `to` (exclusive), oldest first. */
export async function invoicesIssuedBetween(store: Store, from: string, to: string): Promise<Invoice[]> {
  const found: Invoice[] = [];
  for (let page = 1; ; page += 1) {
    const { invoices, total } = await store.invoices.list({ after: from, before: to, page, perPage: 500 });
    if (total > EXPORT_LIMIT)
      throw new RangeError(`The period holds ${total} invoices; export at most ${EXPORT_LIMIT} at a time.`);
    found.push(...invoices);
    if (invoices.length === 0 || found.length >= total) break;
  }
  return found.sort((a, b) => a.id - b.id);
}

/** The register as CSV (UTF-8 with a byte-order mark, so that a spreadsheet reads Polish letters right). */
export function invoiceRegisterCsv(invoices: readonly Invoice[]): string {
  const header = [
    'number',
    'type',
    'issue_date',
    'sale_date',
    'order_number',
    'buyer',
    'buyer_tax_id',
    ...RATE_COLUMNS.flatMap((column) =>
      column.tax ? [`net_${column.label}`, `vat_${column.label}`] : [`net_${column.label}`],
    ),
    'total_net',
    'total_vat',
    'total_gross',
    'currency',
    'corrects',
    'ksef_status',
    'ksef_number',
  ];
  const rows = invoices.map((invoice) => {
    const sum = (rate: InvoiceRateCode, pick: 'net' | 'tax') =>
      invoice.totals.filter((total) => total.rate === rate).reduce((all, total) => all + total[pick], 0);
    return [
      invoice.number,
      invoice.type,
      invoice.issue_date,
      invoice.sale_date,
      invoice.order_number,
      invoice.buyer.name,
      invoice.buyer.tax_id,
      ...RATE_COLUMNS.flatMap((column) =>
        column.tax
          ? [fa3Amount(sum(column.rate, 'net')), fa3Amount(sum(column.rate, 'tax'))]
          : [fa3Amount(sum(column.rate, 'net'))],
      ),
      fa3Amount(invoice.total_net),
      fa3Amount(invoice.total_tax),
      fa3Amount(invoice.total_gross),
      invoice.currency,
      invoice.correction?.number ?? '',
      invoice.ksef.status,
      invoice.ksef.number ?? '',
    ];
  });
  return stringify([header, ...rows], { bom: true, record_delimiter: 'windows' });
}

/** The ZIP: `register.csv` and `xml/<number>.xml` for each document. */
export async function invoiceExportZip(store: Store, invoices: readonly Invoice[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(invoiceRegisterCsv(invoices), 'utf8'), 'register.csv');
  for (const invoice of invoices) {
    const xml = await store.invoices.xml(invoice.id);
    if (xml !== null) zip.addBuffer(Buffer.from(xml, 'utf8'), `xml/${invoiceFileName(invoice.number, 'xml')}`);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
