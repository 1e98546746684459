/**
 * The coupon codes a visitor applied, kept in a cookie until the order is placed (as WooCommerce keeps them in its
 * session): the cart page's form adds and removes them, the cart and checkout pages apply them. A code is only a
 * request; every page checks it against the store again.
 */
import type { Context } from 'koa';
import { MAX_COUPONS } from './cart-coupons.js';

const COOKIE = 'vitrine_coupons';
/** WooCommerce's codes are post titles; no shop needs codes longer than this. */
export const MAX_CODE_LENGTH = 50;

/** A code as typed, if it can be one: trimmed, of printable characters, not too long. */
export function typedCode(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim();
  if (code === '' || code.length > MAX_CODE_LENGTH || /[\p{C},]/u.test(code)) return null;
  return code;
}

export function readCouponCodes(ctx: Context): string[] {
  const raw = ctx.cookies.get(COOKIE);
  if (!raw) return [];
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return [];
  }
  const codes = decoded.split(',').flatMap((part) => typedCode(part) ?? []);
  return [...new Set(codes.map((code) => code.toLowerCase()))].slice(0, MAX_COUPONS);
}

export function writeCouponCodes(ctx: Context, codes: readonly string[]): void {
  const kept = [...new Set(codes.map((code) => code.toLowerCase()))].slice(0, MAX_COUPONS);
  ctx.cookies.set(COOKIE, kept.length ? encodeURIComponent(kept.join(',')) : null, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/',
    overwrite: true,
  });
}
