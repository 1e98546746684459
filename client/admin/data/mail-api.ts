/** The mail log (server/mail/mail-log-routes.ts): every message the shop queued, newest first. */
import type { RestMailMessage, RestMailMessageDetail } from '../../api/mail.js';
import { restGet, restGetPage, restPost, withQuery, type RestListPage } from './rest-client.js';

export const getMailPage = (args: Record<string, string | number>): Promise<RestListPage<RestMailMessage>> =>
  restGetPage<RestMailMessage>(withQuery('/vitrine/v1/mail', args));
export const getMailMessage = (id: number) => restGet<RestMailMessageDetail>(`/vitrine/v1/mail/${id}`);
export const sendMailAgain = (id: number) => restPost<RestMailMessage>(`/vitrine/v1/mail/${id}/resend`);
