/**
 * Withdrawals as managers process them (server/shop/withdrawals/withdrawal-rest-routes.ts): the goods received, the
 * refund recorded.
 */
import type { ManagedWithdrawal, WithdrawalProcessingInput } from '../../api/withdrawals.js';
import { restGet, restPost, withQuery } from './rest-client.js';

export const listOrderWithdrawals = (orderId: number) =>
  restGet<ManagedWithdrawal[]>(withQuery('/vitrine/v1/withdrawals', { order_id: orderId }));

/** Records what `input` holds; a refusal names each bad field in `fields` (e.g. `refund.amount`). */
export const processWithdrawal = (id: number, input: WithdrawalProcessingInput) =>
  restPost<ManagedWithdrawal>(`/vitrine/v1/withdrawals/${id}`, input);
