/**
 * createApp(config): the Koa application with its middleware in order, one why-comment each, plus the plugin
 * instance that extensions and the command line share.
 */
import Koa from 'koa';
import { BlockRegistry } from '../blocks/block-registry.js';
import { ShortcodeRegistry } from '../shortcodes/shortcode-registry.js';
import serveStatic from 'koa-static';
import type { Middleware } from 'koa';
import { loginRoutesMiddleware } from './auth/login-routes.js';
import { sessionMiddleware } from './auth/session-middleware.js';
import { registerUserRoutes } from './auth/user-rest-routes.js';
import { registerComplianceRoutes } from './compliance/register-compliance-routes.js';
import type { Config } from './config.js';
import { ServiceContainer } from './extensions/container.js';
import { Hooks } from './extensions/hooks.js';
import { loadExtensions } from './extensions/load-extensions.js';
import type { VitrinePlugin } from './extensions/plugin.js';
import { FACET_SHORTCODE_TAG, createFacetShortcode } from '../shortcodes/facet-shortcode.js';
import { createFacetFilterRender, facetFilterBlockJson } from '../blocks/facet-filter/facet-filter-block.js';
import { registerFacetAdminRoutes, registerFilterRoute } from './facets/facet-routes.js';
import { renderFragments } from './facets/fragments/index.js';
import { createWidgetRenderer, shopMoneyFormat } from './facets/widget-renderer.js';
import { FacetService } from './facets/facet-service.js';
import { isClientGone } from './http/client-gone.js';
import { errorBoundaryMiddleware } from './http/error-boundary.js';
import { standardHeadersMiddleware } from './http/standard-headers.js';
import { readClientAssets } from './pages/client-assets.js';
import { freshSiteMiddleware } from './store/fresh-site-middleware.js';
import { renderContent } from './pages/content-pipeline.js';
import { contentPagesMiddleware, notFoundMiddleware } from './pages/page-routes.js';
import type { PageRenderContext } from './pages/render-context.js';
import { categoryPageMiddleware } from './pages/category-route.js';
import { productImageMiddleware } from './pages/product-image-route.js';
import { productPageMiddleware } from './pages/product-route.js';
import { CLIENT_DIST_DIR } from './paths.js';
import { RestRegistry } from './rest/registry.js';
import { restMiddleware } from './rest/rest-middleware.js';
import type { Store } from './store/store.js';

export const VERSION = '0.1.0';
const BUILTIN_DEV_BASIC_AUTH = new URL('./extensions/builtin/dev-basic-auth.ts', import.meta.url).pathname;

export interface VitrineApp {
  app: Koa;
  plugin: VitrinePlugin;
}

/** Serves the built client bundle under /assets; hashed names make the files safe to cache for a year. */
function clientAssetsMiddleware(): Middleware {
  const serve = serveStatic(CLIENT_DIST_DIR, { index: false, maxage: 365 * 86_400_000, immutable: true });
  return (ctx, next) => (ctx.path.startsWith('/assets/') ? serve(ctx, next) : next());
}

export async function createApp(config: Config, store: Store): Promise<VitrineApp> {
  const hooks = new Hooks();
  const container = new ServiceContainer();
  const rest = new RestRegistry();
  const blocks = new BlockRegistry<PageRenderContext>();
  const shortcodes = new ShortcodeRegistry<PageRenderContext>();
  const plugin: VitrinePlugin = { version: VERSION, config, store, hooks, container, rest, blocks, shortcodes };
  container.set('store', store);
  container.set('hooks', hooks);
  container.set('rest', rest);
  container.set('blocks', blocks);
  container.set('shortcodes', shortcodes);
  const facets = new FacetService(store);
  container.set('facets', facets);

  registerUserRoutes(rest);
  registerComplianceRoutes(rest, { store, hooks, config });
  registerFacetAdminRoutes(rest, { store, hooks, facets });
  // `/filter` does not know the page that asked: its links are relative (basePath ''), resolved against that page.
  registerFilterRoute(rest, { store, hooks, facets, renderFragments: (outcome) => renderFragments(outcome, { basePath: '', ...shopMoneyFormat(store) }) });
  const renderWidget = createWidgetRenderer({ config, store, facets });
  shortcodes.register(FACET_SHORTCODE_TAG, createFacetShortcode(renderWidget));
  blocks.register(facetFilterBlockJson, createFacetFilterRender(renderWidget));

  const extensions = config.devBasicAuth ? [BUILTIN_DEV_BASIC_AUTH, ...config.extensions] : config.extensions;
  await loadExtensions(extensions, plugin);

  const pageDeps = { store, assets: readClientAssets() };
  const app = new Koa();
  app.on('error', (error: Error, ctx?: Koa.Context) => {
    if (isClientGone(error, ctx?.req)) return;
    console.error(`[vitrine] ${ctx ? `${ctx.method} ${ctx.url}: ` : ''}${error.stack ?? error.message}`);
  });
  const middleware: Middleware[] = [
    // Outermost, so that nothing below can crash a request into a leaked stack trace.
    errorBoundaryMiddleware(),
    // Every response, errors included, carries nosniff and the API discovery link.
    standardHeadersMiddleware(`${config.siteUrl}${config.restRoot}/`),
    // Settings and pages changed by a `vitrine` command or another instance are seen by the very next request.
    freshSiteMiddleware(store),
    // Before anything that needs to know who is signed in: REST cookie auth, drafts, the nonce meta tag.
    sessionMiddleware(store),
    // The API answers its own paths completely, so that page routes never see them.
    restMiddleware({ config, registry: rest, store, hooks }),
    // Static bundle and generated product images: cheap, and never need the page machinery.
    clientAssetsMiddleware(),
    productImageMiddleware(store),
    // Login, logout and the nonce endpoint come before pages so that no page slug can shadow them.
    loginRoutesMiddleware(pageDeps),
    // Shop routes with their own URL shapes; content pages only ever match a single slug.
    productPageMiddleware(pageDeps),
    categoryPageMiddleware({ ...pageDeps, renderWidget, siteUrl: config.siteUrl }),
    contentPagesMiddleware({
      ...pageDeps,
      renderContent: (content, ctx) => renderContent(content, { blocks, shortcodes, context: { url: new URL(ctx.originalUrl, config.siteUrl) } }),
    }),
    // Last: whatever nobody answered is a real 404 page.
    notFoundMiddleware(pageDeps),
  ];
  for (const entry of middleware) app.use(entry);
  return { app, plugin };
}
