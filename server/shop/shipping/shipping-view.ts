/**
 * What the cart and the checkout show of shipping for a country: the country list of the shop (the countries its
 * zones serve, or every country while it has no zones), the methods offered with their costs, and how far the goods
 * are from free shipping. Names come in the shop's language (client/api/countries.ts).
 */
import { countryChoices, countryName, COUNTRY_CODES, isCountryCode } from '../../../client/api/countries.js';
import { deliveryTimeOf } from '../../catalog/sales-meta.js';
import type { Product } from '../../catalog/model.js';
import type { Store } from '../../store/store.js';
import { freeShippingThreshold, offeredMethods, servedCountries, type OfferedMethod } from './shipping-zones.js';
import { storefrontLocale } from '../../i18n/chosen-language.js';

export interface ShippingView {
  country: string;
  countryName: string;
  /** The shop's default country (where the checkout starts unless told otherwise). */
  defaultCountry: string;
  /** The choices of the country `<select>`, by name. */
  countries: { code: string; name: string }[];
  /** The shop has shipping zones; without, no shipping is charged or chosen. */
  configured: boolean;
  offered: OfferedMethod[];
  /** The smallest free-shipping minimum the goods have not reached yet, or null. */
  freeFrom: number | null;
}

/** The country a form or link asks for when the shop knows it, else the shop's default country. */
export function chosenCountry(store: Store, asked: unknown): string {
  const code = typeof asked === 'string' ? asked.trim().toUpperCase() : '';
  return isCountryCode(code) ? code : store.site.data.settings.checkout.default_country || 'PL';
}

/**
 * @param alsoListed countries the list offers even when no zone serves them (a billing address's, when the goods go
 *   elsewhere), so that a form shown again keeps what was chosen
 */
export function shippingView(
  store: Store,
  country: string,
  subtotal: number,
  alsoListed: readonly string[] = [],
): ShippingView {
  const zones = store.site.data.shipping_zones;
  const locale = storefrontLocale(store.site.data.settings.general.locale);
  const served = zones.length ? [...new Set(servedCountries(zones))] : COUNTRY_CODES;
  const unserved = [...new Set([country, ...alsoListed])].filter(
    (code) => isCountryCode(code) && !served.includes(code),
  );
  return {
    country,
    countryName: countryName(country, locale),
    defaultCountry: chosenCountry(store, ''),
    countries: countryChoices(locale, [...served, ...unserved]),
    configured: zones.length > 0,
    offered: offeredMethods(zones, country, subtotal),
    freeFrom: freeShippingThreshold(zones, country, subtotal),
  };
}

/** A product's delivery time, or the shop's default ('' when neither gives one). */
export function productDeliveryTime(store: Store, product: Pick<Product, 'meta'>): string {
  return deliveryTimeOf(product.meta, store.site.data.settings.storefront.delivery_time);
}
