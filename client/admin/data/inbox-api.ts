/** What customers sent through the storefront's forms (server/shop/shop-rest-routes.ts), newest first. */
import type { ContactMessage, WithdrawalRequest } from '../../api/inbox.js';
import { restGet } from './rest-client.js';

export const listMessages = () => restGet<ContactMessage[]>('/vitrine/v1/messages');
export const listWithdrawals = () => restGet<WithdrawalRequest[]>('/vitrine/v1/withdrawals');
