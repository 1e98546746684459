/**
 * Content pages: `/` shows the page with the slug `home`, `/<slug>` any published page. Drafts are visible only to
 * signed-in users who may edit pages; anyone else gets the same 404 as for a page that does not exist.
 */
import type { Context, Middleware } from 'koa';
import { can } from '../auth/capabilities.js';
import type { Page } from '../store/schema.js';
import { canonicalRedirect } from './canonical-redirect.js';
import { crawlHints } from './crawl-hints.js';
import type { FacetConfig } from '../facets/config.js';
import { PAGE_SLUG_PATTERN } from '../site/page-slugs.js';
import { withCatalogOnDemand } from '../store/catalog-loading-middleware.js';
import { respondWithPage, sessionUser, type PageDependencies } from '../site/page-chrome.js';

/** Expands page content (blocks, then shortcodes) for a request. */
export type ContentRenderer = (content: string, ctx: Context) => Promise<string>;

export interface ContentPageDependencies extends PageDependencies {
  renderContent: ContentRenderer;
  /** The facet configuration in force: which widget states crawlers may index. */
  facetConfig(): FacetConfig;
  siteUrl: string;
}

function visiblePage(ctx: Context, deps: PageDependencies, slug: string): Page | null {
  const page = deps.store.site.data.pages.find((candidate) => candidate.slug === slug);
  if (!page || page.status === 'trash') return null;
  if (page.status === 'publish') return page;
  const user = sessionUser(ctx);
  return user && can(user.roles, 'edit_pages') ? page : null;
}

export function contentPagesMiddleware(deps: ContentPageDependencies): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const slug = ctx.path === '/' ? 'home' : ctx.path.slice(1).replace(/\/$/, '');
    if (!PAGE_SLUG_PATTERN.test(slug)) return next();
    const page = visiblePage(ctx, deps, slug);
    if (!page) return next();
    await withCatalogOnDemand(deps.store, async () => {
      const bodyHtml = await deps.renderContent(page.content, ctx);
      const url = new URL(ctx.originalUrl, deps.siteUrl);
      const canonical = canonicalRedirect(url, ctx.state.widgetQueries);
      if (canonical) {
        ctx.status = 302;
        ctx.redirect(canonical);
        return;
      }
      const home = page.slug === 'home';
      await respondWithPage(ctx, deps, {
        ...crawlHints(url, ctx.state.widgetQueries, deps.facetConfig(), deps.siteUrl),
        title: page.title,
        bodyHtml,
        notice: page.status === 'draft' ? 'This page is a draft: only people who can edit pages see it.' : undefined,
        // Every page needs one h1 (a heading outline for screen readers): the home page's is the shop's name, unless
        // its content brings its own.
        showTitle: !(home && /<h1[\s>]/i.test(bodyHtml)),
        heading: home ? deps.store.site.data.settings.general.shop_name : undefined,
      });
    });
  };
}
