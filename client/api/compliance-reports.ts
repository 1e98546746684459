/**
 * `compliance/v1`'s reports for shop managers: DSA notices sent through the storefront, products making generic
 * green claims, and products missing their safety (GPSR) information. A report whose module is switched off
 * answers 409 `compliance_module_disabled`, naming the setting to switch on.
 */

/** Where a notice stands in its handling by the shop. */
export const DSA_NOTICE_STATUSES = ['received', 'in_review', 'actioned', 'rejected'] as const;
export type DsaNoticeStatus = (typeof DSA_NOTICE_STATUSES)[number];

/** A notice of illegal content (Digital Services Act, article 16). */
export interface DsaNotice {
  id: number;
  /** e.g. `DSA-2026-000042`. */
  reference: string;
  status: DsaNoticeStatus;
  /** The reported product, 0 when the address names none. */
  product_id: number;
  url: string;
  explanation: string;
  name: string;
  email: string;
  good_faith: boolean;
  /** Shortened (IPv4 /24, IPv6 /48). */
  ip: string;
  /** The shop's local time, `2026-05-01T12:00:00`. */
  created_at: string;
  updated_at: string;
  /** The statement of reasons; '' before a decision. */
  decision_note: string;
}

/** `GET /dsa-notices`: newest first. */
export interface DsaNoticeList {
  notices: DsaNotice[];
  total: number;
}

/** A report about products: those it found, how many, and of how many checked. */
export interface ProductReport<T> {
  products: T[];
  total: number;
  checked: number;
}

export type ClaimLanguage = 'en' | 'pl' | 'de';

/** One generic environmental claim in a product's text. */
export interface GreenClaim {
  field: 'title' | 'description';
  /** The listed term that matched, e.g. `eco-friendly`. */
  term: string;
  language: ClaimLanguage;
  /** The words exactly as written, e.g. `Eco-Friendly`. */
  phrase: string;
  /** Plain text around the phrase, `…` where it was cut. */
  context: string;
}

/** A product a report names, with its page in the shop. */
export interface ReportedProduct {
  id: number;
  title: string;
  sku: string;
  url: string;
}

export interface GreenClaimProduct extends ReportedProduct {
  claims: GreenClaim[];
}

/** `GET /green-claims`. */
export type GreenClaimsReport = ProductReport<GreenClaimProduct>;

/** A published product whose manufacturer information is incomplete. */
export interface IncompleteSafetyProduct extends ReportedProduct {
  /** The required meta keys that are empty or absent, e.g. `gpsr_manufacturer_contact`. */
  missing: string[];
  has_responsible_person: boolean;
}

/** `GET /product-safety`: `checked` counts the published products. */
export type ProductSafetyReport = ProductReport<IncompleteSafetyProduct>;
