/**
 * The typed shape of the shop's data, whichever store holds it (see store.ts). Where a stored record is also what the
 * REST API answers (messages, withdrawals, notices, consent records), its one declaration is the API's, in client/api.
 */
import type { ShipmentTracking } from '../../client/api/shipment-tracking.js';
import type { OrderRefund } from '../../client/api/refunds.js';
import type { SettingsData } from './settings-schema.js';
import {
  CHECKBOX_LOCATIONS,
  LEGAL_TYPES,
  type CheckboxLocation,
  type ConsentLogEntry,
  type LegalType,
  type RestCheckbox,
} from '../../client/api/compliance.js';
import { DSA_NOTICE_STATUSES, type DsaNotice, type DsaNoticeStatus } from '../../client/api/compliance-reports.js';
import type { ContactMessage } from '../../client/api/inbox.js';
import type { WithdrawalRefund, WithdrawalRequest } from '../../client/api/withdrawals.js';
import type { RestPageStatus } from '../../client/api/pages.js';
import { ROLES, type AdminLocale, type RestUserRole } from '../../client/api/users.js';
import type {
  OrderAddress,
  OrderHistoryEntry,
  OrderLineItem,
  OrderNote,
  OrderStatus,
} from '../../client/api/orders.js';
import type { FeeLine, ShippingLine, ShippingZone } from '../../client/api/shipping.js';
import type { OrderTaxes, TaxClass, TaxData, TaxRate } from '../../client/api/taxes.js';

export { CHECKBOX_LOCATIONS, DSA_NOTICE_STATUSES, LEGAL_TYPES, ROLES };
export type { FeeLine, OrderTaxes, ShippingLine, ShippingZone, TaxClass, TaxData, TaxRate };
export type {
  CheckboxLocation,
  ContactMessage,
  DsaNotice,
  DsaNoticeStatus,
  LegalType,
  WithdrawalRefund,
  WithdrawalRequest,
};
export type Role = RestUserRole;
export type PageStatus = RestPageStatus;
/** One checkbox shown on a submitted storefront form: evidence of what was agreed to, never rewritten. */
export type ConsentRecord = ConsentLogEntry;

export interface ApplicationPassword {
  uuid: string;
  name: string;
  /** SHA-256 hex of the 24 alphanumerics. */
  password_hash: string;
  created: string;
  last_used: string | null;
  last_ip: string | null;
}

export interface User {
  id: number;
  login: string;
  email: string;
  display_name: string;
  roles: Role[];
  password_hash: string;
  app_passwords: ApplicationPassword[];
  created_at: string;
  /** The customer's saved addresses, offered at the next checkout; absent until they save some. */
  addresses?: SavedAddresses;
  /** The language of the user's admin (WordPress's user `locale`); absent or '': the shop's. */
  locale?: AdminLocale;
  /** The customer's request to erase the account, from the moment they ask; kept once carried out, as its record. */
  erasure_request?: ErasureRequest;
}

/**
 * A customer's request to erase their account (GDPR art. 17): asked from the account, confirmed from the account's
 * e-mail address, carried out by a manager. Times are ISO strings in UTC.
 */
export interface ErasureRequest {
  requested_at: string;
  /** When the customer followed the e-mailed link; null while the request waits for it. */
  confirmed_at: string | null;
  /** When a manager carried it out (the account erased); null until then. */
  completed_at: string | null;
}

/** A customer's address book: where invoices go and, when it differs, where the goods go (null: none saved). */
export interface SavedAddresses {
  billing: PostalAddress | null;
  shipping: PostalAddress | null;
}

export interface Session {
  /** SHA-256 hex of the cookie token: a stolen data file does not yield live cookies. */
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

/** `trash`: removed from the site but restorable from the admin (as in WordPress). */

export interface Page {
  id: number;
  slug: string;
  title: string;
  /** HTML with block comments and shortcodes. */
  content: string;
  status: PageStatus;
  /** Listed in the site's header navigation (when published), ordered by `menu_order`, then title. */
  show_in_menu: boolean;
  menu_order: number;
  legal_type: LegalType | null;
  author_id: number;
  created_at: string;
  modified_at: string;
}

/** A legal checkbox as stored: what the API lists (client/api's RestCheckbox), with its times and an internal field. */
export interface Checkbox extends RestCheckbox {
  /**
   * The kind of legal page the text refers to, while none is linked: generating that page links it. Internal, not
   * part of the API's checkbox.
   */
  legal_page_type?: LegalType | null;
  created_at: string;
  updated_at: string;
}

export interface WizardState {
  completed: boolean;
  completed_at: string | null;
  steps: Record<string, boolean>;
  /** When the manager last confirmed a step by looking (checkboxes) or by saving (compliance settings), ISO in UTC. */
  reviewed?: Record<string, string>;
}

/** The small, often-read state of the shop that every process keeps a copy of (see store.ts). */
export interface SiteData {
  /** Per-install secret for nonces; generated on first start. */
  secret: string;
  settings: SettingsData;
  pages: Page[];
  checkboxes: Checkbox[];
  wizard: WizardState;
  /** The facet configuration; null means the built-in default for the catalog. */
  facet_config: unknown | null;
  /**
   * Where the shop ships and how (client/api/shipping.ts); empty: shipping is not set up, nothing is charged for it.
   */
  shipping_zones: ShippingZone[];
  /** The tax classes and rates (client/api/taxes.ts); a store opened before taxes existed reads tax-defaults.ts. */
  taxes: TaxData;
  /** Last id handed out per collection, so that ids are never reused after a delete. */
  last_ids: { page: number; checkbox: number };
}

export interface CheckboxCounters {
  shown: number;
  accepted: number;
}

/** One product in a cart. */
export interface CartLine {
  product_id: number;
  /** The variation bought, for a variable product. */
  variation_id?: number;
  quantity: number;
}

/** A visitor's cart, found by the hash of their cart cookie, or by their user once they are signed in. */
export interface Cart {
  /** SHA-256 hex of the cart cookie's token. */
  token_hash: string;
  user_id: number | null;
  lines: CartLine[];
  updated_at: string;
}

export type PostalAddress = OrderAddress;

export type OrderLine = OrderLineItem;

/** The ways of paying: by hand (a transfer, at the door) or online through a provider (server/shop/payments/). */
export const PAYMENT_METHODS = ['bank_transfer', 'cash_on_delivery', 'stripe', 'przelewy24'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The consent given with an order, as the customer saw it. */
export interface GivenConsent {
  checkbox_id: number;
  label: string;
  accepted: boolean;
}

/** A coupon used by an order: what it took off the goods, in grosz, and the VAT that discount carried. */
export interface OrderCouponLine {
  /** The coupon's id when it was used (it may have been deleted since). */
  coupon_id: number;
  code: string;
  discount: number;
  discount_tax: number;
}

export interface Order {
  id: number;
  /** What the customer is told, e.g. `VT-000042`. */
  number: string;
  user_id: number | null;
  email: string;
  billing: PostalAddress;
  /** Where the goods go when the customer gave a separate delivery address; null: to the billing address. */
  shipping_address: PostalAddress | null;
  /**
   * The company buyer's tax number: a Polish NIP as ten digits, or an EU VAT number with its country prefix
   * (`DE136695976`); '' for a consumer.
   */
  company_tax_id: string;
  /**
   * The customer asked for a VAT invoice at checkout ("I want an invoice"): a consumer's order then gets one as a
   * company order does (server/store/invoice-due.ts). WooCommerce's meta key `_billing_invoice_ask` in `wc/v3`.
   */
  invoice_requested: boolean;
  payment_method: PaymentMethod;
  currency: string;
  lines: OrderLine[];
  subtotal: number;
  /** The shipping method chosen at checkout (none when the shop has no shipping zones). */
  shipping_lines: ShippingLine[];
  /** Fees such as the cash-on-delivery fee. */
  fee_lines: FeeLine[];
  shipping_total: number;
  /** subtotal + shipping_total + the fees, and the VAT when the prices excluded it. */
  total: number;
  /** The coupons it used and what each took off (none for an order placed without one, or before coupons existed). */
  coupon_lines: OrderCouponLine[];
  /**
   * Its VAT per line, delivery, fee and rate, in minor units (grosz), as computed when it was placed; an order placed
   * before taxes were kept reads with the VAT its amounts implied at the standard rate (order-defaults.ts).
   */
  taxes: OrderTaxes;
  consent: GivenConsent[];
  created_at: string;
  /** Orders stored before statuses existed read as their starting status (order-lifecycle.ts). */
  status: OrderStatus;
  /** The customer's note to the shop (WooCommerce's `customer_note`). */
  customer_note: string;
  /**
   * The storefront language it was placed in (`pl`, `en`, `de`), which its e-mails are written in; '' for an order
   * placed before orders kept it, or through the API: those are written in the shop's language.
   */
  language: string;
  date_paid: string | null;
  /** Set, once, by the change that gave the stock back (cancelled or refunded): it is never given back twice. */
  stock_returned: boolean;
  history: OrderHistoryEntry[];
  notes: OrderNote[];
  /** The parcels it was sent in, oldest first. */
  shipments: ShipmentTracking[];
  /** Money paid back, oldest first, each with its VAT per rate (withdrawals' refunds among them). */
  refunds: OrderRefund[];
}

/** The reference of the notice with this id, received at `createdAt`: the same rule on every store. */
export function dsaNoticeReference(id: number, createdAt: string): string {
  return `DSA-${createdAt.slice(0, 4)}-${String(id).padStart(6, '0')}`;
}
