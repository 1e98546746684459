/** The parts of the layout that every page shares: shop name, language, signed-in user, nonce, legal links. */
import type { Context } from 'koa';
import { csrfToken } from '../auth/csrf.js';
import { createNonce, sessionNonceSubject } from '../auth/nonces.js';
import type { Page } from '../store/schema.js';
import type { Store } from '../store/store.js';
import type { ClientAssets } from './client-assets.js';
import { renderLayout, type LayoutInput } from './layout.js';
import { markPerVisitor } from '../http/public-page-cache.js';
import { withCatalogOnDemand } from '../store/catalog-loading-middleware.js';
import { translatorOfLocale, type Translator } from '../i18n/translator.js';

/** The storefront's language: the shop's own (`general.locale`). */
export const shopTranslator = (store: Store): Translator => translatorOfLocale(store.site.data.settings.general.locale);

export interface PageDependencies {
  store: Store;
  assets: ClientAssets;
  /** Items in the visitor's cart, for the header; passed in by server/app.ts, since carts are the shop's (above). */
  cartCount?: (ctx: Context) => Promise<number>;
  /** The address of the theme's own stylesheet (theme-stylesheet.ts), null without one. */
  themeStylesheet?: () => Promise<string | null>;
}

export type PageInput = Pick<
  LayoutInput,
  'title' | 'bodyHtml' | 'notice' | 'showTitle' | 'heading' | 'robots' | 'canonicalUrl'
>;

/** The header navigation's pages: published, chosen in the admin, by their order and then by title. */
export function menuPages(pages: readonly Page[]): Page[] {
  return pages
    .filter((page) => page.show_in_menu && page.status === 'publish' && page.slug !== 'home' && page.slug !== 'shop')
    .sort((a, b) => a.menu_order - b.menu_order || a.title.localeCompare(b.title));
}

export function sessionUser(ctx: Context) {
  return ctx.state.session?.user ?? null;
}

export async function renderPage(ctx: Context, deps: PageDependencies, page: PageInput): Promise<string> {
  const site = deps.store.site.data;
  const session = ctx.state.session;
  const general = site.settings.general;
  const legalPages = site.pages.filter((candidate) => candidate.legal_type && candidate.status === 'publish');
  return renderLayout({
    ...page,
    shopName: general.shop_name,
    translator: shopTranslator(deps.store),
    assets: deps.assets,
    user: session?.user ?? null,
    restNonce: session ? createNonce(site.secret, sessionNonceSubject(session)) : null,
    // Only a signed-in page has a form here (logout); an anonymous one then sets no visitor cookie and stays cacheable.
    csrfToken: session ? csrfToken(ctx, site.secret) : '',
    path: ctx.path,
    footerLinks: legalPages.map((legal) => ({ title: legal.title, url: `/${legal.slug}` })),
    withdrawalEnabled: site.settings.compliance.withdrawal_enabled,
    cartCount: await visitorCartCount(ctx, deps),
    themeStylesheet: (await deps.themeStylesheet?.()) ?? null,
    menuLinks: menuPages(site.pages).map((menuPage) => ({ title: menuPage.title, url: `/${menuPage.slug}` })),
  });
}

/** The header's cart count; a page that shows a visitor's own cart is theirs alone, never kept for others. */
async function visitorCartCount(ctx: Context, deps: PageDependencies): Promise<number> {
  const count = (await deps.cartCount?.(ctx)) ?? 0;
  if (count > 0) markPerVisitor(ctx);
  return count;
}

/** Answers an HTML page; pages that depend on the session must not be cached by shared caches. */
export async function respondWithPage(
  ctx: Context,
  deps: PageDependencies,
  page: PageInput,
  status = 200,
): Promise<void> {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', ctx.state.session ? 'private, no-store' : 'no-cache');
  // The chrome needs the catalog's products only for a visitor's cart (its count, priced): loaded then, if it is not.
  ctx.body = await withCatalogOnDemand(deps.store, () => renderPage(ctx, deps, page));
}
