/**
 * The providers' public routes: `POST /payments/stripe/webhook` and `POST /payments/przelewy24/notify` check the
 * message's signature over its raw bytes before anything else (a forged one is answered 400 and changes nothing),
 * then apply it to its order through the orders service, and answer 2xx only once that is stored, so that a message
 * the shop did not keep (a crash, a failed settlement) is sent again by the provider. `POST /payments/pay/{number}`
 * sends a shopper whose payment did not go through back to the provider's page.
 */
import Router from '@koa/router';
import type { Context } from 'koa';
import { UNPAID_STATUSES } from '../../../client/api/orders.js';
import { readRawBody } from '../../http/read-raw-body.js';
import type { Order } from '../../store/schema.js';
import { isOrderKey, orderConfirmationPath } from '../orders/order-access.js';
import { paymentEventOutcome, recordPaymentEvent } from '../orders/online-payment.js';
import { formFields, type ShopDependencies } from '../shop-dependencies.js';
import {
  ForgedPaymentMessageError,
  isOnlinePayment,
  type OnlinePaymentMethod,
  PAYMENT_MESSAGE_PATHS,
  type PaymentGateway,
} from './payment-gateway.js';

/** Providers' messages are small JSON or form bodies. */
const MESSAGE_LIMIT_BYTES = 256 * 1024;

function answer(ctx: Context, status: number, code: string, message: string) {
  ctx.status = status;
  ctx.body = status < 300 ? { received: true, outcome: code } : { code, message, data: { status } };
  ctx.set('Cache-Control', 'no-store');
}

async function receiveMessage(ctx: Context, deps: ShopDependencies, gateway: PaymentGateway): Promise<void> {
  const raw = await readRawBody(ctx, MESSAGE_LIMIT_BYTES);
  if (raw.kind === 'aborted') return;
  if (raw.kind === 'too-large')
    return answer(ctx, 413, 'vitrine_payment_message_too_large', 'The payment message is larger than 256 KB.');
  let event;
  try {
    event = await gateway.confirmFromWebhook(raw.bytes, ctx.req.headers);
  } catch (error) {
    if (!(error instanceof ForgedPaymentMessageError)) throw error;
    return answer(ctx, 400, 'vitrine_payment_signature_invalid', 'The payment message is not signed by the provider.');
  }
  if (!event) return answer(ctx, 200, 'ignored', '');
  const order = await deps.store.orders.findByNumber(event.orderNumber);
  // A genuine message about an order this shop does not have (another shop on the same account): nothing to apply.
  if (!order || order.payment_method !== gateway.method) return answer(ctx, 200, 'unknown-order', '');
  // Only a payment that will pay the order is settled; a duplicate or a wrong amount is never confirmed to the provider.
  if (gateway.settle && paymentEventOutcome(order, gateway.method, event) === 'paid') {
    try {
      await gateway.settle(event);
    } catch (error) {
      console.error(
        `[vitrine] payments: ${gateway.method} did not settle the payment of order ${order.number} (${(error as Error).message}); it sends the message again.`,
      );
      return answer(
        ctx,
        502,
        'vitrine_payment_not_settled',
        'The payment could not be confirmed with the provider yet.',
      );
    }
  }
  const outcome = await recordPaymentEvent(deps.store, order.id, gateway.method, event, deps.mail.orderStatusChanged);
  answer(ctx, 200, outcome, '');
}

/** Where the provider sends the shopper back and posts its messages, for this order. */
export function paymentUrls(deps: ShopDependencies, order: Order, method: OnlinePaymentMethod) {
  const page = `${deps.siteUrl}${orderConfirmationPath(deps.store.site.data.secret, order.number)}`;
  const notifyUrl = `${deps.siteUrl}${PAYMENT_MESSAGE_PATHS[method]}`;
  return { returnUrl: page, cancelUrl: `${page}&payment=cancelled`, notifyUrl };
}

/**
 * Starts paying an order at its provider and sends the shopper there (303, so that it works without JavaScript); when
 * the provider cannot be reached, to the order page, which offers to try again.
 */
export async function redirectToPayment(ctx: Context, deps: ShopDependencies, order: Order): Promise<void> {
  const gateway = isOnlinePayment(order.payment_method) ? deps.payments[order.payment_method] : undefined;
  ctx.status = 303;
  const orderPage = orderConfirmationPath(deps.store.site.data.secret, order.number);
  if (!gateway) return ctx.redirect(orderPage);
  try {
    const started = await gateway.create(order, paymentUrls(deps, order, gateway.method));
    ctx.redirect(started.redirectUrl);
  } catch (error) {
    console.error(
      `[vitrine] payments: ${gateway.method} could not start paying order ${order.number} (${(error as Error).message}).`,
    );
    ctx.redirect(`${orderPage}&payment=unavailable`);
  }
}

export function paymentRoutes(deps: ShopDependencies): Router {
  const router = new Router();
  const provider = (method: OnlinePaymentMethod) => async (ctx: Context, next: () => Promise<unknown>) => {
    const gateway = deps.payments[method];
    if (!gateway) return next();
    await receiveMessage(ctx, deps, gateway);
  };
  return router
    .post(PAYMENT_MESSAGE_PATHS.stripe, provider('stripe'))
    .post(PAYMENT_MESSAGE_PATHS.przelewy24, provider('przelewy24'))
    .post('/payments/pay/:number', async (ctx, next) => {
      const fields = await formFields(ctx);
      const order = await deps.store.orders.findByNumber(String(ctx.params.number));
      if (!order || !isOrderKey(deps.store.site.data.secret, order.number, fields.key)) return next();
      const refusal = await deps.guard.check(ctx, fields);
      const payable = UNPAID_STATUSES.includes(order.status) && order.date_paid === null;
      if (refusal || !payable) {
        ctx.status = 303;
        return ctx.redirect(orderConfirmationPath(deps.store.site.data.secret, order.number));
      }
      await redirectToPayment(ctx, deps, order);
    });
}
