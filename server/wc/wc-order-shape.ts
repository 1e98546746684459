/**
 * An order in WooCommerce's shape (client/api/wc-orders.ts): money as strings with the currency's decimals, dates in
 * the shop's time zone with `_gmt` twins, the payment methods under WooCommerce's gateway ids (`bacs`, `cod`), a
 * variation's chosen attributes as the line's `meta_data`. `shipping` is the delivery address (the billing address
 * unless the customer gave another), and a company buyer's tax number is in the order's `meta_data`. The shipping and
 * fee lines are the order's, their ids following the line items' as WooCommerce numbers every item of an order in one
 * sequence, and then the tax lines. Line, delivery and fee amounts are without tax, with their tax beside them, so that
 * they add up to `total_tax` and the total.
 */
import { isEuVatNumber, type OrderNote } from '../../client/api/orders.js';
import { type ItemTax, STANDARD_TAX_CLASS } from '../../client/api/taxes.js';
import type {
  WcBillingAddress,
  WcCouponLine,
  WcFeeLine,
  WcLineItem,
  WcMetaData,
  WcOrder,
  WcOrderMetaData,
  WcOrderNote,
  WcShippingAddress,
  WcShippingLine,
  WcItemTax,
  WcTaxLine,
} from '../../client/api/wc-orders.js';
import { minorUnits } from '../tax/order-taxes.js';
import { productById } from '../store/catalog-lookup.js';
import type { CatalogData } from '../store/catalog-types.js';
import { toLocalDateTime } from '../store/local-time.js';
import type { Order, PaymentMethod, PostalAddress } from '../store/schema.js';
import { orderModifiedAt } from '../shop/orders/order-query.js';
import { wcRefundSummaries } from './wc-refund-shape.js';

export interface WcOrderContext {
  timeZone: string;
  /** Products of the lines, for a variation's chosen attributes (the catalog as it is now). */
  catalog: CatalogData | null;
  /** The confirmation key of an order (order-access.ts), WooCommerce's `order_key`. */
  orderKey: (number: string) => string;
}

/** WooCommerce's gateway ids and titles for the shop's payment methods. */
export const WC_PAYMENT_METHODS: Record<PaymentMethod, { id: string; title: string }> = {
  bank_transfer: { id: 'bacs', title: 'Direct bank transfer' },
  cash_on_delivery: { id: 'cod', title: 'Cash on delivery' },
  stripe: { id: 'stripe', title: 'Stripe (card, BLIK, Przelewy24)' },
  przelewy24: { id: 'przelewy24', title: 'Przelewy24' },
};

/** The number of decimals the currency is written with (JPY 0, PLN 2). */
export function currencyDecimals(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

function currencySymbol(currency: string): string {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' })
        .formatToParts(0)
        .find((part) => part.type === 'currency')?.value ?? currency
    );
  } catch {
    return currency;
  }
}

const gmt = (iso: string) => iso.slice(0, 19);

/** An address with every field empty, as WooCommerce answers one not given. */
export function emptyAddress(): WcShippingAddress {
  return {
    first_name: '',
    last_name: '',
    company: '',
    address_1: '',
    address_2: '',
    city: '',
    state: '',
    postcode: '',
    country: '',
    phone: '',
  };
}

/** A postal address in WooCommerce's fields (those the shop does not keep, empty). */
export function wcAddress(address: PostalAddress): WcShippingAddress {
  return {
    ...emptyAddress(),
    first_name: address.first_name,
    last_name: address.last_name,
    company: address.company ?? '',
    address_1: address.street,
    city: address.city,
    postcode: address.postcode,
    country: address.country,
    phone: address.phone,
  };
}

/**
 * Where the goods go: the delivery address the customer gave, else the billing address without the e-mail
 * (WooCommerce's checkout copies the billing address the same way when the goods go there).
 */
export function wcShipping(order: Order): WcShippingAddress {
  return wcAddress(order.shipping_address ?? order.billing);
}

export function wcBilling(order: Order): WcBillingAddress {
  return { ...wcAddress(order.billing), email: order.email };
}

/**
 * The order's own meta data: a company buyer's tax number under the keys WooCommerce's Polish invoicing plugins read
 * (`_billing_nip`), and an EU VAT number also under the key of WooCommerce's EU VAT Number extension
 * (`_billing_vat_number`), so that invoicing and accounting tools find it where they look. An intra-Community
 * supply is marked as WooCommerce marks an order of a VAT-exempt customer (`is_vat_exempt`), with whether VIES
 * confirmed the number under the EU VAT Number extension's keys (`_vat_number_is_validated`, `_vat_number_is_valid`).
 * A consumer's request for an invoice at checkout is `_billing_invoice_ask` = `1`, the key Polish invoicing plugins
 * give their "I want an invoice" checkbox.
 */
export function wcOrderMeta(order: Order): WcOrderMetaData[] {
  const meta: WcOrderMetaData[] = [];
  if (order.company_tax_id) {
    meta.push({ id: 1, key: '_billing_nip', value: order.company_tax_id });
    if (isEuVatNumber(order.company_tax_id))
      meta.push({ id: 2, key: '_billing_vat_number', value: order.company_tax_id });
  }
  const scheme = order.taxes.scheme;
  if (scheme?.kind === 'intra_community_supply') {
    const confirmed = scheme.vies === 'valid' ? 'true' : 'false';
    meta.push(
      { id: 3, key: 'is_vat_exempt', value: 'yes' },
      { id: 4, key: '_vat_number_is_validated', value: confirmed },
      { id: 5, key: '_vat_number_is_valid', value: confirmed },
    );
  }
  if (order.invoice_requested) meta.push({ id: 6, key: '_billing_invoice_ask', value: '1' });
  // Where WPML keeps the language an order was placed in, for connectors that read it there.
  if (order.language) meta.push({ id: 7, key: 'wpml_language', value: order.language });
  return meta;
}

/**
 * The chosen attributes of the line's variation, as WooCommerce lists them on the line: as ordered, or (an order
 * placed before lines kept them) as the variation has them now.
 */
function chosenAttributes(line: Order['lines'][number], catalog: CatalogData | null): WcMetaData[] {
  if (!line.variation_id) return [];
  const variation = line.attributes
    ? null
    : catalog &&
      productById(catalog.products, line.product_id)?.variations?.find(
        (candidate) => candidate.id === line.variation_id,
      );
  const chosen = line.attributes ?? variation?.attributes ?? {};
  const labels = new Map((catalog?.attributes ?? []).map((attribute) => [attribute.name, attribute.label]));
  return Object.entries(chosen).map(([name, value], index) => ({
    id: index + 1,
    key: `pa_${name}`,
    value,
    display_key: labels.get(name) ?? name,
    display_value: value,
  }));
}

export function wcOrder(order: Order, context: WcOrderContext): WcOrder {
  const decimals = currencyDecimals(order.currency);
  const money = (value: number) => value.toFixed(decimals);
  const local = (iso: string) => toLocalDateTime(iso, context.timeZone);
  const completed =
    order.history.findLast((entry) => entry.to === 'completed' && order.status === 'completed')?.at ?? null;
  const modified = orderModifiedAt(order);
  const { taxes } = order;
  const cents = (minor: number) => money(minor / 100);
  // WooCommerce's line amounts are always without tax; the order's are as entered, with or without it.
  const net = (amount: number, tax: ItemTax | undefined) =>
    cents(minorUnits(amount) - (taxes.prices_include_tax ? (tax?.total_tax ?? 0) : 0));
  const itemTaxes = (tax: ItemTax | undefined, withSubtotal: boolean): WcItemTax[] =>
    (tax?.taxes ?? []).map((share) => ({
      id: share.rate_id,
      total: cents(share.tax),
      subtotal: withSubtotal ? cents(share.tax) : '',
    }));
  const lineItems: WcLineItem[] = order.lines.map((line, index) => {
    const parent =
      line.variation_id && context.catalog ? productById(context.catalog.products, line.product_id) : undefined;
    const tax = taxes.lines[index];
    // WooCommerce's `subtotal` is the line before coupons, `total` after them; the order keeps what they took off.
    const discount = line.discount ?? 0;
    const discountTax = line.discount_tax ?? 0;
    const before = minorUnits(line.line_total);
    const taxBefore = (tax?.total_tax ?? 0) + discountTax;
    const lineTaxes = itemTaxes(tax, true).map((share, at) =>
      at === 0 ? { ...share, subtotal: cents((tax?.taxes[0]?.tax ?? 0) + discountTax) } : share,
    );
    return {
      id: index + 1,
      name: line.title,
      product_id: line.product_id,
      variation_id: line.variation_id ?? 0,
      quantity: line.quantity,
      tax_class: tax && tax.tax_class !== STANDARD_TAX_CLASS ? tax.tax_class : '',
      subtotal: cents(before - (taxes.prices_include_tax ? taxBefore : 0)),
      subtotal_tax: cents(taxBefore),
      total: net((before - discount) / 100, tax),
      total_tax: cents(tax?.total_tax ?? 0),
      taxes: lineTaxes,
      meta_data: chosenAttributes(line, context.catalog),
      sku: line.sku,
      price: line.unit_price,
      image: { id: 0, src: '' },
      parent_name: parent ? parent.title : null,
    };
  });
  let nextItemId = lineItems.length;
  const shippingLines: WcShippingLine[] = order.shipping_lines.map((line, index) => ({
    id: ++nextItemId,
    method_title: line.method_title,
    method_id: line.method_id,
    instance_id: String(line.instance_id),
    total: net(line.total, taxes.shipping_lines[index]),
    total_tax: cents(taxes.shipping_lines[index]?.total_tax ?? 0),
    taxes: itemTaxes(taxes.shipping_lines[index], false),
    meta_data: [],
  }));
  const feeLines: WcFeeLine[] = order.fee_lines.map((fee, index) => ({
    id: ++nextItemId,
    name: fee.name,
    tax_class: '',
    tax_status: 'taxable',
    total: net(fee.total, taxes.fee_lines[index]),
    total_tax: cents(taxes.fee_lines[index]?.total_tax ?? 0),
    taxes: itemTaxes(taxes.fee_lines[index], false),
    meta_data: [],
  }));
  // Fees' tax counts with the goods' (`tax_total`, `cart_tax`), as WooCommerce adds them up.
  const taxLines: WcTaxLine[] = taxes.tax_lines.map((line) => ({
    id: ++nextItemId,
    rate_code: line.rate_code,
    rate_id: line.rate_id,
    label: line.label,
    compound: line.compound,
    tax_total: cents(line.tax_total + line.fee_tax_total),
    shipping_tax_total: cents(line.shipping_tax_total),
    rate_percent: line.rate_percent,
    meta_data: [],
  }));
  const shippingNet = order.shipping_lines.reduce(
    (sum, line, index) =>
      sum + minorUnits(line.total) - (taxes.prices_include_tax ? (taxes.shipping_lines[index]?.total_tax ?? 0) : 0),
    0,
  );
  const discountTotal = order.coupon_lines.reduce((sum, line) => sum + line.discount, 0);
  const discountTax = order.coupon_lines.reduce((sum, line) => sum + line.discount_tax, 0);
  const couponLines: WcCouponLine[] = order.coupon_lines.map((line) => ({
    id: ++nextItemId,
    code: line.code,
    discount: cents(line.discount - (taxes.prices_include_tax ? line.discount_tax : 0)),
    discount_tax: cents(line.discount_tax),
    meta_data: [],
  }));
  const payment = WC_PAYMENT_METHODS[order.payment_method];
  return {
    id: order.id,
    parent_id: 0,
    number: order.number,
    order_key: `wc_order_${context.orderKey(order.number)}`,
    created_via: 'checkout',
    version: '',
    status: order.status,
    currency: order.currency,
    currency_symbol: currencySymbol(order.currency),
    date_created: local(order.created_at),
    date_created_gmt: gmt(order.created_at),
    date_modified: local(modified),
    date_modified_gmt: gmt(modified),
    discount_total: cents(discountTotal - (taxes.prices_include_tax ? discountTax : 0)),
    discount_tax: cents(discountTax),
    shipping_total: cents(shippingNet),
    shipping_tax: cents(taxes.shipping_tax),
    cart_tax: cents(taxes.cart_tax + taxes.fee_tax),
    total: money(order.total),
    total_tax: cents(taxes.total_tax),
    prices_include_tax: taxes.prices_include_tax,
    customer_id: order.user_id ?? 0,
    customer_ip_address: '',
    customer_user_agent: '',
    customer_note: order.customer_note,
    billing: wcBilling(order),
    shipping: wcShipping(order),
    payment_method: payment.id,
    payment_method_title: payment.title,
    transaction_id: '',
    date_paid: order.date_paid ? local(order.date_paid) : null,
    date_paid_gmt: order.date_paid ? gmt(order.date_paid) : null,
    date_completed: completed ? local(completed) : null,
    date_completed_gmt: completed ? gmt(completed) : null,
    cart_hash: '',
    meta_data: wcOrderMeta(order),
    line_items: lineItems,
    tax_lines: taxLines,
    shipping_lines: shippingLines,
    fee_lines: feeLines,
    coupon_lines: couponLines,
    refunds: wcRefundSummaries(order),
    set_paid: order.date_paid !== null,
  };
}

export function wcOrderNote(note: OrderNote, timeZone: string): WcOrderNote {
  return {
    id: note.id,
    author: note.author,
    date_created: toLocalDateTime(note.date_created, timeZone),
    date_created_gmt: gmt(note.date_created),
    note: note.note,
    customer_note: note.customer_note,
  };
}
