/** The customer's "shipped" e-mail: the parcel's carrier, number, day and tracking link. */
import { carrierName, trackingLink, type ShipmentTracking } from '../../../client/api/shipment-tracking.js';
import type { NewMessage } from '../../store/outbox.js';
import type { Order } from '../../store/schema.js';
import { composeMessage } from '../compose-message.js';
import type { MailShop } from '../templates/mail-shop.js';
import { SHIPMENT_TEXTS } from './shipment-texts.js';

export function orderShippedMessages(shop: MailShop, order: Order, shipment: ShipmentTracking): NewMessage[] {
  const t = SHIPMENT_TEXTS[shop.language];
  const carrier = carrierName(shipment);
  const link = trackingLink(shipment);
  const day = new Intl.DateTimeFormat(shop.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${shipment.date_shipped}T00:00:00Z`),
  );
  return [
    composeMessage(shop, {
      kind: 'order-shipped',
      to: order.email,
      replyTo: shop.email,
      subject: t.subject(order.number),
      heading: t.subject(order.number),
      blocks: [
        { paragraph: t.text },
        {
          facts: [
            [t.order, order.number],
            [t.carrier, carrier],
            [t.trackingNumber, shipment.tracking_number],
            [t.shipped, day],
          ],
        },
        link ? { link: { label: t.track(carrier), url: link } } : { paragraph: t.noLink },
      ],
    }),
  ];
}
