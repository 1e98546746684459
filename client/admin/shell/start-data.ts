import type { ShopLocale } from '../locale/shop-locale.js';

/** What the server hands the shell in `data-start` (admin-route.ts): no inline script is allowed to carry it. */
export interface StartData {
  user: { id: number; display_name: string; capabilities: string[] };
  shopName: string;
  /** The General settings' locale, time zone and currency. */
  shop: ShopLocale;
  csrfField: string;
  csrfToken: string;
}
