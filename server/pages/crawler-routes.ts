/**
 * What crawlers read first: `/robots.txt`, made from the facet configuration
 * (server/facets/widget/crawl-rules.ts), and the sitemap it names: `/sitemap.xml`, an index of `/sitemap-pages.xml`
 * (the published pages and the category listings) and `/sitemap-products-<n>.xml` (the published products, 50,000
 * addresses a file, the protocol's limit). A shop that offers more than its own language lists each page in each
 * language, every address with its alternates in the others (`xhtml:link rel="alternate" hreflang`, the form search
 * engines document for multilingual sitemaps), the same links each page carries in its head.
 */
import type { Middleware } from 'koa';
import Router from '@koa/router';
import { escapeHtml } from '../../client/html/escape.js';
import type { FacetConfig } from '../facets/config.js';
import type { Language } from '../i18n/languages.js';
import { offeredLanguages, pathInLanguage } from '../site/storefront-languages.js';
import { robotsTxt } from '../facets/widget/crawl-rules.js';
import { productUrl } from '../facets/fragments/product-card.js';
import type { Store } from '../store/store.js';

/** The protocol's limit of addresses in one sitemap file. */
const URLS_PER_SITEMAP = 50_000;
/** Crawlers fetch these often; a day-old copy is fine, and the products sitemaps follow the catalog within an hour. */
const CACHE_CONTROL = 'public, max-age=3600';

export interface CrawlerRouteDependencies {
  store: Store;
  facetConfig(): FacetConfig;
  siteUrl: string;
  restRoot: string;
}

/**
 * The sitemap of `paths` (site paths of the shop's own language): one address each, or, when the shop offers other
 * languages, one per language, each naming all of them and the shop's own as the x-default.
 */
function urlSet(paths: readonly string[], siteUrl: string, languages: readonly Language[]): string {
  const own = languages[0]!;
  const at = (path: string, language: Language) => escapeHtml(`${siteUrl}${pathInLanguage(path, language, own)}`);
  const entries =
    languages.length < 2
      ? paths.map((path) => `<url><loc>${at(path, own)}</loc></url>`)
      : paths.flatMap((path) => {
          const alternates = [
            ...languages.map(
              (language) => `<xhtml:link rel="alternate" hreflang="${language}" href="${at(path, language)}"/>`,
            ),
            `<xhtml:link rel="alternate" hreflang="x-default" href="${at(path, own)}"/>`,
          ].join('');
          return languages.map((language) => `<url><loc>${at(path, language)}</loc>${alternates}</url>`);
        });
  const namespaces = languages.length < 2 ? '' : ' xmlns:xhtml="http://www.w3.org/1999/xhtml"';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"${namespaces}>\n${entries.join('\n')}\n</urlset>\n`;
}

function publishedProducts(store: Store) {
  return store.catalog.data.products.filter((product) => (product.status ?? 'publish') === 'publish');
}

export function crawlerRoutes(deps: CrawlerRouteDependencies): Middleware {
  const languages = () => offeredLanguages(deps.store.site.data.settings.general);
  /** Products a file: each is listed once per language. */
  const productsPerSitemap = () => Math.floor(URLS_PER_SITEMAP / languages().length);
  const xml: Middleware = async (ctx, next) => {
    await next();
    ctx.type = 'application/xml; charset=utf-8';
    ctx.set('Cache-Control', CACHE_CONTROL);
  };
  return new Router()
    .get('/robots.txt', (ctx) => {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.set('Cache-Control', CACHE_CONTROL);
      const [, ...others] = languages();
      ctx.body = robotsTxt(
        deps.facetConfig(),
        deps.restRoot,
        deps.siteUrl,
        others.map((language) => `/${language}`),
      );
    })
    .get('/sitemap.xml', xml, (ctx) => {
      const files = Math.max(1, Math.ceil(publishedProducts(deps.store).length / productsPerSitemap()));
      const maps = [
        '/sitemap-pages.xml',
        ...Array.from({ length: files }, (_, index) => `/sitemap-products-${index + 1}.xml`),
      ];
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps.map((path) => `<sitemap><loc>${escapeHtml(deps.siteUrl + path)}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`;
    })
    .get('/sitemap-pages.xml', xml, (ctx) => {
      const pages = deps.store.site.data.pages
        .filter((page) => page.status === 'publish')
        .map((page) => (page.slug === 'home' ? '/' : `/${page.slug}`));
      const categories = deps.store.catalog.data.categories.map((category) => `/product-category/${category.slug}`);
      ctx.body = urlSet([...pages, ...categories], deps.siteUrl, languages());
    })
    .get('/sitemap-products-:number.xml', xml, (ctx, next) => {
      const number = Number(ctx.params.number);
      const perFile = productsPerSitemap();
      const products = publishedProducts(deps.store).slice((number - 1) * perFile, number * perFile);
      if (!Number.isInteger(number) || number < 1 || (products.length === 0 && number > 1)) return next();
      ctx.body = urlSet(
        products.map((product) => productUrl(product)),
        deps.siteUrl,
        languages(),
      );
    })
    .routes() as Middleware;
}
