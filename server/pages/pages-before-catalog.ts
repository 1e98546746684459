/**
 * The storefront pages made without the catalog's products while a lazily opened catalog is not loaded (a large
 * shop's, at its start): content pages and category listings (the widget reads its page's products by id) and
 * product pages (the product is read by its slug). What turns out to need the products loads the catalog and the page
 * is made again (withCatalogOnDemand); every other page waits for the catalog to load first (app.ts).
 */
import type { Context } from 'koa';
import type { Page } from '../store/schema.js';
import { isReservedSlug, PAGE_SLUG_PATTERN } from '../site/page-slugs.js';

export function isPageBeforeCatalog(ctx: Context, pages: readonly Pick<Page, 'slug'>[]): boolean {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
  if (ctx.path.startsWith('/product-category/') || ctx.path.startsWith('/product/')) return true;
  const slug = ctx.path === '/' ? 'home' : ctx.path.slice(1).replace(/\/$/, '');
  return PAGE_SLUG_PATTERN.test(slug) && !isReservedSlug(slug) && pages.some((page) => page.slug === slug);
}
