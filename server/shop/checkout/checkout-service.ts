/**
 * Placing the order a checkout form asks for: its fields and legal checkboxes checked, the cart priced as the catalog
 * is now with the delivery and payment chosen, and the order stored with its consent evidence and the stock it takes
 * (orders service). A refusal says what the form shows again; nothing is ordered then.
 */
import { formatMoney } from '../../catalog/price-format.js';
import { productDisplay } from '../../catalog/product-display.js';
import {
  consentRecordsFor,
  type CheckboxAnswers,
  type ShownCheckbox,
} from '../../compliance/checkboxes/legal-checkboxes.js';
import type { Enqueue } from '../../store/outbox.js';
import type { ConsentRecord, Order, PaymentMethod, ShippingLine, User } from '../../store/schema.js';
import type { Store } from '../../store/store.js';
import { checkoutBlocker } from '../cart/cart-page.js';
import { emptyCart, readCart } from '../cart/cart-service.js';
import type { PricedCart } from '../cart/cart-lines.js';
import type { FieldErrors } from '../form-fields.js';
import { customerActor } from '../orders/order-actor.js';
import { placeOrder, type StockAlertMessages } from '../orders/order-service.js';
import { chooseShipping } from '../shipping/shipping-zones.js';
import { OutOfStockError } from '../stock.js';
import { deliveryCountryOf, shipsElsewhere } from './buyer-fields.js';
import { validateCheckoutFields, type CheckoutFieldName } from './checkout-fields.js';
import { codFeeLine, orderTotals, taxContextOf, type AppliedCoupons, type TaxContext } from './order-totals.js';
import { cartCoupons, CouponRefusedError, couponUse } from '../coupons/cart-coupons.js';
import { capProblem, guestCaps } from '../cart/guest-caps.js';
import type { UnpaidOrderClaim, UnpaidOrderLimit } from './unpaid-order-limit.js';
import { buyerEuVatNumber, type CheckVatNumber } from './vies.js';
import { startingStatusOf, UNPAID_STATUSES } from '../../../client/api/orders.js';
import type { Translate, Translator } from '../../i18n/translator.js';
import { storefrontLocale } from '../../i18n/chosen-language.js';

export interface CheckoutSubmission {
  values: Record<CheckoutFieldName, string>;
  /** The total the form showed before the order button; undefined when the post has none. */
  shownTotal: string | undefined;
  /** The legal checkboxes the form showed, and what the customer made of them. */
  checkboxes: readonly ShownCheckbox[];
  answers: CheckboxAnswers;
  /** The hash of the visitor's cart token; null without a cart. */
  cartTokenHash: string | null;
  /** The signed-in customer; null for a guest. */
  user: User | null;
  /** The customer's IP address, kept (shortened) with their consent as evidence. */
  ip: string;
  /** The language the form is in: its problems are told in it. */
  translator: Translator;
  /** The coupon codes the shopper applied, in order. */
  couponCodes: readonly string[];
  /** The ways of paying the form offered (the configured online providers among them). */
  paymentMethods: readonly PaymentMethod[];
  /** Asks VIES whether a company's EU VAT number is registered. */
  checkVatNumber: CheckVatNumber;
}

/** What the form shows again when nothing was ordered: problems beside their fields, or one for the whole form. */
export interface CheckoutRefusal {
  /**
   * `invalid`: fields or required checkboxes to correct (`errors`, `checkboxErrors`); `conflict`: the cart, its stock
   * or its total is not what the form showed (`error`).
   */
  kind: 'invalid' | 'conflict';
  errors?: FieldErrors;
  checkboxErrors?: ReadonlyMap<number, string>;
  error?: string;
}

export type CheckoutOutcome = { order: Order; refusal?: never } | { refusal: CheckoutRefusal; order?: never };

/**
 * The messages an order causes (its confirmation, the shop's notification), made with the consent it was given;
 * asked for once the order is valid, just before it is placed (a recipient limit counts it then).
 */
export type OrderPlacedMessages = (consent: readonly ConsentRecord[]) => Enqueue<Order> | Promise<Enqueue<Order>>;

/**
 * Places the submitted order and empties the cart, or says why nothing was ordered.
 * @param unpaidOrders the limit of unpaid orders per source, for an order that starts unpaid (a bank transfer)
 */
export async function placeCheckoutOrder(
  store: Store,
  submission: CheckoutSubmission,
  orderPlaced: OrderPlacedMessages,
  unpaidOrders: UnpaidOrderLimit,
  stockMessages?: StockAlertMessages,
): Promise<CheckoutOutcome> {
  const { values, answers } = submission;
  const { t, say } = submission.translator;
  const { settings, shipping_zones: zones } = store.site.data;
  const cart = await readCart(store, submission.cartTokenHash);
  const { details, errors } = validateCheckoutFields(
    values,
    storefrontLocale(settings.general.locale),
    t,
    submission.paymentMethods,
  );
  const shipping = chooseShipping(
    zones,
    deliveryCountryOf(values),
    cart.subtotal,
    values.shipping_method,
    storefrontLocale(settings.general.locale),
  );
  const countryField = shipsElsewhere(values) ? 'shipping_country' : 'country';
  if (shipping.countryError && !errors[countryField]) errors[countryField] = say(shipping.countryError);
  if (shipping.methodError) errors.shipping_method = say(shipping.methodError);
  if (!details || Object.keys(errors).length || answers.errors.size) {
    return { refusal: { kind: 'invalid', errors, checkboxErrors: answers.errors } };
  }
  const { shipping_method: _chosen, ...customer } = details;
  const shopMoney = productDisplay(store);
  const blocked = checkoutBlocker(cart, settings.checkout.min_order_amount, shopMoney);
  if (blocked) return { refusal: { kind: 'conflict', error: say(blocked) } };
  // A guest's order holds its units until paid or until its hold ends: it may not lock more than the caps allow.
  const lines = cart.lines.map((line) => ({
    itemId: line.item.itemId,
    quantity: line.quantity,
    title: line.item.title,
  }));
  const capped = capProblem(lines, guestCaps(settings.checkout, submission.user !== null));
  if (capped) return { refusal: { kind: 'conflict', error: `${say(capped.said)} ${t('checkout.nothingOrderedYet')}` } };
  // Goods, the shipping chosen and the cash-on-delivery fee: the total ordered is the one shown before the order
  // button.
  // VAT follows where the goods go, as the shipping zone does.
  const destination = customer.shipping_address ?? customer.billing;
  // A company's VAT number of another member state is asked of VIES: registered, the goods go at 0%; not registered,
  // the form says so; VIES unreachable, the order is taken as the buyer claimed and the number marked unverified.
  const euVatNumber = await buyerEuVatNumber(customer.company_tax_id, destination.country, submission.checkVatNumber);
  if (euVatNumber === 'invalid')
    return { refusal: { kind: 'invalid', errors: { company_tax_id: t('buyer.euVatNotRegistered') } } };
  const tax = taxContextOf(
    store.site.data,
    { country: destination.country, postcode: destination.postcode },
    { business: customer.company_tax_id !== '', euVatNumber },
  );
  const buyer = { userId: submission.user?.id ?? null, email: customer.email };
  const coupons = await cartCoupons(store, submission.couponCodes, cart, buyer, Date.now());
  const [couponRefused] = coupons.refused;
  if (couponRefused) {
    return { refusal: { kind: 'conflict', error: `${say(couponRefused.said)} ${t('checkout.nothingOrderedYet')}` } };
  }
  const { line_discounts: lineDiscounts, ...amounts } = orderTotalsFor(
    cart,
    shipping.line,
    customer.payment_method,
    settings.checkout.cod_fee,
    tax,
    t,
    coupons.discount,
  );
  if (!sameAmount(submission.shownTotal, amounts.total)) {
    // The form showed another total: that of another choice (a delivery method or way of paying picked without the
    // script that updates the total), or prices changed since it was shown. Nothing is ordered; the form comes back
    // with the choice kept and the total shown as it now is.
    const error = t('checkout.totalChanged', { total: formatMoney(amounts.total, shopMoney) });
    return { refusal: { kind: 'conflict', error } };
  }
  const now = new Date().toISOString();
  const consent = consentRecordsFor(submission.checkboxes, answers.ticked, 'checkout', submission.ip, now);
  let claim: UnpaidOrderClaim | null = null;
  if (UNPAID_STATUSES.includes(startingStatusOf(customer.payment_method))) {
    const counted = await unpaidOrders.claim({
      ip: submission.ip,
      email: customer.email,
      device: submission.cartTokenHash,
    });
    if (counted.refusal !== undefined) return { refusal: { kind: 'conflict', error: say(counted.refusal) } };
    claim = counted.claim;
  }
  const messages = await orderPlaced(consent);
  let order;
  try {
    // The stock check of the cart page may be minutes old: the units are taken now, all or none, in the same store
    // operation that stores the order, so that a crash cannot take stock for an order that was never stored.
    order = await placeOrder(
      store,
      {
        user_id: submission.user?.id ?? null,
        ...customer,
        currency: shopMoney.currency,
        lines: orderLinesOf(cart, lineDiscounts),
        ...amounts,
        consent: consent.map((record) => ({
          checkbox_id: record.checkbox_id,
          label: record.label,
          accepted: record.accepted,
        })),
        created_at: now,
        // Its e-mails are written in the language the customer ordered in.
        language: submission.translator.language,
      },
      consent,
      customerActor(submission.user),
      messages,
      stockMessages,
      coupons.coupons.length > 0 ? couponUse(coupons.coupons, buyer) : undefined,
    );
  } catch (error) {
    await claim?.release();
    if (!(error instanceof OutOfStockError || error instanceof CouponRefusedError)) throw error;
    return { refusal: { kind: 'conflict', error: `${say(error.said!)} ${t('checkout.nothingOrdered')}` } };
  }
  if (submission.cartTokenHash) await emptyCart(store, submission.cartTokenHash);
  return { order };
}

/** The cart's lines as the order keeps them: what was bought, at the price it was bought for. */
function orderLinesOf(cart: PricedCart, discounts: readonly { discount: number; discount_tax: number }[]) {
  return cart.lines.map((line, index) => ({
    product_id: line.item.product.id,
    ...(line.item.variation
      ? { variation_id: line.item.variation.id, attributes: { ...line.item.variation.attributes } }
      : {}),
    title: line.item.title,
    sku: line.item.sku,
    unit_price: line.unitPrice,
    quantity: line.quantity,
    line_total: line.lineTotal,
    ...(discounts[index]?.discount ? discounts[index] : {}),
  }));
}

/**
 * Whether the form's `shown_total` is `total`, to the cent. A post without it (an integrator's, an older page's) is
 * not held to it.
 */
function sameAmount(shown: string | undefined, total: number): boolean {
  return shown === undefined || Math.round(Number(shown) * 100) === Math.round(total * 100);
}

/** The order's amounts: what {@link orderTotals} makes of the goods, the shipping line and the fees. */
function orderTotalsFor(
  cart: PricedCart,
  shippingLine: ShippingLine | null,
  payment: PaymentMethod,
  codFee: number,
  tax: TaxContext,
  t: Translate,
  coupons: AppliedCoupons,
) {
  const { subtotal, shipping_lines, fee_lines, shipping_total, total, taxes, coupon_lines, line_discounts } =
    orderTotals(
      cart,
      shippingLine ? [shippingLine] : [],
      payment === 'cash_on_delivery' ? codFeeLine(codFee, t('checkout.codFee')) : [],
      tax,
      coupons,
    );
  return { subtotal, shipping_lines, fee_lines, shipping_total, total, taxes, coupon_lines, line_discounts };
}
