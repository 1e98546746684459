import type { AdminLanguage, AdminLocale } from '../../api/users.js';
import type { ShopLocale } from '../locale/shop-locale.js';

/** What the server hands the shell in `data-start` (admin-route.ts): no inline script is allowed to carry it. */
export interface StartData {
  user: { id: number; display_name: string; capabilities: string[]; locale: AdminLocale };
  /** The user's language (`adminLanguageOf`): its strings' catalogue and the locale of dates' words. */
  admin: { language: AdminLanguage; dateLocale: string };
  shopName: string;
  /** The General settings' locale, time zone and currency. */
  shop: ShopLocale;
  csrfField: string;
  csrfToken: string;
}

/** The start data of the page's admin mount, or null on a page without one. */
export function readStartData(): { mount: HTMLElement; start: StartData } | null {
  const mount = document.getElementById('vitrine-admin');
  return mount ? { mount, start: JSON.parse(mount.dataset.start ?? '{}') as StartData } : null;
}
