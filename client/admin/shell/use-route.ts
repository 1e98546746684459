/**
 * The admin's screens are paths under /admin/ (the server serves the shell for all of them), so each screen has an
 * address that can be bookmarked and reloaded. Links push history entries; Back and Forward work.
 */
import { useEffect, useState } from '@wordpress/element';
import { parseShopRoute, type ShopScreen } from './shop-screens.js';

/** The manager's screens, each at `/admin/<screen>`; some have a part after it (a settings group, a user id). */
export const MANAGER_SCREENS = ['dashboard', 'wizard', 'settings', 'checkboxes', 'consent-log', 'legal-pages', 'facets', 'users', 'messages', 'withdrawals'] as const;
export type ManagerScreen = (typeof MANAGER_SCREENS)[number];

export type Route =
  | { screen: 'pages' }
  | { screen: 'media' }
  | { screen: 'page-editor'; id: number | null }
  | { screen: ManagerScreen; part: string | null }
  | { screen: 'home' }
  | { screen: ShopScreen }
  | { screen: 'not-found' };

export function parseRoute(path: string): Route {
  if (path === '/admin/' || path === '/admin') return { screen: 'home' };
  if (path === '/admin/pages') return { screen: 'pages' };
  if (path === '/admin/pages/new') return { screen: 'page-editor', id: null };
  if (path === '/admin/media') return { screen: 'media' };
  const edit = /^\/admin\/pages\/(\d+)$/.exec(path);
  if (edit) return { screen: 'page-editor', id: Number(edit[1]) };
  const shop = parseShopRoute(path);
  if (shop) return shop;
  const manager = /^\/admin\/([a-z-]+)(?:\/([\w-]+))?$/.exec(path);
  if (manager && (MANAGER_SCREENS as readonly string[]).includes(manager[1]!)) {
    return { screen: manager[1] as ManagerScreen, part: manager[2] ?? null };
  }
  return { screen: 'not-found' };
}

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

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.pathname));
  useEffect(() => {
    const update = () => setRoute(parseRoute(window.location.pathname));
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return route;
}
