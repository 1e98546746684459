/** A message sent through `/contact`, forwarded to the shop's notifications address; a reply goes to its sender. */
import type { ContactMessage } from '../../store/schema.js';
import type { NewMessage } from '../../store/outbox.js';
import { composeMessage } from '../compose-message.js';
import { formatMailDateTime, type MailShop } from '../templates/mail-shop.js';
import { boundedQuote } from '../templates/stranger-text.js';

export function contactMessages(shop: MailShop, message: ContactMessage): NewMessage[] {
  const { t } = shop.translator;
  return [
    composeMessage(shop, {
      kind: 'shop-contact',
      to: shop.notificationEmail,
      replyTo: message.email,
      subject: t('mailContact.subject', { subject: message.subject }),
      heading: t('mailContact.heading', { name: message.name }),
      blocks: [
        {
          facts: [
            [t('mailContact.from'), message.name],
            [t('mail.email'), message.email],
            [t('mailContact.subjectLabel'), message.subject],
            [t('mail.received'), formatMailDateTime(message.created_at, shop)],
          ],
        },
        { quote: boundedQuote(message.message) },
        { paragraph: t('mailContact.reply') },
      ],
    }),
  ];
}
