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
import { translator, type Translator } from '../i18n/translator.js';
import { languageOfLocale } from '../i18n/languages.js';
import {
  languagePrefix,
  localizePath,
  offeredLanguages,
  splitLanguagePath,
  pathInLanguage,
  requestLanguage,
  type LanguageSettings,
} from './storefront-languages.js';
import type { LanguageLink } from './layout.js';

/** The storefront's language: the one the visitor chose (storefront-languages.ts), else the shop's own. */
export const shopTranslator = (store: Store): Translator => translator(requestLanguage(store));

export interface PageDependencies {
  store: Store;
  assets: ClientAssets;
  /** Items in the visitor's cart, for the header; passed in by server/app.ts, since carts are the shop's (above). */
  cartCount?: (ctx: Context) => Promise<number>;
  /** The address of the theme's own stylesheet (theme-stylesheet.ts), null without one. */
  themeStylesheet?: () => Promise<string | null>;
  /** The site's absolute base URL, for the language switch and hreflang links; the request's origin without it. */
  siteUrl?: string;
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
  const language = requestLanguage(deps.store);
  const own = languageOfLocale(general.locale);
  const siteUrl = deps.siteUrl ?? ctx.origin;
  return renderLayout({
    ...page,
    canonicalUrl: page.canonicalUrl && absoluteInLanguage(page.canonicalUrl, siteUrl, languagePrefix(language, own)),
    languages: languageLinks(general, siteUrl, samePageInEveryLanguage(ctx, page, siteUrl)),
    linkPrefix: languagePrefix(language, own),
    shopName: general.shop_name,
    translator: translator(language),
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

/**
 * The page's path and query in no language, as its canonical address names it (campaign tags left out) or as it was
 * asked.
 */
function samePageInEveryLanguage(ctx: Context, page: PageInput, siteUrl: string): string {
  const url = new URL(page.canonicalUrl ?? ctx.originalUrl, siteUrl);
  return `${splitLanguagePath(url.pathname)?.path ?? url.pathname}${url.search}`;
}

/** The page in each language the shop offers, its own first (the x-default); none when it offers one. */
function languageLinks(general: LanguageSettings, siteUrl: string, path: string): LanguageLink[] {
  const offered = offeredLanguages(general);
  if (offered.length < 2) return [];
  return offered.map((language) => ({
    language,
    name: languageName(language),
    url: `${siteUrl}${pathInLanguage(path, language, offered[0]!)}`,
  }));
}

/** A language's name in itself, as a switch names it: "Polski", "English", "Deutsch". */
function languageName(language: string): string {
  const name = new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? language;
  return name.charAt(0).toLocaleUpperCase(language) + name.slice(1);
}

/** An absolute address of the site in the page's language. */
function absoluteInLanguage(url: string, siteUrl: string, prefix: string): string {
  return url.startsWith(`${siteUrl}/`) ? `${siteUrl}${localizePath(url.slice(siteUrl.length), prefix)}` : url;
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
