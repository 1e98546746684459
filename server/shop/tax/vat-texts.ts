/**
 * What the shop's pages say about VAT beside the totals. The storefront's pages are written in English until the
 * message catalogue lands; the Polish texts are ready for it.
 */
import type { VatLineTexts } from '../../tax/vat-lines.js';

export const VAT_TEXTS = {
  en: {
    net: 'Net',
    /** A rate inside gross prices, e.g. "incl. VAT 23%". */
    included: (label: string) => `incl. ${label}`,
    /** A rate added to net prices, e.g. "VAT 23%". */
    added: (label: string) => label,
    gross: 'Gross',
    caption: 'VAT',
  },
  pl: {
    net: 'Netto',
    included: (label: string) => `w tym ${label}`,
    added: (label: string) => label,
    gross: 'Brutto',
    caption: 'VAT',
  },
} satisfies Record<'en' | 'pl', VatLineTexts & { caption: string }>;
