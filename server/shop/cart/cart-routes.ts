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
      ...messages,
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

export function cartRoutes(deps: ShopDependencies): Router {
  return new Router()
    .get('/cart', async (ctx) => {
      const added = findItem(deps.store, Number(ctx.query.added));
      const { t } = shopTranslator(deps.store);
      await showCart(ctx, deps, {
        notice: added ? t('cart.added', { title: added.title }) : ctx.query.updated ? t('cart.updated') : undefined,
      });
    })
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
