/**
 * `wc/v3/payment_gateways` (server/wc/wc-payment-gateway-routes.ts): the ways to pay, each with its settings as
 * WooCommerce answers them; the online providers' keys come masked, and are set only by the server's environment.
 */
import type { WcPaymentGateway } from '../../api/wc-store.js';
import { restGet } from './rest-client.js';

export const listPaymentGateways = () => restGet<WcPaymentGateway[]>('/wc/v3/payment_gateways');
