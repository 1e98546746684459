/**
 * The acknowledgement of a withdrawal on a durable medium (Consumer Rights Directive art. 11a, added by Directive
 * (EU) 2023/2673: its content and the date and time of receipt), and the shop's notification of it.
 */
import type { WithdrawalRequest } from '../../store/schema.js';
import type { NewMessage } from '../../store/outbox.js';
import { composeMessage } from '../compose-message.js';
import { formatMailDateTime, type MailLanguage, type MailShop } from '../templates/mail-shop.js';

const TEXTS = {
  en: {
    subject: (w: WithdrawalRequest) => `We received your withdrawal ${w.reference} (order ${w.order_number})`,
    heading: 'We have received your withdrawal',
    intro: (shop: MailShop) => `This message confirms that ${shop.name} received your statement of withdrawal from the contract below. Keep it as your proof.`,
    reference: 'Reference', order: 'Order', received: 'Received on', email: 'E-mail', items: 'You withdrew from:', reason: 'Your reason:',
    refund: 'We will refund the payments received for these items without undue delay, and no later than 14 days from the day we received your withdrawal, by the same means of payment you used unless you agree otherwise. We may withhold the refund until we have received the goods back or you have shown that you sent them.',
    returnGoods: (shop: MailShop) => `Send the goods back to ${shop.companyName}, ${shop.address}, within 14 days. Questions: reply to this message or write to ${shop.email}.`,
    shopSubject: (w: WithdrawalRequest) => `New withdrawal ${w.reference} for order ${w.order_number}`,
    shopHeading: 'A customer has withdrawn from a contract',
    shopIntro: 'The customer has received an acknowledgement with the same content. The refund is due within 14 days of receipt.',
  },
  pl: {
    subject: (w: WithdrawalRequest) => `Otrzymaliśmy Twoje odstąpienie ${w.reference} (zamówienie ${w.order_number})`,
    heading: 'Otrzymaliśmy Twoje oświadczenie o odstąpieniu od umowy',
    intro: (shop: MailShop) => `Ta wiadomość potwierdza, że ${shop.name} otrzymał Twoje oświadczenie o odstąpieniu od poniższej umowy. Zachowaj ją jako dowód.`,
    reference: 'Numer', order: 'Zamówienie', received: 'Otrzymano', email: 'E-mail', items: 'Odstąpiono od:', reason: 'Podany powód:',
    refund: 'Zwrócimy płatności otrzymane za te produkty niezwłocznie, nie później niż w ciągu 14 dni od dnia otrzymania oświadczenia, tym samym sposobem płatności, jakiego użyto, chyba że uzgodnimy inaczej. Możemy wstrzymać się ze zwrotem do chwili otrzymania rzeczy lub dowodu jej odesłania.',
    returnGoods: (shop: MailShop) => `Odeślij rzeczy na adres ${shop.companyName}, ${shop.address} w ciągu 14 dni. Pytania: odpowiedz na tę wiadomość lub napisz na ${shop.email}.`,
    shopSubject: (w: WithdrawalRequest) => `Nowe odstąpienie ${w.reference} od zamówienia ${w.order_number}`,
    shopHeading: 'Klient odstąpił od umowy',
    shopIntro: 'Klient otrzymał potwierdzenie o tej samej treści. Zwrot płatności należy się w ciągu 14 dni od otrzymania oświadczenia.',
  },
} satisfies Record<MailLanguage, unknown>;

export function withdrawalMessages(shop: MailShop, withdrawal: WithdrawalRequest): NewMessage[] {
  const t = TEXTS[shop.language];
  const facts = [
    [t.reference, withdrawal.reference], [t.order, withdrawal.order_number], [t.received, formatMailDateTime(withdrawal.received_at, shop)], [t.email, withdrawal.email],
  ] as const;
  const items = withdrawal.items.map((item) => `${item.quantity} × ${item.title}`);
  const what = [{ facts }, { paragraph: t.items }, { list: items }, ...(withdrawal.reason ? [{ paragraph: t.reason }, { quote: withdrawal.reason }] : [])];
  return [
    composeMessage(shop, {
      kind: 'withdrawal-received', to: withdrawal.email, replyTo: shop.email, subject: t.subject(withdrawal), heading: t.heading,
      blocks: [{ paragraph: t.intro(shop) }, ...what, { paragraph: t.refund }, { paragraph: t.returnGoods(shop) }],
    }),
    composeMessage(shop, {
      kind: 'shop-withdrawal', to: shop.notificationEmail, replyTo: withdrawal.email, subject: t.shopSubject(withdrawal), heading: t.shopHeading,
      blocks: [{ paragraph: t.shopIntro }, ...what, { link: { label: 'Admin', url: `${shop.siteUrl}/admin/` } }],
    }),
  ];
}
