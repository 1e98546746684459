/**
 * What the One-Stop Shop return asks for: the shop's OSS sales (orders taxed at another member state's rates,
 * `taxes.scheme.kind === 'oss'`) per quarter, country of consumption and rate, as net and VAT, from the VAT each
 * order stored when it was placed (its `tax_lines`: goods, delivery and fees) less what its refunds paid back per rate.
 * A sale counts in the quarter it was placed, a refund in the quarter it was made, both by the shop's clock; a
 * cancelled or failed order was no sale. Amounts in grosz.
 */
import type { Order } from '../../store/schema.js';
import { toLocalDateTime } from '../../store/local-time.js';

export interface OssReportRow {
  /** `2026-Q4`. */
  quarter: string;
  /** Member state of consumption, ISO 3166-1 alpha-2. */
  country: string;
  rate_percent: number;
  sales_net: number;
  sales_vat: number;
  refunds_net: number;
  refunds_vat: number;
  /** Sales less refunds: what the return declares. */
  net: number;
  vat: number;
}

/** A quarter as the OSS return names its period: `2026-Q4`. */
export const OSS_QUARTER = /^(\d{4})-Q([1-4])$/;

/** The quarter an instant falls in on the shop's clock. */
export function quarterOf(iso: string, timeZone: string): string {
  const local = toLocalDateTime(iso, timeZone);
  return `${local.slice(0, 4)}-Q${Math.ceil(Number(local.slice(5, 7)) / 3)}`;
}

const EMPTY_AMOUNTS = { sales_net: 0, sales_vat: 0, refunds_net: 0, refunds_vat: 0, net: 0, vat: 0 };

const NO_SALE: ReadonlySet<Order['status']> = new Set(['cancelled', 'failed']);

/**
 * @param quarter only this quarter's rows (`2026-Q4`); every quarter when absent
 * @example ossReport(await store.orders.list(), 'Europe/Warsaw', '2026-Q4')
 */
export function ossReport(orders: readonly Order[], timeZone: string, quarter?: string): OssReportRow[] {
  const rows = new Map<string, OssReportRow>();
  const rowOf = (when: string, country: string, percent: number) => {
    const inQuarter = quarterOf(when, timeZone);
    if (quarter !== undefined && inQuarter !== quarter) return null;
    const key = `${inQuarter}|${country}|${percent}`;
    const row = rows.get(key) ?? { quarter: inQuarter, country, rate_percent: percent, ...EMPTY_AMOUNTS };
    rows.set(key, row);
    return row;
  };
  for (const order of orders) {
    const scheme = order.taxes.scheme;
    if (scheme?.kind !== 'oss' || NO_SALE.has(order.status)) continue;
    for (const line of order.taxes.tax_lines) {
      const row = rowOf(order.created_at, scheme.country, line.rate_percent);
      if (!row) continue;
      row.sales_net += line.net;
      row.sales_vat += line.tax_total + line.shipping_tax_total + line.fee_tax_total;
    }
    for (const refund of order.refunds) {
      for (const rate of refund.rates) {
        const row = rowOf(refund.created_at, scheme.country, rate.rate_percent);
        if (!row) continue;
        row.refunds_net += rate.net;
        row.refunds_vat += rate.tax;
      }
    }
  }
  return [...rows.values()]
    .map((row) => ({ ...row, net: row.sales_net - row.refunds_net, vat: row.sales_vat - row.refunds_vat }))
    .sort(
      (a, b) =>
        a.quarter.localeCompare(b.quarter) || a.country.localeCompare(b.country) || b.rate_percent - a.rate_percent,
    );
}

const money = (grosz: number) => (grosz / 100).toFixed(2);

/** The report as CSV (comma-separated, amounts with a decimal point): every field is a code or a number. */
export function ossReportCsv(rows: readonly OssReportRow[]): string {
  const header = 'quarter,country,rate_percent,sales_net,sales_vat,refunds_net,refunds_vat,net,vat';
  const lines = rows.map((row) =>
    [
      row.quarter,
      row.country,
      String(row.rate_percent),
      ...[row.sales_net, row.sales_vat, row.refunds_net, row.refunds_vat, row.net, row.vat].map(money),
    ].join(','),
  );
  return `${[header, ...lines].join('\r\n')}\r\n`;
}
