/**
 * `GET /product/<slug>`: one product's page; an unknown slug is the ordinary 404 page, and so is a product that is not
 * published, except for a signed-in shop manager, who previews it with a notice saying so.
 */
import type { Context, Middleware } from 'koa';
import { lowestPriceNotes } from '../catalog/lowest-price.js';
import { advertisedCouponPrice } from '../shop/coupons/advertised-coupon-price.js';
import { chosenVariation, type Product } from '../catalog/model.js';
import { can } from '../auth/capabilities.js';
import { isPublished } from '../catalog/public-catalog.js';
import { NOTICE_PATH } from '../compliance/dsa-notices/dsa-notice-form.js';
import { productSafetySection } from '../compliance/product-reports/product-safety-section.js';
import { productUrl } from '../facets/fragments/product-card.js';
import { productDisplay } from '../catalog/product-display.js';
import { respondWithPage, sessionUser, shopTranslator, type PageDependencies } from '../site/page-chrome.js';
import { respondNotFound } from '../site/not-found.js';
import { productPageTemplate } from './product-page.js';
import { SHIPPING_COSTS_PATH } from '../shop/shipping/shipping-costs-page.js';
import { productDeliveryTime } from '../shop/shipping/shipping-view.js';
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
  if (!deps.store.site.data.settings.compliance.dsa_enabled) return undefined;
  return `${NOTICE_PATH}?url=${encodeURIComponent(`${deps.siteUrl}${productUrl({ slug })}`)}`;
}

/** The "Product safety" section while `gpsr_enabled`; nothing when it is off. */
function safetySection(deps: ProductPageDependencies, product: Product): unknown {
  return deps.store.site.data.settings.compliance.gpsr_enabled
    ? productSafetySection(product, shopTranslator(deps.store).t)
    : undefined;
}

/** What a manager previewing an unpublished product reads above it. */
const STATUS_NOTICES: Record<string, string> = {
  draft: 'This product is a draft: only shop managers see it. Shoppers get "page not found" until it is published.',
  pending:
    'This product is pending review: only shop managers see it. Shoppers get "page not found" until it is published.',
  private: 'This product is private: only shop managers see it. Shoppers get "page not found" until it is published.',
};

/** The product a request may see: a published one, or any for a signed-in user who manages the shop. */
function visibleProduct(ctx: Context, product: Product | undefined): Product | undefined {
  if (!product || isPublished(product)) return product;
  const user = sessionUser(ctx);
  return user && can(user.roles, 'manage_shop') ? product : undefined;
}

export function productPageMiddleware(deps: ProductPageDependencies): Middleware {
  return async (ctx, next) => {
    const match = PATH.exec(ctx.path);
    if (!match || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    let slug: string;
    try {
      slug = decodeURIComponent(match[1]!);
    } catch {
      return respondNotFound(ctx, deps);
    }
    // Found by its slug whether or not the catalog is loaded: a large shop's product pages answer from its start.
    const product = visibleProduct(ctx, await deps.store.catalog.productBySlug(slug));
    if (!product) return respondNotFound(ctx, deps);
    const money = { ...productDisplay(deps.store), lowestPrices: await lowestPriceNotes(deps.store, [product]) };
    await respondWithPage(ctx, deps, {
      title: product.title,
      // The template brings its own h1 below the breadcrumbs.
      showTitle: false,
      notice: STATUS_NOTICES[product.status ?? 'publish'],
      // A variation chosen in the address is the same page for a search engine.
      canonicalUrl: ctx.query.variation === undefined ? undefined : `${deps.siteUrl}${productUrl(product)}`,
      bodyHtml: await renderToString(
        productPageTemplate(deps.store.catalog.taxonomy, product, money, shopTranslator(deps.store).t, {
          // A preview is not for sale: shoppers cannot buy what is not published.
          actions: isPublished(product) ? deps.productActions?.(ctx, product) : undefined,
          reportUrl: reportUrl(deps, product.slug),
          safety: safetySection(deps, product),
          deliveryTime: productDeliveryTime(deps.store, product),
          couponPrice: isPublished(product) ? await advertisedCouponPrice(deps.store, product) : null,
          shippingCostsUrl: deps.store.site.data.settings.storefront.shipping_included
            ? undefined
            : SHIPPING_COSTS_PATH,
          chosenVariation: chosenVariation(product, ctx.query.variation),
        }),
      ),
    });
  };
}
