/**
 * Every route of the shop's own pages (cart, checkout, account, contact, withdrawal, shipping costs) and the online
 * payment providers' messages, for app.ts to mount.
 */
import Router from '@koa/router';
import { accountRoutes } from './account-routes.js';
import { accountPageRoutes } from './account/account-page-routes.js';
import { privacyRoutes } from './account/privacy-routes.js';
import { registrationRoutes } from './registration-routes.js';
import { cartRoutes } from './cart/cart-routes.js';
import { checkoutRoutes } from './checkout/checkout-routes.js';
import { contactRoutes } from './contact-routes.js';
import { shippingCostsRoutes } from './shipping/shipping-costs-page.js';
import type { ShopDependencies } from './shop-dependencies.js';
import { withdrawalRoutes } from './withdrawals/withdrawal-routes.js';
import { paymentRoutes } from './payments/payment-routes.js';

export function shopRoutes(deps: ShopDependencies): Router {
  const router = new Router();
  for (const part of [
    cartRoutes(deps),
    checkoutRoutes(deps),
    accountRoutes(deps),
    accountPageRoutes(deps),
    privacyRoutes(deps),
    registrationRoutes(deps),
    contactRoutes(deps),
    withdrawalRoutes(deps),
    shippingCostsRoutes(deps),
    paymentRoutes(deps),
  ]) {
    router.use(part.routes());
  }
  return router;
}
