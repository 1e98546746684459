/**
 * The shop's time as compliance answers and storefront pages show it, read at request time so
 * that a settings change shows in the very next response.
 */
import type { Store } from '../store/store.js';
import { toLocalDateTime } from '../store/local-time.js';

/** A stored UTC instant as the shop's local `YYYY-MM-DDTHH:MM:SS`. */
export function shopLocalTime(store: Store, iso: string): string {
  return toLocalDateTime(iso, store.site.data.settings.general.timezone);
}
