/**
 * Security headers through koa-helmet: a Content-Security-Policy that runs only the site's own scripts (the
 * storefront bundle is an external module and hydration needs no inline script), a Referrer-Policy, and framing
 * refused outright on the login page and under /admin/, where a framed form could be clickjacked.
 */
import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

type FrameAncestors = "'self'" | "'none'";

function helmetFor(frameAncestors: FrameAncestors): Middleware {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'"],
        // Lit SSR writes each element's styles as a <style> in its declarative shadow root, and the fragments set
        // custom properties in style attributes: inline styles are needed, inline scripts are not.
        'style-src': ["'self'", "'unsafe-inline'"],
        'frame-ancestors': [frameAncestors],
        // Sites served over plain http (development, tests) must keep loading their own assets.
        'upgrade-insecure-requests': null,
      },
    },
    frameguard: { action: frameAncestors === "'none'" ? 'deny' : 'sameorigin' },
    // Links to other sites learn the origin only; our own pages keep the full URL (filter state) for analytics.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }) as Middleware;
}

/** Paths that must never be shown inside a frame. */
export function refusesFraming(path: string): boolean {
  return path === '/login' || path === '/admin' || path.startsWith('/admin/');
}

export function securityHeadersMiddleware(): Middleware {
  const pages = helmetFor("'self'");
  const unframeable = helmetFor("'none'");
  return (ctx, next) => (refusesFraming(ctx.path) ? unframeable(ctx, next) : pages(ctx, next));
}
