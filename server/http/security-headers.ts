/**
 * Security headers through koa-helmet: a Content-Security-Policy that runs only the site's own scripts (the
 * storefront bundle is an external module and hydration needs no inline script), a Referrer-Policy, and framing
 * refused outright on the login page and under /admin/, where a framed form could be clickjacked.
 */
import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

type FrameAncestors = "'self'" | "'none'";

/**
 * The admin's block editor renders the page content in an iframe whose document it creates itself as a `blob:` URL
 * (BlockCanvas), so /admin/ alone may frame `blob:` documents. The blob document inherits this policy: no script
 * runs in it but our own, and the server-rendered previews inside it are inert HTML.
 */
const ADMIN_EXTRA_DIRECTIVES = {
  'frame-src': ["'self'", 'blob:'],
  'img-src': ["'self'", 'data:', 'blob:'],
  // BlockCanvas (React 18) writes exactly one inline script into that blob document,
  // `document.currentScript.parentElement.remove()`, to drop the parsed <body> before React renders its own. Its hash
  // allows that script and no other: 'unsafe-inline' would allow any.
  'script-src': ["'self'", "'sha256-ehBD9wGNfnN0flaZIjbVClW1//FJFsATigcdVB4VdMQ='"],
};

function helmetFor(frameAncestors: FrameAncestors, extraDirectives: Record<string, string[]> = {}): Middleware {
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
        ...extraDirectives,
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
  const admin = helmetFor("'none'", ADMIN_EXTRA_DIRECTIVES);
  return (ctx, next) => {
    if (ctx.path === '/admin' || ctx.path.startsWith('/admin/')) return admin(ctx, next);
    return refusesFraming(ctx.path) ? unframeable(ctx, next) : pages(ctx, next);
  };
}
