/**
 * The admin's screens, listed once. Each is at `/admin/<id>` (the server serves the shell for every path under
 * /admin/), so it can be bookmarked and reloaded. The table says what the header link reads, which capability the
 * screen needs (the same as its REST routes), whether the header lists it (the others are linked from screens), and
 * what may follow its address. The router, the header and the links between screens read it; screen-views.tsx says
 * which component draws each. It imports no screen, so that every screen may import it without a cycle.
 */
import { __ } from '@wordpress/i18n';

/** `read`: everyone who may open the admin. */
export type Capability = 'edit_pages' | 'manage_shop' | 'read';

/** The navigation's groups, in its order, with their headings. */
export const NAV_GROUPS = {
  shop: __('Shop'),
  content: __('Content'),
  customers: __('Customers'),
  compliance: __('Compliance'),
} as const;

export type NavGroup = keyof typeof NAV_GROUPS;

export interface AdminScreen {
  /** The navigation link's text. */
  title: string;
  capability: Capability;
  /** Whether the navigation lists it (the others are linked from screens). */
  inHeader: boolean;
  /** The navigation group it is listed under. */
  group: NavGroup;
  /** What a signed-in user without the capability reads instead of the screen; null: nothing. */
  refusal: string | null;
  /** What may follow `/admin/<id>/` (a settings group, a wizard step, a user or page id); absent: nothing. */
  part?: RegExp;
}

const ANY_PART = /^[\w-]+$/;
const MANAGERS_ONLY = __('Only shop managers can open this screen.');
const SHOP_RIGHTS = __('This screen needs the shop manager\u2019s rights.');

const manager = (title: string, group: NavGroup, inHeader = true): AdminScreen => ({
  title,
  capability: 'manage_shop',
  inHeader,
  group,
  refusal: MANAGERS_ONLY,
  part: ANY_PART,
});
const shop = (title: string, group: NavGroup): AdminScreen => ({
  title,
  capability: 'manage_shop',
  inHeader: true,
  group,
  refusal: SHOP_RIGHTS,
});

/** In the navigation's order (within each group). */
export const ADMIN_SCREENS = {
  dashboard: manager(__('Dashboard'), 'shop'),
  // The list, and one order's view at /admin/orders/<id>.
  orders: { ...shop(__('Orders'), 'shop'), part: /^\d+$/ },
  invoices: shop(__('Invoices'), 'shop'),
  coupons: manager(__('Coupons'), 'shop'),
  settings: manager(__('Settings'), 'shop'),
  checkboxes: manager(__('Checkboxes'), 'compliance'),
  'legal-pages': manager(__('Legal pages'), 'compliance'),
  facets: manager(__('Facets'), 'shop'),
  users: manager(__('Users'), 'customers'),
  'api-keys': manager(__('REST API keys'), 'shop'),
  messages: manager(__('Messages'), 'customers'),
  withdrawals: manager(__('Withdrawals'), 'customers'),
  'erasure-requests': manager(__('Erasure requests'), 'customers'),
  'mail-log': manager(__('Mail log'), 'customers'),
  wizard: manager(__('Set up the shop'), 'shop', false),
  'consent-log': manager(__('Statistics and consent log'), 'compliance', false),
  // The list, and the editor at /admin/pages/new or /admin/pages/<id>.
  pages: {
    title: __('Pages'),
    capability: 'edit_pages',
    inHeader: true,
    group: 'content',
    refusal: null,
    part: /^(new|\d+)$/,
  },
  media: { title: __('Media'), capability: 'edit_pages', inHeader: true, group: 'content', refusal: null },
  // The list, and the product editor at /admin/products/new or /admin/products/<id>.
  products: { ...shop(__('Products'), 'shop'), part: /^(new|\d+)$/ },
  'dsa-notices': shop(__('DSA notices'), 'compliance'),
  'green-claims': shop(__('Green claims'), 'compliance'),
  'product-safety': shop(__('Product safety'), 'compliance'),
  // The user's own settings (the admin's language), linked from the header's "Signed in as".
  profile: { title: __('Profile'), capability: 'read', inHeader: false, group: 'customers', refusal: null },
} satisfies Record<string, AdminScreen>;

export type AdminScreenId = keyof typeof ADMIN_SCREENS;

export const ADMIN_SCREEN_IDS = Object.keys(ADMIN_SCREENS) as AdminScreenId[];

/** `/admin/` itself opens the start screen, which depends on the user's capabilities. */
export type AdminRoute = { screen: AdminScreenId; part: string | null } | { screen: 'home' } | { screen: 'not-found' };

/** @example screenPath('users', 3) // '/admin/users/3' */
export function screenPath(id: AdminScreenId, part?: string | number): string {
  return part === undefined ? `/admin/${id}` : `/admin/${id}/${part}`;
}

/** @example parseAdminPath('/admin/settings/compliance') // { screen: 'settings', part: 'compliance' } */
export function parseAdminPath(path: string): AdminRoute {
  if (path === '/admin/' || path === '/admin') return { screen: 'home' };
  const match = /^\/admin\/([a-z-]+)(?:\/([\w-]+))?$/.exec(path);
  const id = match?.[1] as AdminScreenId | undefined;
  if (!id || !Object.hasOwn(ADMIN_SCREENS, id)) return { screen: 'not-found' };
  const part = match![2] ?? null;
  const screen: AdminScreen = ADMIN_SCREENS[id];
  if (part !== null && !screen.part?.test(part)) return { screen: 'not-found' };
  return { screen: id, part };
}
