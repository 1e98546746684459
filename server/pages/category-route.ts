/**
 * `GET /product-category/<slug>`: the widget scoped to one category (and its subcategories), titled with the
 * category's name; an unknown category is the ordinary 404 page.
 */
import type { Middleware } from 'koa';
import { escapeHtml } from '../../client/html/escape.js';
import type { WidgetRenderer } from '../../shortcodes/widget-attributes.js';
import { holdBytes } from '../http/held-bytes.js';
import { canonicalRedirect } from './canonical-redirect.js';
import { crawlHints } from './crawl-hints.js';
import type { FacetConfig } from '../facets/config.js';
import { respondWithPage, type PageDependencies } from '../site/page-chrome.js';
import { respondNotFound } from '../site/not-found.js';
import type { PageRenderContext } from '../site/render-context.js';

const PATH = /^\/product-category\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/;

export interface CategoryPageDependencies extends PageDependencies {
  renderWidget: WidgetRenderer<PageRenderContext>;
  siteUrl: string;
  /** The facet configuration in force: which widget states crawlers may index. */
  facetConfig(): FacetConfig;
}

export function categoryPageMiddleware(deps: CategoryPageDependencies): Middleware {
  return async (ctx, next) => {
    const match = PATH.exec(ctx.path);
    if (!match || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const category = deps.store.catalog.taxonomy.categories.find((candidate) => candidate.slug === match[1]);
    if (!category) return respondNotFound(ctx, deps);
    const url = new URL(ctx.originalUrl, deps.siteUrl);
    const widgetQueries: string[] = [];
    const widgetHtml = await deps.renderWidget(
      { category: category.slug },
      { url, widgetQueries, holdBytes: (bytes) => holdBytes(ctx, bytes) },
    );
    const canonical = canonicalRedirect(url, widgetQueries);
    if (canonical) {
      ctx.status = 302;
      ctx.redirect(canonical);
      return;
    }
    await respondWithPage(ctx, deps, {
      ...crawlHints(url, widgetQueries, deps.facetConfig(), deps.siteUrl),
      title: category.name,
      bodyHtml: `<p class="category-intro">Everything in ${escapeHtml(category.name)}.</p>${widgetHtml}`,
    });
  };
}
