/** A message sent through `/contact`, forwarded to the shop's notifications address; a reply goes to its sender. */
import type { ContactMessage } from '../../store/schema.js';
import type { NewMessage } from '../../store/outbox.js';
import { composeMessage } from '../compose-message.js';
import { formatMailDateTime, type MailLanguage, type MailShop } from '../templates/mail-shop.js';
import { boundedQuote } from '../templates/stranger-text.js';

const TEXTS = {
  en: {
    subject: (m: ContactMessage) => `Contact form: ${m.subject}`,
    heading: (m: ContactMessage) => `${m.name} wrote through the contact form`,
    from: 'From',
    email: 'E-mail',
    received: 'Received on',
    subjectLabel: 'Subject',
    reply: 'Reply to this message to answer them.',
  },
  pl: {
    subject: (m: ContactMessage) => `Formularz kontaktowy: ${m.subject}`,
    heading: (m: ContactMessage) => `${m.name} pisze przez formularz kontaktowy`,
    from: 'Od',
    email: 'E-mail',
    received: 'Otrzymano',
    subjectLabel: 'Temat',
    reply: 'Odpowiedz na tę wiadomość, aby odpisać nadawcy.',
  },
} satisfies Record<MailLanguage, unknown>;

export function contactMessages(shop: MailShop, message: ContactMessage): NewMessage[] {
  const t = TEXTS[shop.language];
  return [
    composeMessage(shop, {
      kind: 'shop-contact',
      to: shop.notificationEmail,
      replyTo: message.email,
      subject: t.subject(message),
      heading: t.heading(message),
      blocks: [
        {
          facts: [
            [t.from, message.name],
            [t.email, message.email],
            [t.subjectLabel, message.subject],
            [t.received, formatMailDateTime(message.created_at, shop)],
          ],
        },
        { quote: boundedQuote(message.message) },
        { paragraph: t.reply },
      ],
    }),
  ];
}
