/**
 * The acknowledgement of a withdrawal on a durable medium (Consumer Rights Directive art. 11a, added by Directive
 * (EU) 2023/2673: its content and the date and time of receipt), and the shop's notification of it.
 */
import type { Order, WithdrawalRequest } from '../../store/schema.js';
import type { NewMessage } from '../../store/outbox.js';
import { composeMessage } from '../compose-message.js';
import { formatMailDateTime, type MailLanguage, type MailShop } from '../templates/mail-shop.js';
import { boundedQuote } from '../templates/stranger-text.js';

const TEXTS = {
  en: {
    subject: (w: WithdrawalRequest) => `We received your withdrawal ${w.reference} (order ${w.order_number})`,
    heading: 'We have received your withdrawal',
    intro: (shop: MailShop) =>
      `This message confirms that ${shop.name} received your statement of withdrawal from the contract below. Keep it as your proof.`,
    reference: 'Reference',
    order: 'Order',
    received: 'Received on',
    email: 'E-mail',
    items: 'You withdrew from:',
    reason: 'Your reason:',
    refund:
      'We will refund the payments received for these items without undue delay, and no later than 14 days from the day we received your withdrawal, by the same means of payment you used unless you agree otherwise. We may withhold the refund until we have received the goods back or you have shown that you sent them.',
    returnGoods: (shop: MailShop) =>
      `Send the goods back to ${shop.companyName}, ${shop.address}, within 14 days. Questions: reply to this message or write to ${shop.email}.`,
    shopSubject: (w: WithdrawalRequest) => `New withdrawal ${w.reference} for order ${w.order_number}`,
    shopHeading: 'A customer has withdrawn from a contract',
    shopIntro:
      'The customer has received an acknowledgement with the same content. The refund is due within 14 days of receipt.',
    linkSubject: (o: Order) => `Choose the items to withdraw from order ${o.number}`,
    linkHeading: 'Choose the items to withdraw from',
    linkIntro: (o: Order) =>
      `Someone asked on our website to withdraw from some items of order ${o.number}. Open the link below to see the order's items and choose them.`,
    linkLabel: 'Choose the items',
    linkNotYou: 'If this was not you, ignore this message: nothing has been withdrawn.',
  },
  pl: {
    subject: (w: WithdrawalRequest) => `Otrzymaliśmy Twoje odstąpienie ${w.reference} (zamówienie ${w.order_number})`,
    heading: 'Otrzymaliśmy Twoje oświadczenie o odstąpieniu od umowy',
    intro: (shop: MailShop) =>
      `Ta wiadomość potwierdza, że ${shop.name} otrzymał Twoje oświadczenie o odstąpieniu od poniższej umowy. Zachowaj ją jako dowód.`,
    reference: 'Numer',
    order: 'Zamówienie',
    received: 'Otrzymano',
    email: 'E-mail',
    items: 'Odstąpiono od:',
    reason: 'Podany powód:',
    refund:
      'Zwrócimy płatności otrzymane za te produkty niezwłocznie, nie później niż w ciągu 14 dni od dnia otrzymania oświadczenia, tym samym sposobem płatności, jakiego użyto, chyba że uzgodnimy inaczej. Możemy wstrzymać się ze zwrotem do chwili otrzymania rzeczy lub dowodu jej odesłania.',
    returnGoods: (shop: MailShop) =>
      `Odeślij rzeczy na adres ${shop.companyName}, ${shop.address} w ciągu 14 dni. Pytania: odpowiedz na tę wiadomość lub napisz na ${shop.email}.`,
    shopSubject: (w: WithdrawalRequest) => `Nowe odstąpienie ${w.reference} od zamówienia ${w.order_number}`,
    shopHeading: 'Klient odstąpił od umowy',
    shopIntro:
      'Klient otrzymał potwierdzenie o tej samej treści. Zwrot płatności należy się w ciągu 14 dni od otrzymania oświadczenia.',
    linkSubject: (o: Order) => `Wybierz produkty do odstąpienia z zamówienia ${o.number}`,
    linkHeading: 'Wybierz produkty, od których odstępujesz',
    linkIntro: (o: Order) =>
      `Ktoś poprosił na naszej stronie o odstąpienie od części zamówienia ${o.number}. Otwórz poniższy link, aby zobaczyć produkty zamówienia i je wybrać.`,
    linkLabel: 'Wybierz produkty',
    linkNotYou: 'Jeśli to nie Ty, zignoruj tę wiadomość: nic nie zostało odstąpione.',
  },
} satisfies Record<MailLanguage, unknown>;

export function withdrawalMessages(shop: MailShop, withdrawal: WithdrawalRequest): NewMessage[] {
  const t = TEXTS[shop.language];
  const facts = [
    [t.reference, withdrawal.reference],
    [t.order, withdrawal.order_number],
    [t.received, formatMailDateTime(withdrawal.received_at, shop)],
    [t.email, withdrawal.email],
  ] as const;
  const items = withdrawal.items.map((item) => `${item.quantity} × ${item.title}`);
  const what = [
    { facts },
    { paragraph: t.items },
    { list: items },
    ...(withdrawal.reason ? [{ paragraph: t.reason }, { quote: boundedQuote(withdrawal.reason) }] : []),
  ];
  return [
    composeMessage(shop, {
      kind: 'withdrawal-received',
      to: withdrawal.email,
      replyTo: shop.email,
      subject: t.subject(withdrawal),
      heading: t.heading,
      blocks: [{ paragraph: t.intro(shop) }, ...what, { paragraph: t.refund }, { paragraph: t.returnGoods(shop) }],
    }),
    composeMessage(shop, {
      kind: 'shop-withdrawal',
      to: shop.notificationEmail,
      replyTo: withdrawal.email,
      subject: t.shopSubject(withdrawal),
      heading: t.shopHeading,
      blocks: [{ paragraph: t.shopIntro }, ...what, { link: { label: 'Admin', url: `${shop.siteUrl}/admin/` } }],
    }),
  ];
}

/**
 * The link that shows a guest the items of their order (the withdrawal page shows them only to the signed-in owner or
 * through this link), sent to the order's e-mail; the link is hidden in the mail log.
 */
export function withdrawalLinkMessages(shop: MailShop, order: Order, url: string): NewMessage[] {
  const t = TEXTS[shop.language];
  return [
    composeMessage(shop, {
      kind: 'withdrawal-link',
      to: order.email,
      replyTo: shop.email,
      subject: t.linkSubject(order),
      heading: t.linkHeading,
      redact: [url],
      blocks: [{ paragraph: t.linkIntro(order) }, { link: { label: t.linkLabel, url } }, { paragraph: t.linkNotYou }],
    }),
  ];
}
