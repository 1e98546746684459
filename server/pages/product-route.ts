/** `GET /product/<slug>`: one product's page; an unknown slug is the ordinary 404 page. */
import type { Context, Middleware } from 'koa';
import { lowestPriceNotes } from '../catalog/lowest-price.js';
import type { Product } from '../catalog/model.js';
import { productBySlug } from '../store/catalog-lookup.js';
import { NOTICE_PATH } from '../compliance/dsa-notice-form.js';
import { productSafetySection } from '../compliance/product-safety-section.js';
import { productUrl } from '../facets/fragments/product-card.js';
import { productDisplay } from '../catalog/product-display.js';
import { respondWithPage, type PageDependencies } from '../site/page-chrome.js';
import { respondNotFound } from '../site/not-found.js';
import { productPageTemplate } from './product-page.js';
import { renderToString } from '../html/render-html.js';

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

/** The "Product safety" section while `gpsr_enabled`; nothing when it is off. */
function safetySection(deps: ProductPageDependencies, product: Product): unknown {
  return deps.store.site.data.settings.compliance.gpsr_enabled === true ? productSafetySection(product) : undefined;
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
    const money = { ...productDisplay(deps.store), lowestPrices: await lowestPriceNotes(deps.store, [product]) };
    await respondWithPage(ctx, deps, {
      title: product.title,
      // The template brings its own h1 below the breadcrumbs.
      showTitle: false,
      bodyHtml: await renderToString(productPageTemplate(catalog, product, money, {
        actions: deps.productActions?.(ctx, product), reportUrl: reportUrl(deps, product.slug), safety: safetySection(deps, product),
      })),
    });
  };
}
