/**
 * The shop settings that shape how compliance responses look (time zone, currency, locale), read at request time so
 * that a settings change shows in the very next response.
 */
import type { PriceFormatOptions } from '../catalog/price-format.js';
import type { Store } from '../store/store.js';
import { productDisplay } from '../catalog/product-display.js';
import { toLocalDateTime } from '../store/local-time.js';

/** A stored UTC instant as the shop's local `YYYY-MM-DDTHH:MM:SS`. */
export function shopLocalTime(store: Store, iso: string): string {
  return toLocalDateTime(iso, String(store.site.data.settings.general.timezone));
}

/** Money format and the tax note: `price_html` of the search shows what a shopper sees on the shop. */
export function shopPriceFormat(store: Store): PriceFormatOptions {
  const { currency, locale, pricesIncludeTax } = productDisplay(store);
  return { currency, locale, pricesIncludeTax };
}
