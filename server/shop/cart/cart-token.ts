/**
 * The cart cookie: a random token per visitor, kept for 30 days; the store knows only its hash (like sessions), so a
 * leaked data file does not let anyone fill someone else's cart.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'koa';
import { hashToken } from '../../auth/sessions.js';

const CART_COOKIE = 'vitrine_cart';
const CART_DAYS = 30;

/** The hash of this visitor's cart token, or null when they have none yet. */
export function cartTokenHash(ctx: Context): string | null {
  const token = ctx.cookies.get(CART_COOKIE);
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? hashToken(token) : null;
}

/** The hash of this visitor's cart token, giving them one first if needed. */
export function ensureCartToken(ctx: Context): string {
  const existing = cartTokenHash(ctx);
  if (existing) return existing;
  const token = randomBytes(32).toString('base64url');
  ctx.cookies.set(CART_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/',
    maxAge: CART_DAYS * 86_400_000,
    overwrite: true,
  });
  return hashToken(token);
}
