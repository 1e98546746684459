/**
 * What every message says about the shop (its name, company data and contact in the footer, its language and time
 * zone), read from the settings when the message is made, so that a settings change shows in the very next message.
 * The messages are written from the message catalogue (server/i18n/) by the translator of the reader's language.
 */
import { translator, translatorOfLocale, type Translator } from '../../i18n/translator.js';
import { isLanguage, localeInLanguage, type Language } from '../../i18n/languages.js';
import { offeredLanguages, storefrontPrefix } from '../../site/storefront-languages.js';
import type { Store } from '../../store/store.js';

export interface MailShop {
  name: string;
  companyName: string;
  address: string;
  taxId: string;
  /** Where customers write to the shop (also the Reply-To of the messages to customers). */
  email: string;
  /** Where the shop's own notifications go. */
  notificationEmail: string;
  locale: string;
  /** The messages' language: the shop's (`general.locale`), or its reader's ({@link mailShopFor}). */
  translator: Translator;
  timeZone: string;
  /** Absolute base URL of the shop, without a trailing slash. */
  siteUrl: string;
  /**
   * Where the storefront's pages are in the reader's language (`https://shop.example/de`), without a trailing slash:
   * the base of a link to a page the reader opens, so that it opens in the language the message is written in.
   */
  storefrontUrl: string;
  /** The languages the storefront offers, the shop's own first. */
  languages: readonly Language[];
}

export function mailShop(store: Store, siteUrl: string): MailShop {
  const general = store.site.data.settings.general;
  const locale = general.locale;
  const email = general.company_email;
  return {
    name: general.shop_name,
    companyName: general.company_name,
    address: general.company_address,
    taxId: general.company_tax_id,
    email,
    notificationEmail: general.notification_email || email,
    locale,
    translator: translatorOfLocale(locale),
    timeZone: general.timezone,
    siteUrl,
    storefrontUrl: siteUrl,
    languages: offeredLanguages(general),
  };
}

/**
 * The shop speaking to a reader of `language` (the language an order was placed in, the one a customer is using):
 * its words, dates and numbers in that language. The shop's own language when `language` is '' or not one of the
 * catalogue's. The shop's own notifications stay in the shop's language.
 *
 * @example mailShopFor(shop, order.language).translator.t('mailOrder.subject', { number })
 */
export function mailShopFor(shop: MailShop, language: string | undefined): MailShop {
  if (!language || !isLanguage(language) || language === shop.translator.language) return shop;
  return {
    ...shop,
    locale: localeInLanguage(shop.locale, language),
    translator: translator(language),
    storefrontUrl: `${shop.siteUrl}${storefrontPrefix(language, shop.languages)}`,
  };
}

/** A stored instant as the shop writes dates in its messages: `24 listopada 2026, 10:31:05 CET`. */
export function formatMailDateTime(iso: string, shop: Pick<MailShop, 'locale' | 'timeZone'>): string {
  return new Intl.DateTimeFormat(shop.locale, {
    dateStyle: 'long',
    timeStyle: 'long',
    timeZone: shop.timeZone,
  }).format(new Date(iso));
}
