/** The online payment providers of a configuration: each one whose keys are set (server/config.ts). */
import type { Config } from '../../config.js';
import type { PaymentGateways } from './payment-gateway.js';
import { Przelewy24Gateway } from './przelewy24.js';
import { StripeGateway } from './stripe.js';

export function createPaymentGateways(config: Pick<Config, 'stripe' | 'przelewy24'>): PaymentGateways {
  return {
    ...(config.stripe ? { stripe: new StripeGateway(config.stripe) } : {}),
    ...(config.przelewy24 ? { przelewy24: new Przelewy24Gateway(config.przelewy24) } : {}),
  };
}
