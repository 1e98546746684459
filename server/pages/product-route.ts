/** `GET /product/<slug>`: one product's page; an unknown slug is the ordinary 404 page. */
import type { Context, Middleware } from 'koa';
import type { Product } from '../catalog/model.js';
import { productBySlug } from '../catalog/catalog-lookup.js';
import { NOTICE_PATH } from '../compliance/dsa-notice-form.js';
import { productUrl } from '../facets/fragments/product-card.js';
import { shopMoneyFormat } from '../facets/widget-renderer.js';
import { respondWithPage, type PageDependencies } from './page-chrome.js';
import { respondNotFound } from './page-routes.js';
import { productPageTemplate } from './product-page.js';
import { renderToString } from './render-html.js';

const PATH = /^\/product\/([^/]+)\/?$/;

export interface ProductPageDependencies extends PageDependencies {
  /** What a shopper can do with the product (the add-to-cart form), injected by the app; nothing when absent. */
  productActions?: (ctx: Context, product: Product) => unknown;
  /** Absolute addresses: the notice form is given the exact URL of the product. */
  siteUrl: string;
}

/** The notice form for this product's address, while the shop accepts DSA notices. */
function reportUrl(deps: ProductPageDependencies, slug: string): string | undefined {
  if (deps.store.site.data.settings.compliance.dsa_enabled !== true) return undefined;
  return `${NOTICE_PATH}?url=${encodeURIComponent(`${deps.siteUrl}${productUrl({ slug })}`)}`;
}

export function productPageMiddleware(deps: ProductPageDependencies): Middleware {
  return async (ctx, next) => {
    const match = PATH.exec(ctx.path);
    if (!match || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const catalog = deps.store.catalog.data;
    let slug: string;
    try {
      slug = decodeURIComponent(match[1]!);
    } catch {
      return respondNotFound(ctx, deps);
    }
    const product = productBySlug(catalog.products, slug);
    if (!product) return respondNotFound(ctx, deps);
    await respondWithPage(ctx, deps, {
      title: product.title,
      // The template brings its own h1 below the breadcrumbs.
      showTitle: false,
      bodyHtml: await renderToString(productPageTemplate(catalog, product, shopMoneyFormat(deps.store), { actions: deps.productActions?.(ctx, product), reportUrl: reportUrl(deps, product.slug) })),
    });
  };
}
