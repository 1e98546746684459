/**
 * Links into the editor name a place by the address's hash (`/admin/products/12#product-safety`,
 * `#product-description`): once the product is shown, that place is scrolled into view and its first field focused, so
 * a report's link lands where the fix is typed. In-page links (the sections' list) do the same through `hashchange`.
 */
import { useEffect } from '@wordpress/element';

const FIELDS = 'input:not([type="hidden"]), textarea, select';

function focusHashTarget(): void {
  const id = decodeURIComponent(window.location.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (!target) return;
  const field = target.matches(FIELDS) ? target : target.querySelector<HTMLElement>(FIELDS);
  target.scrollIntoView({ block: 'start' });
  (field ?? target).focus({ preventScroll: true });
}

export function useFocusFromHash(ready: boolean): void {
  useEffect(() => {
    if (!ready) return undefined;
    // After the sections have been painted.
    const frame = window.requestAnimationFrame(focusHashTarget);
    window.addEventListener('hashchange', focusHashTarget);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('hashchange', focusHashTarget);
    };
  }, [ready]);
}
