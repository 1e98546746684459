/** What the shop's routes need from the application: the page chrome, the store, and the guard of form posts. */
import type { Context } from 'koa';
import { csrfToken } from '../auth/csrf.js';
import type { AfterSignIn } from '../auth/sign-in.js';
import { readBody } from '../http/read-body.js';
import type { ShopMail } from '../mail/shop-mail.js';
import type { PageDependencies } from '../site/page-chrome.js';
import type { FormGuard } from './form-guard.js';
import type { UnpaidOrderLimit } from './checkout/unpaid-order-limit.js';
import type { PaymentGateways } from './payments/payment-gateway.js';
import type { CheckVatNumber } from './checkout/vies.js';

export interface ShopDependencies extends PageDependencies {
  guard: FormGuard;
  /** How many unpaid orders one address, e-mail or browser may have at once. */
  unpaidOrders: UnpaidOrderLimit;
  /** Run after registration signs the new customer in, as after a login. */
  afterSignIn: AfterSignIn;
  /** The messages the shop's forms cause (a withdrawal's acknowledgement, a welcome), stored with what caused them. */
  mail: ShopMail;
  /** The online payment providers the shop is configured for. */
  payments: PaymentGateways;
  /** The shop's absolute address, for the links a payment provider sends the shopper back to. */
  siteUrl: string;
  /** Asks VIES whether a company buyer's EU VAT number is registered. */
  checkVatNumber: CheckVatNumber;
}

/** The fields of a posted form ({} for anything that is not a form post). */
export async function formFields(ctx: Context): Promise<Record<string, string>> {
  const body = await readBody(ctx);
  return body.kind === 'form' ? body.value : {};
}

/** The CSRF token for the forms of this response. */
export function formToken(ctx: Context, deps: ShopDependencies): string {
  return csrfToken(ctx, deps.store.site.data.secret);
}
