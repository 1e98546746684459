// Orders for invoice tests, with their VAT computed by the shop's own tax module from the default Polish rates, as
// the checkout stores it: amounts in grosz, each line of a tax class.
import type { Order } from '../../../server/store/schema.js';
import { defaultTaxes } from '../../../server/store/tax-defaults.js';
import { orderTaxesOf } from '../../../server/tax/order-taxes.js';
import type { DeliveryTaxRule } from '../../../server/tax/vat.js';

/** The default classes (tax-defaults.ts): 23%, 8%, 5%, 0% and exempt. */
export const TAX_CLASSES = ['standard', 'reduced-rate', 'super-reduced-rate', 'zero-rate', 'zw'] as const;
export type TaxClassSlug = (typeof TAX_CLASSES)[number];

export interface OrderSpec {
  /** `discount`: grosz a coupon took off the line, as the order entered it (at most the line's value). */
  lines: { unitPrice: number; quantity: number; taxClass: TaxClassSlug; title?: string; discount?: number }[];
  /** Delivery amounts in grosz. */
  shipping?: number[];
  /** Fee amounts in grosz (cash on delivery). */
  fees?: number[];
  pricesIncludeTax?: boolean;
  deliveryRule?: DeliveryTaxRule;
  taxId?: string;
  company?: string;
  paid?: boolean;
  paymentMethod?: Order['payment_method'];
  /** An intra-Community supply to the company with this EU VAT number (taxId), at the 0% WDT rate. */
  intraCommunitySupply?: boolean;
  /** A consumer in this member state, taxed under the One-Stop Shop at its rates (the Polish ones where it has none). */
  ossCountry?: string;
}

export function orderOf(id: number, spec: OrderSpec): Order {
  const pricesIncludeTax = spec.pricesIncludeTax ?? true;
  const shipping = spec.shipping ?? [];
  const fees = spec.fees ?? [];
  // As the checkout stores a coupon: the VAT computed on the goods less the discount, and the discount's own VAT the
  // difference from the VAT without it.
  const taxesWith = (discounted: boolean) =>
    orderTaxesOf({
      rates: defaultTaxes().rates,
      pricesIncludeTax,
      deliveryRule: spec.deliveryRule ?? 'proportional',
      place: { country: spec.ossCountry ?? 'PL', postcode: spec.ossCountry ? '' : '00-001' },
      scheme: spec.intraCommunitySupply
        ? { kind: 'intra_community_supply', vat_number: spec.taxId ?? '', vies: 'valid' }
        : spec.ossCountry
          ? { kind: 'oss', country: spec.ossCountry }
          : null,
      lines: spec.lines.map((line) => ({
        amount: line.unitPrice * line.quantity - (discounted ? (line.discount ?? 0) : 0),
        tax_class: line.taxClass === 'standard' ? '' : line.taxClass,
      })),
      shipping: shipping.map((amount) => ({ amount, taxable: true })),
      fees: fees.map((amount) => ({ amount, taxable: true })),
    });
  const taxes = taxesWith(true);
  const undiscounted = taxesWith(false);
  const discountTax = (index: number) =>
    Math.max(0, (undiscounted.lines[index]?.total_tax ?? 0) - (taxes.lines[index]?.total_tax ?? 0));
  const goods = spec.lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const discounts = spec.lines.reduce((sum, line) => sum + (line.discount ?? 0), 0);
  const charges = [...shipping, ...fees].reduce((sum, amount) => sum + amount, 0);
  const total = goods - discounts + charges + (pricesIncludeTax ? 0 : taxes.total_tax);
  const placedAt = '2026-11-30T22:30:00.000Z';
  return {
    id,
    number: `VT-${String(id).padStart(6, '0')}`,
    user_id: null,
    email: 'zakupy@firma.example',
    billing: {
      first_name: 'Zofia',
      last_name: 'Żółkiewska',
      company: spec.company ?? (spec.taxId ? 'Łódzkie Młyny Sp. z o.o.' : ''),
      street: 'ul. Piotrkowska 100/2',
      postcode: '90-001',
      city: 'Łódź',
      country: 'PL',
      phone: '+48 600 000 000',
    },
    shipping_address: null,
    company_tax_id: spec.taxId ?? '',
    // A consumer's order is invoiced here because its customer asked for it.
    invoice_requested: spec.taxId === undefined,
    payment_method: spec.paymentMethod ?? 'bank_transfer',
    currency: 'PLN',
    lines: spec.lines.map((line, index) => ({
      product_id: index + 1,
      title: line.title ?? `Towar ${index + 1} <&> "ąę"`,
      sku: `SKU-${index + 1}`,
      unit_price: line.unitPrice / 100,
      quantity: line.quantity,
      line_total: (line.unitPrice * line.quantity) / 100,
      ...(line.discount ? { discount: line.discount, discount_tax: discountTax(index) } : {}),
    })),
    subtotal: goods / 100,
    shipping_lines: shipping.map((amount, index) => ({
      method_id: 'flat_rate',
      instance_id: index + 1,
      method_title: 'Kurier',
      total: amount / 100,
    })),
    fee_lines: fees.map((amount) => ({ name: 'Opłata za pobranie', total: amount / 100 })),
    shipping_total: shipping.reduce((sum, amount) => sum + amount, 0) / 100,
    total: total / 100,
    taxes,
    consent: [],
    created_at: placedAt,
    status: spec.paid === false ? 'on-hold' : 'processing',
    customer_note: '',
    language: '',
    date_paid: spec.paid === false ? null : '2026-11-30T23:30:00.000Z',
    stock_returned: false,
    history: [],
    notes: [],
    shipments: [],
    refunds: [],
    coupon_lines: discounts
      ? [
          {
            coupon_id: 1,
            code: 'rabat',
            discount: discounts,
            discount_tax: spec.lines.reduce((sum, line, index) => sum + (line.discount ? discountTax(index) : 0), 0),
          },
        ]
      : [],
  } as Order;
}
