/**
 * createApp(config): the Koa application with its middleware in order, one why-comment each, plus the plugin
 * instance that extensions and the command line share.
 */
import { moduleBeside } from './paths.js';
import Koa from 'koa';
import { can } from './auth/capabilities.js';
import { BlockRegistry } from '../blocks/block-registry.js';
import { ShortcodeRegistry } from '../shortcodes/shortcode-registry.js';
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { loginRoutesMiddleware } from './accounts/login-routes.js';
import { passwordResetMiddleware } from './accounts/password-reset-routes.js';
import { LoginThrottle } from './auth/login-throttle.js';
import { cartItemCount, claimCartOnSignIn } from './shop/cart/cart-service.js';
import { THEME_STYLESHEET_PATH, themeStylesheet } from './site/theme-stylesheet.js';
import { cartTokenHash } from './shop/cart/cart-token.js';
import { FormGuard } from './shop/form-guard.js';
import { UnpaidOrderLimit } from './shop/checkout/unpaid-order-limit.js';
import { shopRoutes } from './shop/shop-routes.js';
import { createPaymentGateways } from './shop/payments/payment-gateways.js';
import { viesChecker } from './shop/checkout/vies.js';
import { refundThroughGateways } from './shop/payments/refund-through-gateway.js';
import { registerShopRestRoutes } from './shop/shop-rest-routes.js';
import { csrfToken } from './auth/csrf.js';
import { productPurchaseForm } from './shop/cart/product-purchase.js';
import type { User } from './store/schema.js';
import { sessionMiddleware } from './auth/session-middleware.js';
import { registerUserAdminRoutes } from './accounts/user-admin-routes.js';
import { registerOwnAccountRoutes } from './accounts/user-me-routes.js';
import { registerApiKeyRoutes } from './accounts/api-key-routes.js';
import { registerUserRoutes } from './accounts/user-rest-routes.js';
import { registerWcProductRoutes } from './wc/wc-product-routes.js';
import { registerWcProductWriteRoutes } from './wc/wc-product-write-routes.js';
import { registerWcOrderRoutes } from './wc/wc-order-routes.js';
import { registerWcOrderNoteRoutes } from './wc/wc-order-note-routes.js';
import { registerWcRefundRoutes } from './wc/wc-refund-routes.js';
import { registerWcShipmentTrackingRoutes } from './wc/wc-shipment-tracking-routes.js';
import { registerWcTermRoutes } from './wc/wc-term-routes.js';
import { registerWcCustomerRoutes } from './wc/wc-customer-routes.js';
import { registerWcCategoryRoutes } from './wc/wc-category-routes.js';
import { registerWcShippingRoutes } from './wc/wc-shipping-routes.js';
import { registerWcTaxRoutes } from './wc/wc-tax-routes.js';
import { registerWcSettingsRoutes } from './wc/wc-settings-routes.js';
import { registerWcPaymentGatewayRoutes } from './wc/wc-payment-gateway-routes.js';
import { registerWcWebhookRoutes } from './wc/webhooks/wc-webhook-routes.js';
import { registerWcCouponRoutes } from './wc/wc-coupon-routes.js';
import { webhookAddressPolicy } from './wc/webhooks/webhook-address-policy.js';
import { AUTHORIZE_PATH, appAuthorizationMiddleware } from './wc/app-authorization/app-authorization-routes.js';
import { registerComplianceRoutes } from './compliance/register-compliance-routes.js';
import { ShopMail } from './mail/shop-mail.js';
import { registerMailLogRoutes } from './mail/mail-log-routes.js';
import { correctInvoicesOnRefund } from './invoices/corrections/correct-on-refund.js';
import { registerInvoiceRoutes } from './invoices/invoice-routes.js';
import { invoicePdfOptionsFrom } from './invoices/ksef/ksef-on-demand.js';
import { customerInvoiceRoutes } from './invoices/pdf/customer-invoice-route.js';
import { registerInvoicePdfRoute } from './invoices/pdf/invoice-pdf-route.js';
import { invoiceTranslatorOf } from './invoices/pdf/invoice-language.js';
import type { Config } from './config.js';
import { ServiceContainer } from './extensions/container.js';
import './extensions/builtin-services.js'; // types the built-in services of the container (declaration merging)
import { Hooks } from './hooks/hooks.js';
import { loadExtensions } from './extensions/load-extensions.js';
import type { VitrinePlugin } from './extensions/plugin.js';
import { FACET_SHORTCODE_TAG, createFacetShortcode } from '../shortcodes/facet-shortcode.js';
import { createFacetFilterRender, facetFilterBlockJson } from '../blocks/facet-filter/facet-filter-block.js';
import {
  registerFacetAdminRoutes,
  registerFacetChoicesRoute,
  registerFilterRoute,
} from './facets/filter/facet-routes.js';
import { registerFacetValueRoute } from './facets/filter/facet-value-routes.js';
import { renderFragments } from './facets/fragments/index.js';
import { lowestPriceNotes, lowestPriceNotesRead } from './catalog/lowest-price.js';
import { createWidgetRenderer, filterEndpoint } from './facets/widget/widget-renderer.js';
import { productDisplay } from './catalog/product-display.js';
import { FacetService } from './facets/facet-service.js';
import { clientAddressMiddleware } from './http/client-address.js';
import { isClientGone } from './http/client-gone.js';
import { compressionMiddleware } from './http/compression.js';
import { Readiness, readinessMiddleware } from './http/readiness.js';
import { errorBoundaryMiddleware } from './http/error-boundary.js';
import { securityHeadersMiddleware } from './http/security-headers.js';
import { standardHeadersMiddleware } from './http/standard-headers.js';
import { ADMIN_ENTRY, ADMIN_SCREENS_CHUNK, MANIFEST_PATH, readClientAssets } from './site/client-assets.js';
import { adminMiddleware } from './pages/admin-route.js';
import { packingSlipMiddleware } from './shop/orders/packing-slip.js';
import { registerBlockRendererRoute } from './pages/block-renderer-route.js';
import { registerPageRestRoutes } from './pages/page-rest-routes.js';
import { mediaFileMiddleware, mediaVariantMiddleware } from './media/media-file-route.js';
import { registerImageFetchRoutes } from './media/image-fetch-jobs.js';
import { createImageServices, fetchImportedImages } from './media/image-services.js';
import { placeholderImageMiddleware } from './media/placeholder-route.js';
import { registerMediaRoutes } from './media/media-rest-routes.js';
import { registerCatalogImportRoutes } from './wc/catalog-import-routes.js';
import { freshSiteMiddleware } from './store/fresh-site-middleware.js';
import { languagePrefixMiddleware } from './site/language-prefix.js';
import { clientAssetsMiddleware } from './site/client-assets-route.js';
import { renderContent } from './pages/content-pipeline.js';
import { contentPagesMiddleware } from './pages/page-routes.js';
import { isPageBeforeCatalog } from './pages/pages-before-catalog.js';
import { notFoundMiddleware } from './site/not-found.js';
import type { PageRenderContext } from './site/render-context.js';
import { categoryPageMiddleware } from './pages/category-route.js';
import { productImageMiddleware } from './pages/product-image-route.js';
import { noticeRoutesMiddleware } from './compliance/dsa-notices/dsa-notice-routes.js';
import { faviconMiddleware } from './site/favicon-route.js';
import { productPageMiddleware } from './pages/product-route.js';
import { crawlerRoutes } from './pages/crawler-routes.js';
import { RestRegistry } from './rest/registry.js';
import { restMiddleware, restPathOf } from './rest/rest-middleware.js';
import type { Store } from './store/store.js';
import { publicPageCacheMiddleware } from './http/public-page-cache.js';
import { heldBytesMiddleware, holdBytes } from './http/held-bytes.js';
import { fairTurnsMiddleware } from './http/fair-turns.js';
import { catalogLoadingMiddleware } from './store/catalog-loading-middleware.js';
import { VERSION } from './version.js';

const BUILTIN_DEV_BASIC_AUTH = moduleBeside('./extensions/builtin/dev-basic-auth', import.meta.url).pathname;

export interface VitrineApp {
  app: Koa;
  plugin: VitrinePlugin;
  /** What `GET /readyz` answers: the server marks it ready once its start's work is done (server.ts). */
  readiness: Readiness;
}

/**
 * @param env the environment the server was configured from: KSeF's settings are read from it when an invoice PDF is
 *   first made (ksef-on-demand.ts)
 */
export async function createApp(
  config: Config,
  store: Store,
  env: NodeJS.ProcessEnv = process.env,
): Promise<VitrineApp> {
  const hooks = new Hooks();
  const readiness = new Readiness();
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
  registerUserAdminRoutes(rest, { store });
  registerOwnAccountRoutes(rest, { store });
  registerApiKeyRoutes(rest, { store });
  // Every e-mail a form or a decision causes is made here and stored by the operation that causes it.
  const mail = new ShopMail(store, config.siteUrl);
  registerShopRestRoutes(rest, store, mail, hooks);
  registerWcProductRoutes(rest, { store, config });
  registerWcOrderRoutes(rest, { store, tellCustomer: mail.orderStatusChanged, hooks });
  registerWcOrderNoteRoutes(rest, { store, config, tellCustomer: mail.orderNoteAdded });
  registerWcRefundRoutes(rest, { store, config, tell: mail.orderStatusChanged, hooks });
  registerWcShipmentTrackingRoutes(rest, { store, config, tellCustomer: mail.orderShipped });
  // Images named by URL (CSV imports, wc/v3 writes) are fetched into the media library in background jobs.
  const images = createImageServices(store, config);
  registerImageFetchRoutes(rest, images.jobs);
  registerWcProductWriteRoutes(rest, { store, config, imageJobs: images.jobs });
  registerWcTermRoutes(rest, { store });
  registerWcCustomerRoutes(rest, { store, config, welcome: mail.welcome });
  registerWcCategoryRoutes(rest, { store, config });
  registerWcShippingRoutes(rest, { store });
  registerWcTaxRoutes(rest, { store });
  registerWcSettingsRoutes(rest, { store });
  registerWcPaymentGatewayRoutes(rest, { store, config });
  // Delivery URLs follow the same private-address policy as images fetched by URL, with their own allow-list.
  registerWcWebhookRoutes(rest, { store, config, policy: webhookAddressPolicy(config.webhookAllowHosts) });
  registerWcCouponRoutes(rest, { store, config });
  // A large replaced catalog's facet index is built by the import worker that checked it, off the serving thread.
  registerCatalogImportRoutes(rest, {
    store,
    config,
    afterImport: fetchImportedImages(images.jobs),
    replacedCatalogWork: facets.indexInImportWorker(),
  });
  registerComplianceRoutes(rest, { store, hooks, config, mail });
  registerMailLogRoutes(rest, store);
  registerInvoiceRoutes(rest, {
    store,
    restBase: `${config.siteUrl}${config.restRoot}`,
    invoiceIssued: (order, key) => mail.invoiceIssued(order, key),
  });
  correctInvoicesOnRefund(hooks, store, (order, key) => mail.correctionIssued(order, key));
  const invoicePdfOptions = () => invoicePdfOptionsFrom(env);
  registerInvoicePdfRoute(rest, {
    invoices: store.invoices,
    translatorFor: (invoice) => invoiceTranslatorOf(store, invoice),
    pdfOptions: invoicePdfOptions,
  });
  registerFacetAdminRoutes(rest, {
    store,
    hooks,
    facets,
    renderFragments: (outcome) => renderFragments(outcome, { basePath: '', ...productDisplay(store) }),
  });
  registerFacetChoicesRoute(rest, { store, hooks, facets });
  registerFacetValueRoute(rest, { facets, store });
  // `/filter` does not know the page that asked: its links are relative (basePath ''), resolved against that page.
  registerFilterRoute(rest, {
    store,
    hooks,
    facets,
    address: filterEndpoint(config),
    renderFragments: async (outcome, cartToken, unkeyed) =>
      renderFragments(outcome, {
        basePath: '',
        ...productDisplay(store),
        lowestPrices: unkeyed ? unkeyed.lowestPrices : await lowestPriceNotes(store, outcome.result.products),
        cartToken,
      }),
    unkeyedInputs: (products) => lowestPriceNotesRead(store, products),
  });
  const renderWidget = createWidgetRenderer({ config, store, facets });
  shortcodes.register(FACET_SHORTCODE_TAG, createFacetShortcode(renderWidget));
  blocks.register(facetFilterBlockJson, createFacetFilterRender(renderWidget));

  const extensions = config.devBasicAuth ? [BUILTIN_DEV_BASIC_AUTH, ...config.extensions] : config.extensions;
  await loadExtensions(extensions, plugin);

  const theme = themeStylesheet(config.dataDir);
  const pageDeps = {
    store,
    assets: readClientAssets(),
    cartCount: (ctx: Koa.Context) => cartItemCount(store, ctx),
    themeStylesheet: theme.href,
    siteUrl: config.siteUrl,
  };
  const facetConfig = () => facets.config();
  const app = new Koa();
  app.on('error', (error: Error, ctx?: Koa.Context) => {
    if (isClientGone(error, ctx?.req)) return;
    console.error(`[vitrine] ${ctx ? `${ctx.method} ${ctx.url}: ` : ''}${error.stack ?? error.message}`);
  });
  // Koa then reads X-Forwarded-Proto/-Host: the session cookie is Secure behind an https proxy. ctx.ip is set by
  // clientAddressMiddleware, from the right of X-Forwarded-For.
  app.proxy = config.trustProxy !== null;
  const renderPageContent = (content: string, ctx: Koa.Context) => {
    const user = ctx.state.session?.user;
    const context = {
      url: new URL(ctx.originalUrl, config.siteUrl),
      widgetQueries: [] as string[],
      canEdit: Boolean(user && can(user.roles, 'edit_pages')),
      formToken: () => csrfToken(ctx, store.site.data.secret),
      holdBytes: (bytes: Buffer[]) => holdBytes(ctx, bytes),
    };
    // The page route reads back what the widgets applied, to redirect a non-canonical address.
    ctx.state.widgetQueries = context.widgetQueries;
    return renderContent(content, { blocks, shortcodes, context });
  };
  // The admin's API: pages as WordPress serves them, and server-rendered previews of dynamic blocks.
  registerPageRestRoutes(rest, {
    store,
    siteUrl: config.siteUrl,
    renderContent: (content, page) =>
      renderContent(content, { blocks, shortcodes, context: { url: new URL(`/${page.slug}`, config.siteUrl) } }),
  });
  registerBlockRendererRoute(rest, { blocks, siteUrl: config.siteUrl });
  registerMediaRoutes(rest, { store, siteUrl: config.siteUrl });
  const adminDeps = {
    ...pageDeps,
    adminAssets: readClientAssets(MANIFEST_PATH, ADMIN_ENTRY, [ADMIN_SCREENS_CHUNK]),
    restRoot: config.restRoot,
  };
  // Signing in (login form or registration) hands the visitor's cart to the user.
  const afterSignIn = (ctx: Koa.Context, user: User) => claimCartOnSignIn(store, cartTokenHash(ctx), user.id);
  const shopDeps = {
    ...pageDeps,
    guard: new FormGuard(store),
    unpaidOrders: new UnpaidOrderLimit(store),
    afterSignIn,
    mail,
    payments: createPaymentGateways(config),
    siteUrl: config.siteUrl,
    checkVatNumber: viesChecker(config.viesApiUrl),
  };
  refundThroughGateways(hooks, store, shopDeps.payments);
  // Pages an anonymous visitor's browser and a CDN may keep, when nothing in them is made for that visitor.
  // Inside it, the bytes a page holds (the widget, kept rendered) are put in place: its ETag is of the whole page.
  const publicPage = [publicPageCacheMiddleware(), heldBytesMiddleware()];
  // Each route matches its own URL shape, so no page slug can shadow login, assets or a product.
  const routes = new Router()
    // Static bundle and generated product images: cheap, and never need the page machinery.
    .get('/assets/{*file}', clientAssetsMiddleware())
    .get('/media/products/:file', productImageMiddleware(store))
    .get('/media/uploads/:id/:name', mediaFileMiddleware(store))
    .get('/media/uploads/:id/:size/:name', mediaVariantMiddleware(images.variants))
    .get('/media/placeholder.svg', placeholderImageMiddleware())
    .get(['/favicon.svg', '/favicon.ico'], faviconMiddleware())
    // A theme's own stylesheet from the data folder (docs/theming.md).
    .get(THEME_STYLESHEET_PATH, theme.middleware())
    // robots.txt and the sitemaps, before the page slugs.
    .use(crawlerRoutes({ store, facetConfig, siteUrl: config.siteUrl, restRoot: config.restRoot }))
    .all(
      ['/login', '/logout', '/rest-nonce'],
      loginRoutesMiddleware({ ...pageDeps, loginThrottle: new LoginThrottle(store), afterSignIn }),
    )
    .all(
      ['/forgot-password', '/reset-password'],
      passwordResetMiddleware({
        ...pageDeps,
        mail,
        resetThrottle: new LoginThrottle(store, 'password_reset'),
        afterSignIn,
      }),
    )
    .get('/admin/orders/:id/packing-slip', packingSlipMiddleware(store))
    .get(['/admin', '/admin/{*screen}'], adminMiddleware(adminDeps))
    // WooCommerce's app authorisation: a connector obtains API keys with the manager's approval.
    .all(
      AUTHORIZE_PATH,
      appAuthorizationMiddleware({ ...pageDeps, config, policy: webhookAddressPolicy(config.webhookAllowHosts) }),
    )
    // The shop's own pages (cart, checkout, account, contact, withdrawal): reserved slugs, before content pages.
    .use(shopRoutes(shopDeps).routes())
    // A customer's invoices, by the order page's key or their sign-in.
    .use(customerInvoiceRoutes({ store, invoices: store.invoices, pdfOptions: invoicePdfOptions }).routes())
    .get(
      '/product/:slug',
      ...publicPage,
      productPageMiddleware({
        ...pageDeps,
        siteUrl: config.siteUrl,
        productActions: (ctx, product) => productPurchaseForm(ctx, store, product),
      }),
    )
    // The DSA notice form (404 while dsa_enabled is off); before the page slugs, which would take its path.
    .all('/report-content', noticeRoutesMiddleware({ ...pageDeps, siteUrl: config.siteUrl, mail }))
    .get(
      '/product-category/:slug',
      ...publicPage,
      categoryPageMiddleware({ ...pageDeps, renderWidget, siteUrl: config.siteUrl, facetConfig }),
    )
    .get(
      ['/', '/:slug'],
      ...publicPage,
      contentPagesMiddleware({ ...pageDeps, renderContent: renderPageContent, siteUrl: config.siteUrl, facetConfig }),
    );
  const middleware: Middleware[] = [
    // Outermost, so that nothing below can crash a request into a leaked stack trace.
    errorBoundaryMiddleware(),
    // Before anything counts or records the client's address: the one address every limit and the consent log use.
    clientAddressMiddleware(config.trustProxy),
    // Every response, errors included, carries nosniff and the API discovery link.
    standardHeadersMiddleware(`${config.siteUrl}${config.restRoot}/`),
    // CSP (own scripts only), framing rules and Referrer-Policy on every response, errors included.
    securityHeadersMiddleware(),
    // A load balancer's health check, asked every second or so: answered before any session, store read or catalog load.
    readinessMiddleware(readiness),
    // Under a crowd, requests start one per turn of the event loop, so that new connections are accepted and read
    // between two instead of waiting behind every busy connection's next request.
    fairTurnsMiddleware(),
    // Around everything that writes a body, so that pages, API answers and errors are all compressed.
    compressionMiddleware(),
    // Settings and pages changed by a `vitrine` command or another instance are seen by the very next request.
    freshSiteMiddleware(store),
    // A page under a language's code (`/de/shop`) is the plain page in that language; before anything reads the path.
    languagePrefixMiddleware(store, config.siteUrl),
    // A large catalog is loaded when a request first needs its products: robots.txt and static files never do, and
    // the REST API loads it for the routes that need it (not /filter: see withoutCatalog in server/rest/route.ts), and
    // the storefront's pages (pages-before-catalog.ts) load it only if they turn out to need it.
    catalogLoadingMiddleware(
      store,
      (ctx) =>
        ctx.path.startsWith('/assets/') ||
        ctx.path === '/robots.txt' ||
        restPathOf(ctx, config.restRoot) !== null ||
        isPageBeforeCatalog(ctx, store.site.data.pages),
    ),
    // Before anything that needs to know who is signed in: REST cookie auth, drafts, the nonce meta tag.
    sessionMiddleware(store),
    // The API answers its own paths completely, so that page routes never see them. Not a router route: it also
    // answers `/?rest_route=`, which a router cannot tell from the home page by its path.
    restMiddleware({ config, registry: rest, store, hooks }),
    routes.routes() as Middleware,
    // Last: whatever nobody answered is a real 404 page.
    notFoundMiddleware(pageDeps),
  ];
  for (const entry of middleware) app.use(entry);
  return { app, plugin, readiness };
}
