/**
 * `/checkout` and `/order-received/{number}`. A submission with a problem shows the form again with every typed value
 * and each problem beside its field (focus on the first), and records nothing; a valid one stores the order with the
 * consent evidence of its checkboxes and the stock it takes in one store operation, empties the cart and shows the
 * confirmation.
 */
import { formatMoney } from '../../catalog/price-format.js';
import { productDisplay } from '../../catalog/product-display.js';
import Router from '@koa/router';
import { html } from '@lit-labs/ssr';
import type { Context } from 'koa';
import { checkboxesFor, consentRecordsFor, readCheckboxAnswers } from '../../compliance/checkboxes/legal-checkboxes.js';
import { respondWithPage } from '../../site/page-chrome.js';
import { renderToString } from '../../html/render-html.js';
import type { PaymentMethod, ShippingLine, User } from '../../store/schema.js';
import { checkoutBlocker } from '../cart/cart-page.js';
import { emptyCart, readCart } from '../cart/cart-service.js';
import { cartTokenHash } from '../cart/cart-token.js';
import { typedValues, validateCheckoutFields, type CheckoutFieldName } from './checkout-fields.js';
import { checkoutPageTemplate, codFeeLine } from './checkout-page.js';
import type { FormState } from '../form-fields.js';
import { isOrderKey, orderConfirmationPath } from '../orders/order-access.js';
import { orderPageTemplate } from '../orders/order-page.js';
import { formFields, formToken, type ShopDependencies } from '../shop-dependencies.js';
import { OutOfStockError } from '../stock.js';
import { customerActor } from '../orders/order-actor.js';
import { placeOrder } from '../orders/order-service.js';
import { orderTotals } from './order-totals.js';
import { chooseShipping } from '../shipping/shipping-zones.js';
import { chosenCountry, shippingView } from '../shipping/shipping-view.js';
import { withdrawalNotice } from '../withdrawals/withdrawal-notice.js';

type CheckoutState = FormState<Record<CheckoutFieldName, string>>;

const signedInUser = (ctx: Context): User | null => ctx.state.session?.user ?? null;

async function showCheckout(ctx: Context, deps: ShopDependencies, state: CheckoutState, status = 200) {
  const { settings } = deps.store.site.data;
  const cart = await readCart(deps.store, cartTokenHash(ctx));
  const bodyHtml = await renderToString(
    checkoutPageTemplate({
      cart,
      shipping: shippingView(deps.store, state.values.country, cart.subtotal),
      codFee: settings.checkout.cod_fee,
      deliveryTime: settings.storefront.delivery_time,
      money: productDisplay(deps.store),
      token: formToken(ctx, deps),
      checkboxes: checkboxesFor(deps.store.site.data, 'checkout'),
      orderButtonLabel: settings.checkout.order_button_label || 'Order with obligation to pay',
      askTaxId: settings.compliance.ksef_enabled,
      withdrawalNotice: withdrawalNotice(settings),
      ...state,
    }),
  );
  await respondWithPage(ctx, deps, { title: 'Checkout', bodyHtml }, status);
  ctx.set('Cache-Control', 'private, no-store');
}

/** Guests may order only when the shop allows it; otherwise the checkout asks them to log in or register first. */
async function requireAccountStep(ctx: Context, deps: ShopDependencies): Promise<boolean> {
  if (deps.store.site.data.settings.checkout.guest_checkout || signedInUser(ctx)) return false;
  const back = encodeURIComponent('/checkout');
  const bodyHtml = await renderToString(html`<p>Please log in or create an account to place your order.</p>
    <p><a class="button" href="/login?redirect_to=${back}">Log in</a> <a class="button button--secondary" href="/register?redirect_to=${back}">Create an account</a></p>`);
  await respondWithPage(ctx, deps, { title: 'Checkout', bodyHtml });
  return true;
}

/** Sends an empty or blocked cart back to the cart page, where the reason is shown. */
async function cartIsReady(ctx: Context, deps: ShopDependencies): Promise<boolean> {
  const cart = await readCart(deps.store, cartTokenHash(ctx));
  if (!checkoutBlocker(cart, deps.store.site.data.settings.checkout.min_order_amount, productDisplay(deps.store))) return true;
  ctx.status = 303;
  ctx.redirect('/cart');
  return false;
}

async function submitCheckout(ctx: Context, deps: ShopDependencies): Promise<void> {
  const fields = await formFields(ctx);
  const refusal = await deps.guard.check(ctx, fields);
  const { settings, shipping_zones: zones } = deps.store.site.data;
  const values = typedValues(fields, chosenCountry(deps.store, ''));
  const shown = checkboxesFor(deps.store.site.data, 'checkout');
  const answers = readCheckboxAnswers(shown, fields);
  if (refusal) return showCheckout(ctx, deps, { values, errors: {}, ticked: answers.ticked, checkboxErrors: new Map(), error: refusal.message }, refusal.status);
  // "Update delivery options": the same form again with the methods of the country chosen; nothing is ordered.
  if (fields.update_shipping !== undefined) return showCheckout(ctx, deps, { values, errors: {}, ticked: answers.ticked, checkboxErrors: new Map() });
  const tokenHash = cartTokenHash(ctx);
  const cart = await readCart(deps.store, tokenHash);
  const { details, errors } = validateCheckoutFields(values, settings.compliance.ksef_enabled);
  const shipping = chooseShipping(zones, values.country, cart.subtotal, values.shipping_method, settings.general.locale);
  if (shipping.countryError && !errors.country) errors.country = shipping.countryError;
  if (shipping.methodError) errors.shipping_method = shipping.methodError;
  if (!details || Object.keys(errors).length || answers.errors.size) {
    return showCheckout(ctx, deps, { values, errors, ticked: answers.ticked, checkboxErrors: answers.errors }, 400);
  }
  const { shipping_method: _chosen, ...customer } = details;
  const shopMoney = productDisplay(deps.store);
  const blocked = checkoutBlocker(cart, deps.store.site.data.settings.checkout.min_order_amount, shopMoney);
  if (blocked) return showCheckout(ctx, deps, { values, errors: {}, ticked: answers.ticked, checkboxErrors: new Map(), error: blocked }, 409);
  // Goods, the shipping chosen and the cash-on-delivery fee: the total ordered is the one shown before the order button.
  const amounts = orderTotalsFor(cart.subtotal, shipping.line, customer.payment_method, settings.checkout.cod_fee);
  if (!sameAmount(fields.shown_total, amounts.total)) {
    // The form showed another total: that of another choice (a delivery method or way of paying picked without the
    // script that updates the total), or prices changed since it was shown. Nothing is ordered; the form comes back
    // with the choice kept and the total shown as it now is.
    const error = `The total of your order, with the delivery and payment you chose, is now ${formatMoney(amounts.total, shopMoney)}. Nothing was ordered yet: please check it and press the button again.`;
    return showCheckout(ctx, deps, { values, errors: {}, ticked: answers.ticked, checkboxErrors: new Map(), error }, 409);
  }
  const now = new Date().toISOString();
  const consent = consentRecordsFor(shown, answers.ticked, 'checkout', ctx.ip, now);
  const lines = cart.lines.map((line) => ({
    product_id: line.item.product.id,
    ...(line.item.variation ? { variation_id: line.item.variation.id, attributes: { ...line.item.variation.attributes } } : {}),
    title: line.item.title, sku: line.item.sku, unit_price: line.unitPrice, quantity: line.quantity, line_total: line.lineTotal,
  }));
  let order;
  try {
    // The stock check of the cart page may be minutes old: the units are taken now, all or none, in the same store
    // operation that stores the order, so that a crash cannot take stock for an order that was never stored.
    order = await placeOrder(
      deps.store,
      {
        user_id: signedInUser(ctx)?.id ?? null,
        ...customer,
        currency: shopMoney.currency,
        lines,
        ...amounts,
        consent: consent.map((record) => ({ checkbox_id: record.checkbox_id, label: record.label, accepted: record.accepted })),
        created_at: now,
      },
      consent,
      customerActor(signedInUser(ctx)),
      deps.mail.orderPlaced(consent),
    );
  } catch (error) {
    if (!(error instanceof OutOfStockError)) throw error;
    const message = `${error.message} Nothing was ordered; please review your cart.`;
    return showCheckout(ctx, deps, { values, errors: {}, ticked: answers.ticked, checkboxErrors: new Map(), error: message }, 409);
  }
  if (tokenHash) await emptyCart(deps.store, tokenHash);
  ctx.status = 303;
  ctx.redirect(orderConfirmationPath(deps.store.site.data.secret, order.number));
}

/**
 * Whether the form's `shown_total` is `total`, to the cent. A post without it (an integrator's, an older page's) is
 * not held to it.
 */
function sameAmount(shown: string | undefined, total: number): boolean {
  return shown === undefined || Math.round(Number(shown) * 100) === Math.round(total * 100);
}

/** The order's amounts: what {@link orderTotals} makes of the goods, the shipping line and the fees. */
function orderTotalsFor(subtotal: number, shippingLine: ShippingLine | null, payment: PaymentMethod, codFee: number) {
  const { shipping_lines, fee_lines, shipping_total, total } = orderTotals(subtotal, shippingLine ? [shippingLine] : [], payment === 'cash_on_delivery' ? codFeeLine(codFee) : []);
  return { subtotal, shipping_lines, fee_lines, shipping_total, total };
}

export function checkoutRoutes(deps: ShopDependencies): Router {
  return new Router()
    .get('/checkout', async (ctx) => {
      if (!(await cartIsReady(ctx, deps)) || (await requireAccountStep(ctx, deps))) return;
      const values = typedValues({ email: signedInUser(ctx)?.email, payment_method: 'bank_transfer' }, chosenCountry(deps.store, ctx.query.country));
      await showCheckout(ctx, deps, { values, errors: {}, ticked: new Set(), checkboxErrors: new Map() });
    })
    .post('/checkout', async (ctx) => {
      if (await requireAccountStep(ctx, deps)) return;
      await submitCheckout(ctx, deps);
    })
    .get('/order-received/:number', async (ctx, next) => {
      const order = await deps.store.orders.findByNumber(String(ctx.params.number));
      const user = signedInUser(ctx);
      const allowed = order && (isOrderKey(deps.store.site.data.secret, order.number, ctx.query.key) || (user && order.user_id === user.id));
      if (!order || !allowed) return next(); // the 404 page: an order the visitor may not see does not exist for them
      const { general, compliance, checkout } = deps.store.site.data.settings;
      const payee = {
        companyName: general.company_name, companyAddress: general.company_address,
        accountHolder: checkout.bank_account_holder, iban: checkout.bank_iban, bic: checkout.bank_bic, bankName: checkout.bank_name,
      };
      const bodyHtml = await renderToString(orderPageTemplate(order, productDisplay(deps.store), payee, compliance.withdrawal_enabled ? '/withdraw' : null));
      await respondWithPage(ctx, deps, { title: 'Order received', bodyHtml });
      ctx.set('Cache-Control', 'private, no-store');
    });
}
