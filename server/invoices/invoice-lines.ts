/**
 * An order's goods, delivery and fees as invoice lines, one rate per line, from the VAT the order stored when it was
 * placed (client/api/taxes.ts's OrderTaxes): nothing is taxed again, so the invoice states exactly the order's VAT.
 *
 * Delivery and fees split among the goods' rates (server/tax/vat.ts, "proportional") become one line per rate: the
 * split is recomputed with the same rule, and each part's VAT is the share the order stored for that rate.
 */
import type { InvoiceLine, InvoiceRateCode, InvoiceRateTotal } from '../../client/api/invoices.js';
import type { ItemTax, OrderTaxLine } from '../../client/api/taxes.js';
import type { Order } from '../store/schema.js';
import { minorUnits } from '../tax/order-taxes.js';
import { splitByLargestRemainder } from '../tax/vat.js';
import { chargedForLine } from '../shop/line-item.js';
import { rateCodeOf } from './invoice-rates.js';

/** Units as printed on the invoice: pieces for goods, a service for delivery and fees. */
export const UNIT_PIECE = 'szt.';
export const UNIT_SERVICE = 'usł.';

interface LineRate {
  code: InvoiceRateCode;
  percent: number;
}

/** What a line without any tax is invoiced as: it carries no VAT, and the shop gave it none. */
const UNTAXED: LineRate = { code: 'zw', percent: 0 };

/** An amount in grosz at one rate, as the order entered it (with or without VAT), and the VAT the order stored for it. */
interface Piece {
  amount: number;
  tax: number;
  rate: LineRate;
  /** What coupons took off it, as entered, and the VAT of that (goods only). */
  discount?: { amount: number; tax: number };
}

/** A discount as net and gross, from the amount the order entered (with VAT when its prices include it). */
function discountOf({ amount, tax }: { amount: number; tax: number }, pricesIncludeTax: boolean) {
  return pricesIncludeTax ? { net: amount - tax, gross: amount } : { net: amount, gross: amount + tax };
}

function amounts(piece: Piece, pricesIncludeTax: boolean) {
  const net = pricesIncludeTax ? piece.amount - piece.tax : piece.amount;
  return { net, tax: piece.tax, gross: net + piece.tax };
}

/**
 * @param rateClasses the class of each rate id (the exempt class makes a 0% rate `zw`), from the shop's tax rates
 */
export function invoiceLinesOf(order: Order, rateClasses: ReadonlyMap<number, string>): InvoiceLine[] {
  const { taxes } = order;
  // An intra-Community supply's 0% is FA(3)'s "0 WDT" (P_13_6_2) whatever has become of its rate since.
  const supplyAbroad = taxes.scheme?.kind === 'intra_community_supply';
  // Under OSS, a line taxed at the consumer's country's rate (its code starts with that country) is an OSS supply;
  // a class the shop had no rate of that country for was taxed at the Polish rate, and is stated as such.
  const ossCountry = taxes.scheme?.kind === 'oss' ? `${taxes.scheme.country.toUpperCase()}-` : null;
  const codeOf = (line: OrderTaxLine): InvoiceRateCode => {
    if (supplyAbroad && line.rate_percent === 0) return '0 WDT';
    if (ossCountry && line.rate_code.startsWith(ossCountry)) return 'OSS';
    return rateCodeOf(line, rateClasses.get(line.rate_id) ?? '');
  };
  const rateOf = new Map<number, LineRate>(
    taxes.tax_lines.map((line: OrderTaxLine) => [line.rate_id, { code: codeOf(line), percent: line.rate_percent }]),
  );
  const rateById = (id: number): LineRate => rateOf.get(id) ?? UNTAXED;

  // The goods' amounts per rate (null: untaxed), in the order vat.ts met them: a split charge is divided by these.
  const goodsByRate = new Map<number | null, number>();
  order.lines.forEach((line, index) => {
    const rateId = taxes.lines[index]?.taxes[0]?.rate_id ?? null;
    goodsByRate.set(rateId, (goodsByRate.get(rateId) ?? 0) + chargedForLine(line));
  });

  // A free delivery carries no VAT share, yet is no exempt sale: it follows the goods, as delivery is taxed, so that a
  // shop that sells nothing exempt never states an exempt line (and its legal basis) on an invoice.
  const goodsRates = [...goodsByRate.keys()].flatMap((key) => (key === null ? [] : [rateById(key)]));
  const freeChargeRate = goodsRates.sort((a, b) => b.percent - a.percent)[0] ?? UNTAXED;

  const chargePieces = (amount: number, tax: ItemTax | undefined): Piece[] => {
    const shares = tax?.taxes ?? [];
    if (shares.length === 0) return [{ amount, tax: 0, rate: amount === 0 ? freeChargeRate : UNTAXED }];
    if (shares.length === 1) return [{ amount, tax: shares[0]!.tax, rate: rateById(shares[0]!.rate_id) }];
    const keys = [...goodsByRate.keys()];
    const parts = splitByLargestRemainder(
      amount,
      keys.map((key) => BigInt(goodsByRate.get(key) ?? 0)),
    );
    return keys
      .map((key, index): Piece => {
        const share = key === null ? undefined : shares.find((candidate) => candidate.rate_id === key);
        return { amount: parts[index]!, tax: share?.tax ?? 0, rate: key === null ? UNTAXED : rateById(key) };
      })
      .filter((piece) => piece.amount !== 0);
  };

  const lines: InvoiceLine[] = [];
  const push = (name: string, unit: string, quantity: number, piece: Piece, productId: number | null) => {
    const { net, tax, gross } = amounts(piece, taxes.prices_include_tax);
    // A discounted line states its price before the discount and the discount (FA(3) P_9 and P_10), then its value.
    const discount = piece.discount?.amount ? discountOf(piece.discount, taxes.prices_include_tax) : undefined;
    lines.push({
      position: lines.length + 1,
      name,
      unit,
      quantity,
      unit_net: Math.round((net + (discount?.net ?? 0)) / quantity),
      unit_gross: Math.round((gross + (discount?.gross ?? 0)) / quantity),
      ...(discount ? { discount } : {}),
      net,
      tax,
      gross,
      rate: piece.rate.code,
      rate_percent: piece.rate.percent,
      product_id: productId,
    });
  };

  order.lines.forEach((line, index) => {
    const share = taxes.lines[index]?.taxes[0];
    const piece: Piece = {
      amount: chargedForLine(line),
      tax: taxes.lines[index]?.total_tax ?? 0,
      rate: share ? rateById(share.rate_id) : UNTAXED,
      discount: { amount: line.discount ?? 0, tax: line.discount_tax ?? 0 },
    };
    const variant = line.attributes ? Object.values(line.attributes).join(', ') : '';
    push(variant ? `${line.title} (${variant})` : line.title, UNIT_PIECE, line.quantity, piece, line.product_id);
  });
  order.shipping_lines.forEach((line, index) => {
    for (const piece of chargePieces(minorUnits(line.total), taxes.shipping_lines[index]))
      push(line.method_title, UNIT_SERVICE, 1, piece, null);
  });
  order.fee_lines.forEach((fee, index) => {
    for (const piece of chargePieces(minorUnits(fee.total), taxes.fee_lines[index]))
      push(fee.name, UNIT_SERVICE, 1, piece, null);
  });
  return lines;
}

/** One rate of an invoice: its code and percent (OSS supplies at a country's several rates share one code). */
export const rateKeyOf = (line: Pick<InvoiceLine, 'rate' | 'rate_percent'>): string =>
  `${line.rate}|${line.rate_percent}`;

/** The sums of each rate over `lines`, highest percent first (0% domestic before exempt). */
export function rateTotalsOf(lines: readonly InvoiceLine[]): InvoiceRateTotal[] {
  const byRate = new Map<string, InvoiceRateTotal>();
  for (const line of lines) {
    const total = byRate.get(rateKeyOf(line)) ?? {
      rate: line.rate,
      rate_percent: line.rate_percent,
      net: 0,
      tax: 0,
      gross: 0,
    };
    total.net += line.net;
    total.tax += line.tax;
    total.gross += line.gross;
    byRate.set(rateKeyOf(line), total);
  }
  return [...byRate.values()].sort(
    (a, b) => b.rate_percent - a.rate_percent || (a.rate === 'zw' ? 1 : 0) - (b.rate === 'zw' ? 1 : 0),
  );
}
