/**
 * Digital Services Act art. 16: the notifier gets a confirmation of receipt without undue delay, and the decision with
 * its reasons and the ways to contest it; the shop is told that a notice arrived.
 */
import type { DsaNotice } from '../../store/schema.js';
import type { NewMessage } from '../../store/outbox.js';
import { composeMessage } from '../compose-message.js';
import { formatMailDateTime, type MailShop } from '../templates/mail-shop.js';
import { boundedQuote } from '../templates/stranger-text.js';

export function dsaNoticeReceivedMessages(shop: MailShop, notice: DsaNotice): NewMessage[] {
  const { t } = shop.translator;
  const what = [
    {
      facts: [
        [t('mail.reference'), notice.reference],
        [t('mail.received'), formatMailDateTime(notice.created_at, shop)],
        [t('mailDsa.address'), notice.url],
        [t('mailDsa.name'), notice.name],
      ] as const,
    },
    { paragraph: t('mailDsa.explanation') },
    { quote: boundedQuote(notice.explanation) },
  ];
  return [
    composeMessage(shop, {
      kind: 'dsa-notice-received',
      to: notice.email,
      replyTo: shop.email,
      subject: t('mailDsa.receivedSubject', { reference: notice.reference }),
      heading: t('mailDsa.receivedHeading'),
      blocks: [{ paragraph: t('mailDsa.receivedIntro', { shop: shop.name }) }, ...what],
    }),
    composeMessage(shop, {
      kind: 'shop-dsa-notice',
      to: shop.notificationEmail,
      replyTo: notice.email,
      subject: t('mailDsa.shopSubject', { reference: notice.reference }),
      heading: t('mailDsa.shopHeading'),
      blocks: [
        { paragraph: t('mailDsa.shopIntro') },
        ...what,
        { link: { label: t('mail.adminLink'), url: `${shop.siteUrl}/admin/` } },
      ],
    }),
  ];
}

/** The decision for the notifier; only final decisions (`actioned`, `rejected`) are sent. */
export function dsaNoticeDecidedMessages(shop: MailShop, notice: DsaNotice): NewMessage[] {
  if (notice.status !== 'actioned' && notice.status !== 'rejected') return [];
  const { t } = shop.translator;
  return [
    composeMessage(shop, {
      kind: 'dsa-notice-decided',
      to: notice.email,
      replyTo: shop.email,
      subject: t('mailDsa.decidedSubject', { reference: notice.reference }),
      heading: t('mailDsa.decidedHeading'),
      blocks: [
        { paragraph: notice.status === 'actioned' ? t('mailDsa.actioned') : t('mailDsa.rejected') },
        {
          facts: [
            [t('mail.reference'), notice.reference],
            [t('mailDsa.address'), notice.url],
            [t('mailDsa.decidedOn'), formatMailDateTime(notice.updated_at, shop)],
          ] as const,
        },
        ...(notice.decision_note ? [{ paragraph: t('mailDsa.reasons') }, { quote: notice.decision_note }] : []),
        { paragraph: t('mailDsa.redress', { email: shop.email }) },
      ],
    }),
  ];
}
