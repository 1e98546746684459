/** The customer's "shipped" e-mail: the parcel's carrier, number, day and tracking link. */
import { carrierName, trackingLink, type ShipmentTracking } from '../../../client/api/shipment-tracking.js';
import type { NewMessage } from '../../store/outbox.js';
import type { Order } from '../../store/schema.js';
import { composeMessage } from '../compose-message.js';
import type { MailShop } from '../templates/mail-shop.js';

export function orderShippedMessages(shop: MailShop, order: Order, shipment: ShipmentTracking): NewMessage[] {
  const { t } = shop.translator;
  const carrier = carrierName(shipment);
  const link = trackingLink(shipment);
  const day = new Intl.DateTimeFormat(shop.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${shipment.date_shipped}T00:00:00Z`),
  );
  const subject = t('mailShipment.subject', { number: order.number });
  return [
    composeMessage(shop, {
      kind: 'order-shipped',
      to: order.email,
      replyTo: shop.email,
      subject,
      heading: subject,
      blocks: [
        { paragraph: t('mailShipment.text') },
        {
          facts: [
            [t('mail.order'), order.number],
            [t('mailShipment.carrier'), carrier],
            [t('mailShipment.trackingNumber'), shipment.tracking_number],
            [t('mailShipment.shipped'), day],
          ],
        },
        link
          ? { link: { label: t('mailShipment.track', { carrier }), url: link } }
          : { paragraph: t('mailShipment.noLink') },
      ],
    }),
  ];
}
