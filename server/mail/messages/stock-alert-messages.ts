/** The shop's low-stock and out-of-stock e-mails, one per item an order brought low or out (catalog/stock-alerts.ts). */
import type { StockAlert } from '../../catalog/stock-alerts.js';
import type { NewMessage } from '../../store/outbox.js';
import { composeMessage } from '../compose-message.js';
import type { MailShop } from '../templates/mail-shop.js';
import { STOCK_ALERT_TEXTS } from './stock-alert-texts.js';

export function stockAlertMessages(shop: MailShop, alerts: readonly StockAlert[]): NewMessage[] {
  const t = STOCK_ALERT_TEXTS[shop.language];
  return alerts.map((alert) => {
    const subject = t[alert.kind].subject(alert.title);
    const said =
      alert.kind === 'low'
        ? t.low.text(alert.title, alert.quantity)
        : `${t.out.text(alert.title)}${alert.quantity < 0 ? ` ${t.out.owed(-alert.quantity)}` : ''}`;
    return composeMessage(shop, {
      kind: `shop-stock-${alert.kind}`,
      to: shop.notificationEmail,
      subject,
      heading: subject,
      blocks: [
        { paragraph: said },
        {
          facts: [
            [t.product, alert.title],
            ...(alert.sku ? [[t.sku, alert.sku] as const] : []),
            [t.left, String(alert.quantity)],
          ],
        },
        { link: { label: t.edit, url: `${shop.siteUrl}/admin/products/${alert.productId}` } },
      ],
    });
  });
}
