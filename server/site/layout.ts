/**
 * The HTML document around every page: head with the client bundle and the REST nonce, site header with navigation,
 * the page's main content, and a footer listing the published legal pages. Rendered with Lit SSR's server-only
 * templates, which may hold a whole document and escape every interpolated value.
 */
import { CSRF_FIELD } from '../auth/csrf.js';
import { html } from '@lit-labs/ssr';
import { nothing } from 'lit';
import type { ClientAssets } from './client-assets.js';
import { FAVICON_PATH } from './favicon-route.js';
import { renderToString } from '../html/render-html.js';
import { trustedHtml } from '../html/trusted-html.js';
import type { Translator } from '../i18n/translator.js';
import type { Language } from '../i18n/languages.js';
import { localizeLinks } from './storefront-languages.js';

/** The page in one of the languages the shop offers. */
export interface LanguageLink {
  language: Language;
  /** The language's name in itself ("Deutsch"). */
  name: string;
  /** The page's absolute address in that language. */
  url: string;
}

export interface LayoutUser {
  display_name: string;
}

export interface LayoutInput {
  title: string;
  /** Trusted HTML: page content written by editors and expanded by the content pipeline. */
  bodyHtml: string;
  shopName: string;
  /** The page's language: `<html lang>` and every text of the chrome. */
  translator: Translator;
  assets: ClientAssets;
  user: LayoutUser | null;
  /** The REST nonce of a logged-in session, published in `<meta name="rest-nonce">` for scripts. */
  restNonce: string | null;
  /** The CSRF token of the logout form; '' when nobody is signed in. */
  csrfToken: string;
  /** The current path, for the login link's `redirect_to`. */
  path: string;
  footerLinks: { title: string; url: string }[];
  /** Whether the shop has the withdrawal function on: its link then stands in the footer of every page. */
  withdrawalEnabled: boolean;
  /** Items in the visitor's cart, shown in the header; the add-to-cart script updates it (`#cart-count`). */
  cartCount: number;
  /** The theme's own stylesheet, linked after the shop's (server/site/theme-stylesheet.ts); null without one. */
  themeStylesheet?: string | null;
  /** Published pages the editors chose for the header navigation, in their order. */
  menuLinks: { title: string; url: string }[];
  /** Shown above the content, e.g. that the page is a draft. */
  notice?: string;
  /** Hide the page's own heading when the content brings one. */
  showTitle?: boolean;
  /** The h1's text when it is not the title (the home page shows the shop's name). */
  heading?: string;
  /**
   * `<meta name="robots">`, e.g. `noindex,follow` on a stacked or sorted listing (server/facets/widget/crawl-rules.ts).
   */
  robots?: string;
  /** The absolute address of `<link rel="canonical">`. */
  canonicalUrl?: string;
  /**
   * The page in every language the shop offers, the shop's own first: the language switch and the hreflang links
   * (its own language is also the x-default). Empty when the shop offers one language.
   */
  languages?: LanguageLink[];
  /** The path prefix of the page's language (`/de`), put before every site link of the page; '' for the shop's own. */
  linkPrefix?: string;
}

function accountLinks(input: LayoutInput) {
  const { t } = input.translator;
  if (input.user) {
    return html`<span>${t('layout.signedInAs', { name: input.user.display_name })}</span>
      <form method="post" action="/logout">
        <input type="hidden" name=${CSRF_FIELD} value=${input.csrfToken} /><button type="submit">${t('layout.logOut')}</button>
      </form>`;
  }
  return html`<a href="/login?redirect_to=${encodeURIComponent(input.path)}">${t('layout.logIn')}</a> <a href="/register">${t('layout.register')}</a>`;
}

/** `<link rel="alternate" hreflang>` for each language, and the shop's own as the x-default. */
function alternateLinks(languages: readonly LanguageLink[]) {
  if (languages.length === 0) return nothing;
  return html`${languages.map((link) => html`<link rel="alternate" hreflang=${link.language} href=${link.url} />`)}
    <link rel="alternate" hreflang="x-default" href=${languages[0]!.url} />`;
}

/**
 * The language switch: plain links to the same page in each language, so that it works without JavaScript (the
 * storefront script only carries a filter state chosen since the page was loaded along: client/shop/language-switch.ts).
 */
function languageSwitch(input: LayoutInput) {
  const languages = input.languages ?? [];
  if (languages.length === 0) return nothing;
  const current = input.translator.language;
  return html`<nav class="language-switch" aria-label=${input.translator.t('layout.language')}><ul>
    ${languages.map(
      (link) =>
        html`<li><a href=${link.url} hreflang=${link.language} lang=${link.language} aria-current=${link.language === current ? 'true' : nothing}>${link.name}</a></li>`,
    )}
  </ul></nav>`;
}

function documentTemplate(input: LayoutInput) {
  const { t, language } = input.translator;
  return html`<html lang=${language}>
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <link rel="icon" href=${FAVICON_PATH} type="image/svg+xml" />
      <title>${input.title} · ${input.shopName}</title>
      ${input.robots ? html`<meta name="robots" content=${input.robots} />` : nothing}
      ${input.canonicalUrl ? html`<link rel="canonical" href=${input.canonicalUrl} />` : nothing}
      ${alternateLinks(input.languages ?? [])}
      ${input.restNonce ? html`<meta name="rest-nonce" content=${input.restNonce} />` : nothing}
      ${input.assets.styles.map((href) => html`<link rel="stylesheet" href=${href} />`)}
      ${input.themeStylesheet ? html`<link rel="stylesheet" href=${input.themeStylesheet} />` : nothing}
      ${input.assets.scripts.map((src) => html`<script type="module" src=${src}></script>`)}
    </head>
    <body>
      <a class="skip-link" href="#main">${t('layout.skipToContent')}</a>
      <header class="site-header">
        <a class="site-title" href="/">${input.shopName}</a>
        <nav class="site-nav" aria-label=${t('layout.mainNavigation')}>
          <a href="/">${t('layout.home')}</a>
          <a href="/shop">${t('layout.shop')}</a>
          ${input.menuLinks.map((link) => html`<a href=${link.url}>${link.title}</a>`)}
          <a href="/cart">${t('layout.cart')} (<span id="cart-count">${input.cartCount}</span><span class="screen-reader-text"> ${t('layout.cartItems', { count: input.cartCount })}</span>)</a>
          ${input.user ? html`<a href="/account">${t('layout.account')}</a>` : nothing}
          ${accountLinks(input)}
        </nav>
        ${languageSwitch(input)}
      </header>
      <p id="cart-status" class="cart-status" role="status"></p>
      <main id="main" class="site-main" tabindex="-1">
        ${input.notice ? html`<p class="notice draft-notice" role="status">${input.notice}</p>` : nothing}
        ${input.showTitle === false ? nothing : html`<h1>${input.heading ?? input.title}</h1>`}
        ${trustedHtml(input.bodyHtml)}
      </main>
      <footer class="site-footer">
        <nav aria-label=${t('layout.footerNavigation')}><ul>
          ${input.footerLinks.map((link) => html`<li><a href=${link.url}>${link.title}</a></li>`)}
          <li><a href="/contact">${t('layout.contact')}</a></li>
          ${input.withdrawalEnabled ? html`<li><a href="/withdraw">${t('layout.withdraw')}</a></li>` : nothing}
        </ul></nav>
        <p>© ${input.shopName}</p>
      </footer>
    </body>
  </html>`;
}

/**
 * The body is trusted HTML (editors' content expanded by the pipeline, server-rendered widgets): see trusted-html.ts.
 */
export async function renderLayout(input: LayoutInput): Promise<string> {
  const page = `<!doctype html>\n${await renderToString(documentTemplate(input))}`;
  return localizeLinks(page, input.linkPrefix ?? '');
}
