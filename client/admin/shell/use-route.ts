/**
 * The admin's router: the route of the address bar (admin-screens.ts reads it), and moving to another screen. Links
 * push history entries, so Back and Forward work; a screen with unsaved work may refuse to be left.
 */
import { useEffect, useState } from '@wordpress/element';
import { parseAdminPath, type AdminRoute } from './admin-screens.js';

let leaveGuard: (() => boolean) | null = null;

/** A screen with unsaved work sets a guard that may refuse to leave it (use-leave-guard.ts). */
export function setLeaveGuard(guard: (() => boolean) | null): void {
  leaveGuard = guard;
}

export function navigate(path: string): void {
  if (leaveGuard && !leaveGuard()) return;
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

export function useRoute(): AdminRoute {
  const [route, setRoute] = useState(() => parseAdminPath(window.location.pathname));
  useEffect(() => {
    const update = () => setRoute(parseAdminPath(window.location.pathname));
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return route;
}
