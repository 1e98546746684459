/**
 * `/cart` and its two form actions. Without JavaScript every action is a form post answered with a redirect to the
 * cart (or the cart again with the reason, when something could not be done); the storefront script sends the same
 * posts asking for JSON, and stays on the page.
 */
import { taxContextOf } from '../checkout/order-totals.js';
import { productDisplay } from '../../catalog/product-display.js';
import Router from '@koa/router';
import type { Context } from 'koa';
import { renderToString } from '../../html/render-html.js';
import { respondWithPage, shopTranslator } from '../../site/page-chrome.js';
import type { MessageRef } from '../../i18n/message-ref.js';
import { cartPageTemplate, type CartPageInput } from './cart-page.js';
import { addToCart, CartInputError, CartLineError, changeCart, findItem, itemToAdd, readCart } from './cart-service.js';
import { OutOfStockError } from '../stock.js';
import { cartTokenHash, ensureCartToken } from './cart-token.js';
import { guestCaps } from './guest-caps.js';
import { formFields, formToken, type ShopDependencies } from '../shop-dependencies.js';
import { chosenCountry, shippingView } from '../shipping/shipping-view.js';
import { appliedCoupons } from '../coupons/applied-coupons.js';
import { cartCoupons } from '../coupons/cart-coupons.js';
import { readCouponCodes, typedCode, writeCouponCodes } from '../coupons/coupon-cookie.js';

const wantsJson = (ctx: Context) => ctx.accepts('html', 'json') === 'json';

/** The visitor's caps of units: a guest's, or none for a signed-in customer. */
const capsOf = (ctx: Context, deps: ShopDependencies) =>
  guestCaps(deps.store.site.data.settings.checkout, Boolean(ctx.state.session?.user));

async function showCart(
  ctx: Context,
  deps: ShopDependencies,
  messages: Pick<CartPageInput, 'notice' | 'error' | 'typed' | 'refused'> = {},
  status = 200,
) {
  const cart = await readCart(deps.store, cartTokenHash(ctx));
  const translator = shopTranslator(deps.store);
  const coupons = await appliedCoupons(ctx, deps.store, cart);
  const error = [messages.error, ...coupons.refused.map((refused) => translator.say(refused.said))]
    .filter(Boolean)
    .join(' ');
  const bodyHtml = await renderToString(
    cartPageTemplate({
      cart,
      translator,
      money: productDisplay(deps.store),
      token: formToken(ctx, deps),
      minimumOrder: deps.store.site.data.settings.checkout.min_order_amount,
      shipping: shippingView(deps.store, chosenCountry(deps.store, ctx.query.country), cart.subtotal),
      tax: taxContextOf(deps.store.site.data, {
        country: chosenCountry(deps.store, ctx.query.country),
        postcode: '',
      }),
      deliveryTime: deps.store.site.data.settings.storefront.delivery_time,
      coupons: coupons.discount,
      ...messages,
      error: error || undefined,
    }),
  );
  await respondWithPage(ctx, deps, { title: translator.t('cart.title'), bodyHtml }, status);
  ctx.set('Cache-Control', 'private, no-store');
}

/** Says why a cart action was not done: as JSON to the script, or on the cart page. */
async function refuse(ctx: Context, deps: ShopDependencies, message: string, status: number): Promise<void> {
  if (wantsJson(ctx)) {
    ctx.status = status;
    ctx.body = { error: message };
    return;
  }
  await showCart(ctx, deps, { error: message }, status);
}

/** The refusal for what a cart action threw; anything unexpected is rethrown. */
function refusalFor(ctx: Context, deps: ShopDependencies, error: unknown): Promise<void> {
  const say = (said: MessageRef) => shopTranslator(deps.store).say(said);
  if (error instanceof OutOfStockError) return refuse(ctx, deps, say(error.said!), 409);
  if (error instanceof CartInputError) return refuse(ctx, deps, say(error.said), 400);
  throw error;
}

/**
 * Applies the code typed into the coupon field, or removes an applied one (`remove_coupon`), and goes back to the cart
 * or the checkout; a code that does not apply is not kept, and the cart page says why.
 */
async function changeCoupons(ctx: Context, deps: ShopDependencies): Promise<void> {
  const fields = await formFields(ctx);
  const translator = shopTranslator(deps.store);
  const refusal = await deps.guard.check(ctx, fields);
  if (refusal) return refuse(ctx, deps, translator.say(refusal.said), refusal.status);
  const back = fields.back === '/checkout' ? '/checkout' : '/cart';
  const codes = readCouponCodes(ctx);
  const removed = typedCode(fields.remove_coupon);
  if (removed) {
    writeCouponCodes(
      ctx,
      codes.filter((code) => code !== removed.toLowerCase()),
    );
    ctx.status = 303;
    ctx.redirect(back === '/cart' ? `/cart?coupon_removed=${encodeURIComponent(removed)}` : back);
    return;
  }
  const code = typedCode(fields.coupon_code);
  if (!code) return refuse(ctx, deps, translator.t('coupon.enterCode'), 400);
  const cart = await readCart(deps.store, cartTokenHash(ctx));
  const user = ctx.state.session?.user ?? null;
  const checked = await cartCoupons(
    deps.store,
    [...codes.filter((kept) => kept !== code.toLowerCase()), code],
    cart,
    { userId: user?.id ?? null, email: user?.email ?? null },
    Date.now(),
  );
  const refused = checked.refused.find((entry) => entry.code === code);
  if (refused) return refuse(ctx, deps, translator.say(refused.said), 409);
  writeCouponCodes(
    ctx,
    checked.coupons.map((coupon) => coupon.code),
  );
  if (wantsJson(ctx)) {
    ctx.body = { message: translator.t('coupon.applied', { code: code.toLowerCase() }) };
    return;
  }
  ctx.status = 303;
  ctx.redirect(back === '/cart' ? `/cart?coupon_applied=${encodeURIComponent(code.toLowerCase())}` : back);
}

export function cartRoutes(deps: ShopDependencies): Router {
  return new Router()
    .get('/cart', async (ctx) => {
      const added = findItem(deps.store, Number(ctx.query.added));
      const { t } = shopTranslator(deps.store);
      const applied = typedCode(ctx.query.coupon_applied);
      const removed = typedCode(ctx.query.coupon_removed);
      await showCart(ctx, deps, {
        notice: added
          ? t('cart.added', { title: added.title })
          : ctx.query.updated
            ? t('cart.updated')
            : applied
              ? t('coupon.applied', { code: applied })
              : removed
                ? t('coupon.removed', { code: removed })
                : undefined,
      });
    })
    .post('/cart/coupon', (ctx) => changeCoupons(ctx, deps))
    .post('/cart/add', async (ctx) => {
      const fields = await formFields(ctx);
      const refusal = await deps.guard.check(ctx, fields);
      if (refusal) return refuse(ctx, deps, shopTranslator(deps.store).say(refusal.said), refusal.status);
      try {
        // An empty choice is no choice: the product alone, which a variable product refuses with a clear message.
        const variationId = fields.variation_id ? Number(fields.variation_id) : undefined;
        const item = itemToAdd(deps.store, Number(fields.product_id), variationId);
        const cart = await addToCart(deps.store, ensureCartToken(ctx), item, fields.quantity ?? 1, capsOf(ctx, deps));
        if (wantsJson(ctx)) {
          ctx.body = { count: cart.count, message: shopTranslator(deps.store).t('cart.added', { title: item.title }) };
          return;
        }
        ctx.status = 303;
        ctx.redirect(`/cart?added=${item.itemId}`);
      } catch (error) {
        await refusalFor(ctx, deps, error);
      }
    })
    .post('/cart/update', async (ctx) => {
      const fields = await formFields(ctx);
      const refusal = await deps.guard.check(ctx, fields);
      if (refusal) return refuse(ctx, deps, shopTranslator(deps.store).say(refusal.said), refusal.status);
      const typed = new Map<number, string>();
      for (const [name, value] of Object.entries(fields)) {
        const match = /^qty_(\d{1,9})$/.exec(name);
        if (match) typed.set(Number(match[1]), value);
      }
      const quantities = new Map<number, unknown>(typed);
      if (fields.remove && /^\d{1,9}$/.test(fields.remove)) quantities.set(Number(fields.remove), 0);
      try {
        await changeCart(deps.store, ensureCartToken(ctx), quantities, capsOf(ctx, deps));
        ctx.status = 303;
        ctx.redirect('/cart?updated=1');
      } catch (error) {
        // The form again as it was typed, the refused line's field pointing at its reason, as the shop's other forms
        // do.
        if (error instanceof CartLineError && !wantsJson(ctx)) {
          const message = shopTranslator(deps.store).say(error.said);
          const refused = { itemId: error.itemId, message };
          return showCart(
            ctx,
            deps,
            { error: message, typed, refused },
            error.refusal instanceof OutOfStockError ? 409 : 400,
          );
        }
        await refusalFor(ctx, deps, error instanceof CartLineError ? error.refusal : error);
      }
    });
}
