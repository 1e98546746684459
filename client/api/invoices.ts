/**
 * Invoices as the store keeps them and `vitrine/v1/invoices` answers them. One model serves every rendering: the PDF a
 * person reads, the FA(3) XML sent to KSeF, the accountant's register. Money is in integer grosz (minor units); the
 * VAT of each rate was computed once on that rate's sum (server/tax/vat.ts), so lines, rates and totals agree exactly.
 *
 * An invoice is immutable once issued; only its `ksef` record changes afterwards, as it is sent.
 */

/** `VAT`: a VAT invoice (FA(3) `RodzajFaktury` VAT). `KOR`: a correction of one (RodzajFaktury KOR). */
export const INVOICE_TYPES = ['VAT', 'KOR'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];

/**
 * The rate as FA(3) names it in `P_12`: a percent (`23`, `8`, `5`), `0 KR` (0% domestic), `0 WDT` (intra-EU supply
 * of goods), `0 EX` (export), `zw` (exempt), `oo` (reverse charge, domestic), `np I` / `np II` (outside Polish VAT);
 * and `OSS`, a distance sale to a consumer under the EU One-Stop Shop, taxed at the consumer's country's rate
 * (`rate_percent`), which FA(3) states in `P_12_XII` instead of `P_12` and sums in `P_13_5`/`P_14_5`.
 */
export type InvoiceRateCode =
  | '23'
  | '22'
  | '8'
  | '7'
  | '5'
  | '4'
  | '3'
  | '0 KR'
  | '0 WDT'
  | '0 EX'
  | 'zw'
  | 'oo'
  | 'np I'
  | 'np II'
  | 'OSS';

export interface InvoiceAddress {
  street: string;
  postcode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface InvoiceParty {
  /** A company's name, or a person's first and last name. */
  name: string;
  /** The NIP (ten digits, no separators) for Polish companies, an EU VAT number with its country prefix, or '' for a consumer. */
  tax_id: string;
  address: InvoiceAddress;
  email: string;
}

export interface InvoiceLine {
  /** 1-based, in the order's order; delivery and fees are lines too (after the goods). */
  position: number;
  name: string;
  /** The unit of measure as printed, e.g. `szt.` (pieces) or `usł.` (a service such as delivery). */
  unit: string;
  quantity: number;
  /**
   * Unit prices, both kept: the invoice prints the one the shop entered prices in (`prices`). For a line with a
   * `discount`, the prices before it.
   */
  unit_net: number;
  unit_gross: number;
  /**
   * What coupons took off the line, net and gross (FA(3) `P_10` states the one the unit price is printed in); net, VAT
   * and gross below are the values after it. Absent: no discount.
   */
  discount?: { net: number; gross: number };
  net: number;
  tax: number;
  gross: number;
  rate: InvoiceRateCode;
  /** The percent the tax was computed at (0 for the codes that carry no tax). */
  rate_percent: number;
  /** The order line it comes from, or null for delivery and fees. */
  product_id: number | null;
  /** In a correction: true for the rows as they stood on the corrected invoice (FA(3) `StanPrzed`). */
  before?: boolean;
}

/** One rate's sums: FA(3) `P_13_x` (net) and `P_14_x` (VAT). In a correction, the differences (may be negative). */
export interface InvoiceRateTotal {
  rate: InvoiceRateCode;
  rate_percent: number;
  net: number;
  tax: number;
  gross: number;
}

export interface InvoicePayment {
  method: string;
  /** What the customer reads, e.g. "Przelew bankowy". */
  method_label: string;
  paid: boolean;
  paid_at: string | null;
  /** `YYYY-MM-DD`, or null when paid already. */
  due_date: string | null;
  /** The shop's IBAN, compact; '' when none is set. */
  bank_account: string;
}

export interface InvoiceCorrection {
  reason: string;
  /** The invoice corrected. */
  invoice_id: number;
  number: string;
  issue_date: string;
  /** Its KSeF number when it had one when the correction was issued. */
  ksef_number: string | null;
  /** The refund (or withdrawal refund) that caused it, when one did. */
  refund_id: number | null;
}

export const KSEF_STATUSES = [
  /** Not for KSeF: sending is off, or the seller's NIP is not set. */
  'not_applicable',
  /** Waiting to be sent (in the outbox). */
  'queued',
  /** Issued while KSeF could not be reached; carries its offline QR codes and waits to be sent. */
  'offline',
  /** Accepted: `number` holds the KSeF number. */
  'accepted',
  /** Refused by KSeF: `errors` says why. */
  'rejected',
] as const;
export type KsefStatus = (typeof KSEF_STATUSES)[number];

export interface InvoiceKsef {
  status: KsefStatus;
  /** The KSeF number KSeF assigned, once accepted. */
  number: string | null;
  sent_at: string | null;
  /** The UPO receipt (XML) KSeF gave for it. */
  upo: string | null;
  /** KSeF's reasons for a refusal, or the last failure to reach it. */
  errors: string[];
  attempts: number;
  /** When the sender tries next (backoff), or null when nothing is due. */
  next_attempt_at: string | null;
}

export interface Invoice {
  id: number;
  /** From the pattern `invoices.number_pattern` (e.g. `FV/2026/12/7`); without gaps within its period. */
  number: string;
  type: InvoiceType;
  order_id: number;
  order_number: string;
  /** When it was issued (ISO 8601 with the shop's offset). */
  issued_at: string;
  /** `YYYY-MM-DD` in the shop's time zone: FA(3) `P_1`. */
  issue_date: string;
  /** The date of supply, `YYYY-MM-DD`: FA(3) `P_6`. */
  sale_date: string;
  place_of_issue: string;
  currency: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  /** Whether the shop's prices were entered with VAT (`gross`: FA(3) `P_9B`/`P_11A`) or without (`net`: `P_9A`/`P_11`). */
  prices: 'net' | 'gross';
  lines: InvoiceLine[];
  totals: InvoiceRateTotal[];
  total_net: number;
  total_tax: number;
  /** The total due: FA(3) `P_15`. In a correction, the difference. */
  total_gross: number;
  payment: InvoicePayment;
  correction: InvoiceCorrection | null;
  /**
   * The legal basis of the VAT exemption, stated when a line is exempt (`zw`; FA(3) `P_19A`). Absent on invoices that
   * have no exempt line.
   */
  exemption_basis?: string;
  /** SHA-256 of the FA(3) XML, base64: KSeF's idempotency key and part of the verification link. */
  hash: string;
  ksef: InvoiceKsef;
}
