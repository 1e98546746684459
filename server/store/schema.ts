/** The typed shape of the shop's data, whichever store holds it (see store.ts). */
import type { SettingsData } from './settings-schema.js';

export type Role = 'administrator' | 'shop_manager' | 'editor' | 'customer';
export const ROLES: readonly Role[] = ['administrator', 'shop_manager', 'editor', 'customer'];

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
}

export interface Session {
  /** SHA-256 hex of the cookie token: a stolen data file does not yield live cookies. */
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export const LEGAL_TYPES = ['terms', 'privacy', 'returns', 'complaints'] as const;
export type LegalType = (typeof LEGAL_TYPES)[number];
/** `trash`: removed from the site but restorable from the admin (as in WordPress). */
export type PageStatus = 'publish' | 'draft' | 'trash';

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

export const CHECKBOX_LOCATIONS = ['checkout', 'registration', 'contact'] as const;
export type CheckboxLocation = (typeof CHECKBOX_LOCATIONS)[number];

export interface Checkbox {
  id: number;
  label: string;
  required: boolean;
  location: CheckboxLocation;
  enabled: boolean;
  position: number;
  /** 0 when the checkbox links no legal page. */
  legal_page_id: number;
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
  /** Last id handed out per collection, so that ids are never reused after a delete. */
  last_ids: { page: number; checkbox: number };
}

export interface CheckboxCounters {
  shown: number;
  accepted: number;
}

/** One checkbox shown on a submitted storefront form: evidence of what was agreed to, never rewritten. */
export interface ConsentRecord {
  checkbox_id: number;
  /** The text the customer saw. */
  label: string;
  location: string;
  accepted: boolean;
  /** ISO 8601 in UTC. */
  time: string;
  /** The legal page the checkbox linked to, 0 for none. */
  legal_page_id: number;
  /** When that page was last modified, so the version agreed to can be identified; null without a page. */
  legal_page_modified_at: string | null;
  /** Shortened by anonymiseIp. */
  ip: string;
  /** SHA-256 (hex) of the exact label text shown, so that what was agreed to can be proven later. Newer records only. */
  label_hash?: string;
  /** What the consent was given for: `order:<number>`, `user:<id>`, `message:<id>`, `withdrawal:<reference>`. */
  reference?: string | null;
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

export interface PostalAddress {
  first_name: string;
  last_name: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  phone: string;
}

export interface OrderLine {
  product_id: number;
  /** The variation bought, for a variable product. */
  variation_id?: number;
  title: string;
  sku: string;
  /** Price per unit actually charged, in the shop currency's main unit. */
  unit_price: number;
  quantity: number;
  line_total: number;
}

export const PAYMENT_METHODS = ['bank_transfer', 'cash_on_delivery'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The consent given with an order, as the customer saw it. */
export interface GivenConsent {
  checkbox_id: number;
  label: string;
  accepted: boolean;
}

export interface Order {
  id: number;
  /** What the customer is told, e.g. `VT-000042`. */
  number: string;
  user_id: number | null;
  email: string;
  billing: PostalAddress;
  /** Polish NIP when the customer asked for a company invoice; '' otherwise. */
  company_tax_id: string;
  payment_method: PaymentMethod;
  currency: string;
  lines: OrderLine[];
  subtotal: number;
  total: number;
  consent: GivenConsent[];
  created_at: string;
}

/** A message sent through the contact form. */
export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: number | null;
  created_at: string;
}

/** A withdrawal from a distance contract (Directive (EU) 2023/2673), as received. */
export interface WithdrawalRequest {
  id: number;
  /** Given to the customer as acknowledgement, e.g. `WD-000007`. */
  reference: string;
  order_id: number;
  order_number: string;
  email: string;
  /** The items withdrawn from; the whole order when the customer chose all. */
  items: { product_id: number; variation_id?: number; title: string; quantity: number }[];
  reason: string;
  user_id: number | null;
  /** Date and time of receipt, ISO 8601 in UTC. */
  received_at: string;
}

/** Where a DSA notice stands in its handling by the shop. */
export const DSA_NOTICE_STATUSES = ['received', 'in_review', 'actioned', 'rejected'] as const;
export type DsaNoticeStatus = (typeof DSA_NOTICE_STATUSES)[number];

/**
 * A notice of allegedly illegal content (Digital Services Act, Art. 16) sent through the storefront's form: what was
 * reported, by whom, and how the shop decided.
 */
export interface DsaNotice {
  id: number;
  /** Given to the notifier as the acknowledgement, e.g. `DSA-2026-000042`. */
  reference: string;
  status: DsaNoticeStatus;
  /** The reported product, 0 when the URL names none. */
  product_id: number;
  /** The exact address of the content, as the notifier confirmed it. */
  url: string;
  explanation: string;
  name: string;
  email: string;
  /** The notifier confirmed the notice is accurate and complete, in good faith. */
  good_faith: boolean;
  /** Shortened by anonymiseIp. */
  ip: string;
  /** ISO 8601 in UTC. */
  created_at: string;
  updated_at: string;
  /** The shop's statement of reasons once decided; '' before. */
  decision_note: string;
}

/** The reference of the notice with this id, received at `createdAt`: the same rule on every store. */
export function dsaNoticeReference(id: number, createdAt: string): string {
  return `DSA-${createdAt.slice(0, 4)}-${String(id).padStart(6, '0')}`;
}
