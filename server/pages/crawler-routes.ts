/**
 * What crawlers read first: `/robots.txt`, made from the facet configuration
 * (server/facets/widget/crawl-rules.ts), and the sitemap it names: `/sitemap.xml`, an index of `/sitemap-pages.xml`
 * (the published pages and the category listings) and `/sitemap-products-<n>.xml` (the published products, 50,000 a
 * file, the protocol's limit).
 */
import type { Middleware } from 'koa';
import Router from '@koa/router';
import { escapeHtml } from '../../client/html/escape.js';
import type { FacetConfig } from '../facets/config.js';
import { offeredLanguages } from '../site/storefront-languages.js';
import { robotsTxt } from '../facets/widget/crawl-rules.js';
import { productUrl } from '../facets/fragments/product-card.js';
import type { Store } from '../store/store.js';

const PRODUCTS_PER_SITEMAP = 50_000;
/** Crawlers fetch these often; a day-old copy is fine, and the products sitemaps follow the catalog within an hour. */
const CACHE_CONTROL = 'public, max-age=3600';

export interface CrawlerRouteDependencies {
  store: Store;
  facetConfig(): FacetConfig;
  siteUrl: string;
  restRoot: string;
}

const urlSet = (locations: readonly string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locations.map((location) => `<url><loc>${escapeHtml(location)}</loc></url>`).join('\n')}\n</urlset>\n`;

function publishedProducts(store: Store) {
  return store.catalog.data.products.filter((product) => (product.status ?? 'publish') === 'publish');
}

export function crawlerRoutes(deps: CrawlerRouteDependencies): Middleware {
  const xml: Middleware = async (ctx, next) => {
    await next();
    ctx.type = 'application/xml; charset=utf-8';
    ctx.set('Cache-Control', CACHE_CONTROL);
  };
  return new Router()
    .get('/robots.txt', (ctx) => {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.set('Cache-Control', CACHE_CONTROL);
      const [, ...others] = offeredLanguages(deps.store.site.data.settings.general);
      ctx.body = robotsTxt(
        deps.facetConfig(),
        deps.restRoot,
        deps.siteUrl,
        others.map((language) => `/${language}`),
      );
    })
    .get('/sitemap.xml', xml, (ctx) => {
      const files = Math.max(1, Math.ceil(publishedProducts(deps.store).length / PRODUCTS_PER_SITEMAP));
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
      ctx.body = urlSet([...pages, ...categories].map((path) => deps.siteUrl + path));
    })
    .get('/sitemap-products-:number.xml', xml, (ctx, next) => {
      const number = Number(ctx.params.number);
      const products = publishedProducts(deps.store).slice(
        (number - 1) * PRODUCTS_PER_SITEMAP,
        number * PRODUCTS_PER_SITEMAP,
      );
      if (!Number.isInteger(number) || number < 1 || (products.length === 0 && number > 1)) return next();
      ctx.body = urlSet(products.map((product) => deps.siteUrl + productUrl(product)));
    })
    .routes() as Middleware;
}
