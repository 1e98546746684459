/**
 * A product's safety information under the General Product Safety Regulation (EU) 2023/988, article 19: who made it
 * and how to reach them, the responsible person in the EU, warnings, and safety documents. Kept in the product's
 * `meta` under the keys below, so that it travels through WooCommerce CSV files (`Meta: gpsr_…` columns) and the
 * `wc/v3` API's `meta_data` as WooCommerce plugins carry theirs.
 *
 * Values are plain text from imports and API clients: this module reads and checks them, and never produces markup.
 */
import { SAFETY_META_KEYS } from '../../client/api/woocommerce.js';

/** The meta keys, by what they hold (declared with the API's shapes, which the admin's editor shares). */
export { SAFETY_META_KEYS };

const CONTACT_KEYS: ReadonlySet<string> = new Set([
  SAFETY_META_KEYS.manufacturerContact,
  SAFETY_META_KEYS.responsibleContact,
]);
const ALL_KEYS: ReadonlySet<string> = new Set(Object.values(SAFETY_META_KEYS));

/** How to reach a party: an email (a `mailto:` link), a web address (a link), or text that is neither (shown as is). */
export type Contact = { kind: 'email' | 'url' | 'text'; value: string };

export interface SafetyDocument {
  title: string;
  url: string;
}

export interface Party {
  name: string;
  address: string;
  contact: Contact | null;
}

export interface ProductSafety {
  manufacturer: Party | null;
  responsiblePerson: Party | null;
  warnings: string;
  documents: SafetyDocument[];
}

// Deliberately plain: one @, no spaces, a dot in the domain. Full RFC 5322 would accept addresses no one can write to.
const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/;

/** An absolute http(s) address, or null: `javascript:`, `data:` and relative addresses are never links. */
export function httpUrl(text: string): string | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function contactOf(text: string): Contact {
  const value = text.trim();
  if (EMAIL.test(value)) return { kind: 'email', value };
  const url = httpUrl(value);
  return url ? { kind: 'url', value: url } : { kind: 'text', value };
}

/** The documents of a `gpsr_documents` value; lines without an http(s) address are left out. */
export function safetyDocuments(text: string): SafetyDocument[] {
  return text.split(/\r?\n/).flatMap((line) => {
    const bar = line.lastIndexOf('|');
    const address = (bar === -1 ? line : line.slice(bar + 1)).trim();
    const url = httpUrl(address);
    if (!url) return [];
    const title = bar === -1 ? '' : line.slice(0, bar).trim();
    return [{ title: title || address, url }];
  });
}

function partyOf(meta: Record<string, string>, name: string, address: string, contact: string): Party | null {
  const party = {
    name: meta[name]?.trim() ?? '',
    address: meta[address]?.trim() ?? '',
    contact: meta[contact]?.trim() ? contactOf(meta[contact]!) : null,
  };
  return party.name || party.address || party.contact ? party : null;
}

/**
 * The product's safety information, or null when it has none.
 * @example productSafety({ gpsr_manufacturer_name: 'Acme', gpsr_documents: 'Manual | https://acme.example/m.pdf' })
 */
export function productSafety(meta: Record<string, string> | undefined): ProductSafety | null {
  if (!meta) return null;
  const K = SAFETY_META_KEYS;
  const safety: ProductSafety = {
    manufacturer: partyOf(meta, K.manufacturerName, K.manufacturerAddress, K.manufacturerContact),
    responsiblePerson: partyOf(meta, K.responsibleName, K.responsibleAddress, K.responsibleContact),
    warnings: meta[K.warnings]?.trim() ?? '',
    documents: safetyDocuments(meta[K.documents] ?? ''),
  };
  return safety.manufacturer || safety.responsiblePerson || safety.warnings || safety.documents.length ? safety : null;
}

/**
 * What is wrong with a value written to a safety key through the API, or null when it is good (or not a safety key).
 * Imports are not refused for these (a CSV of thousands of rows should not fail on one address); the page simply
 * does not link what is not an http(s) address or an email.
 */
export function safetyMetaProblem(key: string, value: string): string | null {
  if (!ALL_KEYS.has(key) || value.trim() === '') return null;
  if (CONTACT_KEYS.has(key) && contactOf(value).kind === 'text') {
    return `${key} must be an email address (name@example.com) or an http(s) address.`;
  }
  if (key === SAFETY_META_KEYS.documents) {
    const bad = value
      .split(/\r?\n/)
      .findIndex((line) => line.trim() !== '' && !httpUrl(line.slice(line.lastIndexOf('|') + 1)));
    if (bad !== -1) return `${key}: line ${bad + 1} must be "Title | https://…"; only http(s) addresses are allowed.`;
  }
  return null;
}
