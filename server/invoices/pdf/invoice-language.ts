/**
 * The language an invoice's PDF is printed in: that of the order it bills, the language the customer shopped in, so
 * that a German customer reads German labels wherever the PDF comes from (the e-mail, the order page, the admin). A
 * Polish shop's invoice stays a Polish document: for an order in another language its labels are bilingual, Polish
 * first ("Faktura VAT / Rechnung"), as Polish invoices to foreign buyers usually are, its figures written the Polish
 * way, and the words the law and KSeF prescribe (the "nr", "NIP", "CERTYFIKAT" under a QR code) in Polish alone.
 */
import type { Invoice } from '../../../client/api/invoices.js';
import { isLanguage } from '../../i18n/languages.js';
import { translator, translatorOfLocale, type Translate, type Translator } from '../../i18n/translator.js';
import type { Store } from '../../store/store.js';

/** Labels printed in Polish alone on a bilingual invoice: the names the VAT Act and KSeF give them. */
const POLISH_ONLY: ReadonlySet<string> = new Set([
  'invoices.pdfNumber',
  'invoices.pdfTaxId',
  'invoices.pdfCertificate',
]);

/**
 * @param orderLanguage the order's language (`Order.language`); '' or unknown: the shop's
 * @example invoiceTranslator('pl-PL', 'de').t('invoices.pdfTitleVat') === 'Faktura VAT / Rechnung'
 */
export function invoiceTranslator(shopLocale: string, orderLanguage: string | undefined): Translator {
  const shop = translatorOfLocale(shopLocale);
  const reader = orderLanguage && isLanguage(orderLanguage) ? translator(orderLanguage) : shop;
  if (reader.language === shop.language) return shop;
  if (shop.language !== 'pl') return reader;
  const t: Translate = (key, values) => {
    const polish = shop.t(key, values);
    if (POLISH_ONLY.has(key)) return polish;
    const theirs = reader.t(key, values);
    return theirs === polish ? polish : `${polish} / ${theirs}`;
  };
  return { language: shop.language, t, say: (ref) => t(ref.key, ref.values), forms: shop.forms };
}

/** The translator of `invoice`'s PDF: in the language of the order it bills (see {@link invoiceTranslator}). */
export async function invoiceTranslatorOf(store: Store, invoice: Pick<Invoice, 'order_id'>): Promise<Translator> {
  const order = await store.orders.find(invoice.order_id);
  return invoiceTranslator(store.site.data.settings.general.locale, order?.language);
}
