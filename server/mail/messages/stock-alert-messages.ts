/** The shop's low-stock and out-of-stock e-mails, one per item an order brought low or out (catalog/stock-alerts.ts). */
import type { StockAlert } from '../../catalog/stock-alerts.js';
import type { NewMessage } from '../../store/outbox.js';
import { composeMessage } from '../compose-message.js';
import type { MailShop } from '../templates/mail-shop.js';

export function stockAlertMessages(shop: MailShop, alerts: readonly StockAlert[]): NewMessage[] {
  const { t } = shop.translator;
  return alerts.map((alert) => {
    const title = alert.title;
    const subject = alert.kind === 'low' ? t('mailStock.lowSubject', { title }) : t('mailStock.outSubject', { title });
    const said =
      alert.kind === 'low'
        ? t('mailStock.lowText', { title, units: String(alert.quantity) })
        : [t('mailStock.outText', { title }), alert.quantity < 0 ? t('mailStock.owed', { count: -alert.quantity }) : '']
            .filter(Boolean)
            .join(' ');
    return composeMessage(shop, {
      kind: `shop-stock-${alert.kind}`,
      to: shop.notificationEmail,
      subject,
      heading: subject,
      blocks: [
        { paragraph: said },
        {
          facts: [
            [t('mailStock.product'), title],
            ...(alert.sku ? [[t('mailStock.sku'), alert.sku] as const] : []),
            [t('mailStock.left'), String(alert.quantity)],
          ],
        },
        { link: { label: t('mailStock.edit'), url: `${shop.siteUrl}/admin/products/${alert.productId}` } },
      ],
    });
  });
}
