/**
 * The admin's screens and their start: a chunk the entry (index.tsx) imports once the user's language is loaded, so
 * that every word the screens define when they load is already in it. The server preloads it with the entry.
 */
import { createRoot } from '@wordpress/element';
import { setupApiFetch } from '../api/setup-api-fetch.js';
import { setShopLocale } from '../locale/shop-locale.js';
import { AdminApp } from './admin-app.js';
import type { StartData } from './start-data.js';

export function mountAdmin(mount: HTMLElement, start: StartData): void {
  setShopLocale(start.shop ?? {});
  setupApiFetch();
  createRoot(mount).render(<AdminApp start={start} />);
}
