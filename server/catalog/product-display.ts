/**
 * How products are shown to shoppers, as the shop's settings decide: money format, whether ratings and stock show,
 * the low-stock line, and the tax note after each price. One reader of the settings (`productDisplay`) feeds the
 * result cards, the product page and the compliance search's `price_html`, so a setting changes all of them at once.
 */
import { storefrontLocale } from '../i18n/chosen-language.js';
import { translatorOfLocale } from '../i18n/translator.js';
import type { Store } from '../store/store.js';
import type { PriceFormatOptions } from './price-format.js';
import { backordersOf, managesStock, stockStatus, type StockedItem } from './stock-keeping.js';

export interface ProductDisplayOptions extends PriceFormatOptions {
  /** Storefront `show_ratings`; shown when left out. */
  showRatings?: boolean;
  /** Storefront `show_stock_status`; shown when left out. */
  showStockStatus?: boolean;
  /** Storefront `low_stock_threshold`: "Only N left" at or under it; 0 never says it. */
  lowStockThreshold?: number;
}

/** Every display setting the shop has; the Omnibus notes are per render, read from the price history. */
export type ShopDisplaySettings = Required<Omit<ProductDisplayOptions, 'lowestPrices'>>;

/**
 * The shop's display settings as they are now (read per request, so a change shows on the very next page), written
 * in the visitor's chosen language if they chose one.
 *
 * @example productDisplay(store) // { currency: 'PLN', locale: 'pl-PL', pricesIncludeTax: true, showRatings: true, … }
 */
export function productDisplay(store: Store): ShopDisplaySettings {
  const { general, storefront } = store.site.data.settings;
  return {
    currency: general.currency,
    locale: storefrontLocale(general.locale),
    pricesIncludeTax: storefront.prices_include_tax,
    showRatings: storefront.show_ratings,
    showStockStatus: storefront.show_stock_status,
    lowStockThreshold: storefront.low_stock_threshold,
  };
}

/**
 * What the stock line says, or null when it is not shown. A quantity is told only of a tracked item; an item sold on
 * backorder says so where its owner chose `notify`, as WooCommerce does.
 */
export function stockText(
  product: StockedItem,
  options: Pick<ProductDisplayOptions, 'showStockStatus' | 'lowStockThreshold' | 'locale'>,
): { text: string; level: 'in' | 'low' | 'out' | 'backorder' } | null {
  if (options.showStockStatus === false) return null;
  const { t } = translatorOfLocale(options.locale);
  const status = stockStatus(product);
  if (status === 'outofstock') return { text: t('stock.out'), level: 'out' };
  if (status === 'onbackorder' && backordersOf(product) === 'notify')
    return { text: t('stock.backorder'), level: 'backorder' };
  const threshold = options.lowStockThreshold ?? 0;
  if (managesStock(product) && threshold > 0 && product.stock_quantity > 0 && product.stock_quantity <= threshold) {
    return { text: t('stock.low', { count: product.stock_quantity }), level: 'low' };
  }
  return { text: t('stock.in'), level: 'in' };
}
