/**
 * CSRF protection for the site's HTML forms (login, logout, and every storefront form to come).
 *
 * Two independent checks, both required:
 * - The browser's own word: a request whose `Sec-Fetch-Site` is `cross-site`, or whose `Origin` is another origin,
 *   was sent by another site's page and is refused.
 * - A token in the form: an HMAC with the install's secret over what the token is bound to — the session when there is
 *   one, otherwise a random visitor cookie (a form shown before logging in). Another site can make the browser send our
 *   cookies, but cannot read a page of ours to learn the token.
 */
import { messageRef, type MessageRef } from '../i18n/message-ref.js';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { markPerVisitor } from '../http/public-page-cache.js';

export const CSRF_FIELD = '_csrf';
const VISITOR_COOKIE = 'vitrine_visitor';

function sign(secret: string, binding: string): string {
  return createHmac('sha256', secret).update(`csrf|${binding}`).digest('base64url');
}

function sessionBinding(ctx: Context): string | null {
  const hash: string | undefined = ctx.state.session?.session?.token_hash;
  return hash ? `session|${hash}` : null;
}

function visitorBinding(ctx: Context, create: boolean): string | null {
  let visitor = ctx.cookies.get(VISITOR_COOKIE);
  if (visitor && !/^[A-Za-z0-9_-]{43}$/.test(visitor)) visitor = undefined;
  if (!visitor && create) {
    visitor = randomBytes(32).toString('base64url');
    ctx.cookies.set(VISITOR_COOKIE, visitor, {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.secure,
      path: '/',
      overwrite: true,
    });
  }
  return visitor ? `visitor|${visitor}` : null;
}

/**
 * The token to put in a form of this response (sets the visitor cookie when the visitor has no session). The response
 * is then this visitor's own: no shared cache may keep it (server/http/public-page-cache.ts).
 */
export function csrfToken(ctx: Context, secret: string): string {
  markPerVisitor(ctx);
  return sign(secret, sessionBinding(ctx) ?? visitorBinding(ctx, true)!);
}

function sameToken(expected: string, submitted: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(submitted);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Why a form post must be refused, or null when it may go ahead.
 * @param submitted the form's `_csrf` field
 */
export function csrfProblem(ctx: Context, secret: string, submitted: unknown): MessageRef | null {
  const fetchSite = ctx.get('Sec-Fetch-Site');
  const origin = ctx.get('Origin');
  // Our own origin from the request's protocol and host: Koa 3's `ctx.origin` echoes the Origin header when there is
  // one.
  const ownOrigin = `${ctx.protocol}://${ctx.host}`;
  if (fetchSite === 'cross-site' || (origin && origin !== 'null' && origin !== ownOrigin)) {
    return messageRef('form.crossSite');
  }
  if (typeof submitted !== 'string' || submitted === '') return messageRef('form.noToken');
  const bindings = [sessionBinding(ctx), visitorBinding(ctx, false)].filter(
    (binding): binding is string => binding !== null,
  );
  if (!bindings.some((binding) => sameToken(sign(secret, binding), submitted))) {
    return messageRef('form.expired');
  }
  return null;
}
