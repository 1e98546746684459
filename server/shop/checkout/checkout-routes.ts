/**
 * `/checkout` and `/order-received/{number}`. A submission with a problem shows the form again with every typed value
 * and each problem beside its field (focus on the first), and records nothing; a valid one is placed by the checkout
 * service (checkout-service.ts) and answered with the confirmation's address.
 */
import { productDisplay } from '../../catalog/product-display.js';
import Router from '@koa/router';
import { html } from '@lit-labs/ssr';
import type { Context } from 'koa';
import { checkboxesFor, readCheckboxAnswers } from '../../compliance/checkboxes/legal-checkboxes.js';
import { respondWithPage, shopTranslator } from '../../site/page-chrome.js';
import { renderToString } from '../../html/render-html.js';
import type { User } from '../../store/schema.js';
import { checkoutBlocker } from '../cart/cart-page.js';
import { readCart } from '../cart/cart-service.js';
import { cartTokenHash } from '../cart/cart-token.js';
import { claimedTaxBuyer, deliveryCountryOf, deliveryPostcodeOf } from './buyer-fields.js';
import { typedValues, type CheckoutFieldName } from './checkout-fields.js';
import { checkoutPageTemplate } from './checkout-page.js';
import { placeCheckoutOrder } from './checkout-service.js';
import { readCouponCodes, writeCouponCodes } from '../coupons/coupon-cookie.js';
import { appliedCoupons } from '../coupons/applied-coupons.js';
import { taxContextOf } from './order-totals.js';
import type { FormState } from '../form-fields.js';
import { isOrderKey, orderConfirmationPath, orderKey } from '../orders/order-access.js';
import { CSRF_FIELD } from '../../auth/csrf.js';
import { orderPageTemplate, type OnlinePaymentForm } from '../orders/order-page.js';
import { formFields, formToken, type ShopDependencies } from '../shop-dependencies.js';
import { chosenCountry, shippingView } from '../shipping/shipping-view.js';
import { withdrawalNotice } from '../withdrawals/withdrawal-notice.js';
import { isOnlinePayment, offeredPaymentMethods } from '../payments/payment-gateway.js';
import { redirectToPayment } from '../payments/payment-routes.js';
import { addressFormValues } from '../account/address-book.js';
import { shopIssuesInvoices } from '../../store/invoice-due.js';

type CheckoutState = FormState<Record<CheckoutFieldName, string>>;

const signedInUser = (ctx: Context): User | null => ctx.state.session?.user ?? null;

async function showCheckout(ctx: Context, deps: ShopDependencies, state: CheckoutState, status = 200) {
  const { settings } = deps.store.site.data;
  const cart = await readCart(deps.store, cartTokenHash(ctx));
  const shipping = shippingView(deps.store, deliveryCountryOf(state.values), cart.subtotal, [state.values.country]);
  const translator = shopTranslator(deps.store);
  const coupons = await appliedCoupons(ctx, deps.store, cart, state.values.email.trim() || null);
  const couponProblems = coupons.refused.map((refused) => translator.say(refused.said));
  const bodyHtml = await renderToString(
    checkoutPageTemplate({
      cart,
      translator,
      shipping,
      // The total before the order button takes a company's EU VAT number at its word; VIES is asked at the order.
      tax: taxContextOf(
        deps.store.site.data,
        { country: shipping.country, postcode: deliveryPostcodeOf(state.values) ?? '' },
        claimedTaxBuyer(state.values),
      ),
      codFee: settings.checkout.cod_fee,
      paymentMethods: offeredPaymentMethods(deps.payments),
      deliveryTime: settings.storefront.delivery_time,
      money: productDisplay(deps.store),
      token: formToken(ctx, deps),
      checkboxes: checkboxesFor(deps.store.site.data, 'checkout'),
      orderButtonLabel: settings.checkout.order_button_label || translator.t('checkout.orderButton'),
      withdrawalNotice: withdrawalNotice(settings, translator.t),
      coupons: coupons.discount,
      offerInvoice: shopIssuesInvoices(settings.general),
      ...state,
      // A refused order already names the coupon's problem it was refused for: said once.
      error:
        [state.error, ...couponProblems.filter((problem) => !state.error?.includes(problem))]
          .filter(Boolean)
          .join(' ') || undefined,
    }),
  );
  await respondWithPage(ctx, deps, { title: translator.t('checkout.title'), bodyHtml }, status);
  ctx.set('Cache-Control', 'private, no-store');
}

/** Guests may order only when the shop allows it; otherwise the checkout asks them to log in or register first. */
async function requireAccountStep(ctx: Context, deps: ShopDependencies): Promise<boolean> {
  if (deps.store.site.data.settings.checkout.guest_checkout || signedInUser(ctx)) return false;
  const back = encodeURIComponent('/checkout');
  const { t } = shopTranslator(deps.store);
  const bodyHtml = await renderToString(html`<p>${t('checkout.accountNeeded')}</p>
    <p><a class="button" href="/login?redirect_to=${back}">${t('checkout.logIn')}</a> <a class="button button--secondary" href="/register?redirect_to=${back}">${t('checkout.createAccount')}</a></p>`);
  await respondWithPage(ctx, deps, { title: t('checkout.title'), bodyHtml });
  return true;
}

/** Sends an empty or blocked cart back to the cart page, where the reason is shown. */
async function cartIsReady(ctx: Context, deps: ShopDependencies): Promise<boolean> {
  const cart = await readCart(deps.store, cartTokenHash(ctx));
  if (!checkoutBlocker(cart, deps.store.site.data.settings.checkout.min_order_amount, productDisplay(deps.store)))
    return true;
  ctx.status = 303;
  ctx.redirect('/cart');
  return false;
}

/** The form as it is shown again: what was typed and ticked, with the problems found (none by default). */
function checkoutState(
  values: CheckoutState['values'],
  ticked: CheckoutState['ticked'],
  problems: Partial<Pick<CheckoutState, 'errors' | 'checkboxErrors' | 'error'>> = {},
): CheckoutState {
  return { values, errors: {}, ticked, checkboxErrors: new Map(), ...problems };
}

async function submitCheckout(ctx: Context, deps: ShopDependencies): Promise<void> {
  const fields = await formFields(ctx);
  const refusal = await deps.guard.check(ctx, fields);
  const values = typedValues(fields, chosenCountry(deps.store, ''));
  const checkboxes = checkboxesFor(deps.store.site.data, 'checkout');
  const answers = readCheckboxAnswers(checkboxes, fields, shopTranslator(deps.store).t);
  if (refusal)
    return showCheckout(
      ctx,
      deps,
      checkoutState(values, answers.ticked, { error: shopTranslator(deps.store).say(refusal.said) }),
      refusal.status,
    );
  // "Update delivery options": the same form again with the methods of the country chosen; nothing is ordered.
  if (fields.update_shipping !== undefined) return showCheckout(ctx, deps, checkoutState(values, answers.ticked));
  const outcome = await placeCheckoutOrder(
    deps.store,
    {
      values,
      shownTotal: fields.shown_total,
      checkboxes,
      answers,
      cartTokenHash: cartTokenHash(ctx),
      user: signedInUser(ctx),
      ip: ctx.ip,
      translator: shopTranslator(deps.store),
      couponCodes: readCouponCodes(ctx),
      paymentMethods: offeredPaymentMethods(deps.payments),
      checkVatNumber: deps.checkVatNumber,
    },
    // A guest's order may be placed by anyone with any address: its confirmation counts against that address's limit
    // (the order is placed either way; a confirmation over the limit is held back, listed in the mail log).
    (consent) =>
      signedInUser(ctx)
        ? deps.mail.orderPlaced(consent)
        : deps.mail.recipients.limited(values.email, deps.mail.orderPlaced(consent)),
    deps.unpaidOrders,
    deps.mail.stockAlerts,
  );
  if (outcome.refusal) {
    const { kind, ...problems } = outcome.refusal;
    return showCheckout(ctx, deps, checkoutState(values, answers.ticked, problems), kind === 'invalid' ? 400 : 409);
  }
  writeCouponCodes(ctx, []);
  // An order paid online goes on to the provider's page; the others to their confirmation.
  if (isOnlinePayment(outcome.order.payment_method)) return redirectToPayment(ctx, deps, outcome.order);
  ctx.status = 303;
  ctx.redirect(orderConfirmationPath(deps.store.site.data.secret, outcome.order.number));
}

export function checkoutRoutes(deps: ShopDependencies): Router {
  return new Router()
    .get('/checkout', async (ctx) => {
      if (!(await cartIsReady(ctx, deps)) || (await requireAccountStep(ctx, deps))) return;
      const user = signedInUser(ctx);
      const country = chosenCountry(deps.store, ctx.query.country);
      // A customer's saved addresses fill the form; a country chosen on the way here (the cart's) still wins.
      const saved = user?.addresses ? addressFormValues(user.addresses, country) : {};
      const values = typedValues(
        {
          ...saved,
          ...(typeof ctx.query.country === 'string' ? { country } : {}),
          email: user?.email,
          payment_method: 'bank_transfer',
        },
        country,
      );
      await showCheckout(ctx, deps, checkoutState(values, new Set()));
    })
    .post('/checkout', async (ctx) => {
      if (await requireAccountStep(ctx, deps)) return;
      await submitCheckout(ctx, deps);
    })
    .get('/order-received/:number', async (ctx, next) => {
      const order = await deps.store.orders.findByNumber(String(ctx.params.number));
      const user = signedInUser(ctx);
      const allowed =
        order &&
        (isOrderKey(deps.store.site.data.secret, order.number, ctx.query.key) || (user && order.user_id === user.id));
      if (!order || !allowed) return next(); // the 404 page: an order the visitor may not see does not exist for them
      const { general, compliance, checkout } = deps.store.site.data.settings;
      const payee = {
        companyName: general.company_name,
        companyAddress: general.company_address,
        accountHolder: checkout.bank_account_holder,
        iban: checkout.bank_iban,
        bic: checkout.bank_bic,
        bankName: checkout.bank_name,
      };
      const { t } = shopTranslator(deps.store);
      const withdrawal = compliance.withdrawal_enabled ? '/withdraw' : null;
      const { payment } = ctx.query;
      const returned: OnlinePaymentForm['returned'] =
        payment === 'cancelled' || payment === 'unavailable' ? payment : null;
      const onlinePayment =
        isOnlinePayment(order.payment_method) && deps.payments[order.payment_method]
          ? {
              action: `/payments/pay/${encodeURIComponent(order.number)}`,
              key: orderKey(deps.store.site.data.secret, order.number),
              csrfField: CSRF_FIELD,
              csrfToken: formToken(ctx, deps),
              returned,
            }
          : null;
      const bodyHtml = await renderToString(
        orderPageTemplate(order, {
          money: productDisplay(deps.store),
          payee,
          withdrawalLink: withdrawal,
          t,
          timeZone: deps.store.site.data.settings.general.timezone,
          onlinePayment,
          invoices: {
            list: (await deps.store.invoices.list({ order: order.id, page: 1, perPage: 50 })).invoices.reverse(),
            secret: deps.store.site.data.secret,
          },
        }),
      );
      await respondWithPage(ctx, deps, { title: t('order.title'), bodyHtml });
      ctx.set('Cache-Control', 'private, no-store');
    });
}
