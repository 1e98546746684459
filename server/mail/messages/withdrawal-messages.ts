/**
 * The acknowledgement of a withdrawal on a durable medium (Consumer Rights Directive art. 11a, added by Directive
 * (EU) 2023/2673: its content and the date and time of receipt), and the shop's notification of it.
 */
import type { Order, WithdrawalRequest } from '../../store/schema.js';
import type { NewMessage } from '../../store/outbox.js';
import { composeMessage } from '../compose-message.js';
import { formatMailDateTime, type MailShop } from '../templates/mail-shop.js';
import { boundedQuote } from '../templates/stranger-text.js';

/** The customer's acknowledgement, in the language of `reader`, and the shop's notification, in the shop's. */
export function withdrawalMessages(shop: MailShop, withdrawal: WithdrawalRequest, reader = shop): NewMessage[] {
  return [withdrawalAcknowledgement(reader, withdrawal), withdrawalNotification(shop, withdrawal)];
}

/** What was withdrawn from, when, and why. */
function withdrawalSummary(shop: MailShop, withdrawal: WithdrawalRequest) {
  const { t } = shop.translator;
  const facts = [
    [t('mail.reference'), withdrawal.reference],
    [t('mail.order'), withdrawal.order_number],
    [t('mail.received'), formatMailDateTime(withdrawal.received_at, shop)],
    [t('mail.email'), withdrawal.email],
  ] as const;
  const items = withdrawal.items.map((item) => `${item.quantity} × ${item.title}`);
  return [
    { facts },
    { paragraph: t('mailWithdrawal.items') },
    { list: items },
    ...(withdrawal.reason
      ? [{ paragraph: t('mailWithdrawal.reason') }, { quote: boundedQuote(withdrawal.reason) }]
      : []),
  ];
}

function withdrawalAcknowledgement(shop: MailShop, withdrawal: WithdrawalRequest): NewMessage {
  const { t } = shop.translator;
  return composeMessage(shop, {
    kind: 'withdrawal-received',
    to: withdrawal.email,
    replyTo: shop.email,
    subject: t('mailWithdrawal.subject', { reference: withdrawal.reference, number: withdrawal.order_number }),
    heading: t('mailWithdrawal.heading'),
    blocks: [
      { paragraph: t('mailWithdrawal.intro', { shop: shop.name }) },
      ...withdrawalSummary(shop, withdrawal),
      { paragraph: t('mailWithdrawal.refund') },
      {
        paragraph: t('mailWithdrawal.returnGoods', {
          company: shop.companyName,
          address: shop.address,
          email: shop.email,
        }),
      },
    ],
  });
}

function withdrawalNotification(shop: MailShop, withdrawal: WithdrawalRequest): NewMessage {
  const { t } = shop.translator;
  return composeMessage(shop, {
    kind: 'shop-withdrawal',
    to: shop.notificationEmail,
    replyTo: withdrawal.email,
    subject: t('mailWithdrawal.shopSubject', { reference: withdrawal.reference, number: withdrawal.order_number }),
    heading: t('mailWithdrawal.shopHeading'),
    blocks: [
      { paragraph: t('mailWithdrawal.shopIntro') },
      ...withdrawalSummary(shop, withdrawal),
      { link: { label: t('mail.adminLink'), url: `${shop.siteUrl}/admin/` } },
    ],
  });
}

/**
 * The link that shows a guest the items of their order (the withdrawal page shows them only to the signed-in owner or
 * through this link), sent to the order's e-mail; the link is hidden in the mail log.
 */
export function withdrawalLinkMessages(shop: MailShop, order: Order, url: string): NewMessage[] {
  const { t } = shop.translator;
  return [
    composeMessage(shop, {
      kind: 'withdrawal-link',
      to: order.email,
      replyTo: shop.email,
      subject: t('mailWithdrawal.linkSubject', { number: order.number }),
      heading: t('mailWithdrawal.linkHeading'),
      redact: [url],
      blocks: [
        { paragraph: t('mailWithdrawal.linkIntro', { number: order.number }) },
        { link: { label: t('mailWithdrawal.linkLabel'), url } },
        { paragraph: t('mailWithdrawal.linkNotYou') },
      ],
    }),
  ];
}
