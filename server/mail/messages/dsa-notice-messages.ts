/**
 * Digital Services Act art. 16: the notifier gets a confirmation of receipt without undue delay, and the decision with
 * its reasons and the ways to contest it; the shop is told that a notice arrived.
 */
import type { DsaNotice } from '../../store/schema.js';
import type { NewMessage } from '../../store/outbox.js';
import { composeMessage } from '../compose-message.js';
import { formatMailDateTime, type MailLanguage, type MailShop } from '../templates/mail-shop.js';
import { boundedQuote } from '../templates/stranger-text.js';

const TEXTS = {
  en: {
    receivedSubject: (n: DsaNotice) => `We received your notice ${n.reference}`,
    receivedHeading: 'We have received your notice',
    receivedIntro: (shop: MailShop) =>
      `Thank you. ${shop.name} received your notice about content you consider illegal. We will review it diligently and objectively, and tell you our decision and its reasons by e-mail.`,
    reference: 'Reference',
    received: 'Received on',
    address: 'Content reported',
    name: 'Your name',
    explanation: 'Your explanation:',
    decidedSubject: (n: DsaNotice) => `Our decision on your notice ${n.reference}`,
    decidedHeading: 'We have decided on your notice',
    actioned: 'We have removed or disabled access to the content you reported.',
    rejected: 'We have not removed the content you reported: we did not find it illegal or against our terms.',
    reasons: 'Our reasons:',
    decidedOn: 'Decided on',
    redress: (shop: MailShop) =>
      `If you disagree, reply to this message or write to ${shop.email} and we will look at it again. You may also turn to a certified out-of-court dispute settlement body or to a court.`,
    shopSubject: (n: DsaNotice) => `New DSA notice ${n.reference}`,
    shopHeading: 'A notice of illegal content has arrived',
    shopIntro:
      'The notifier has received a confirmation of receipt. Decide on the notice in the admin; the decision and its reasons are sent to them.',
  },
  pl: {
    receivedSubject: (n: DsaNotice) => `Otrzymaliśmy Twoje zgłoszenie ${n.reference}`,
    receivedHeading: 'Otrzymaliśmy Twoje zgłoszenie',
    receivedIntro: (shop: MailShop) =>
      `Dziękujemy. ${shop.name} otrzymał Twoje zgłoszenie treści, którą uważasz za nielegalną. Rozpatrzymy je starannie i obiektywnie, a o decyzji i jej uzasadnieniu poinformujemy Cię e-mailem.`,
    reference: 'Numer',
    received: 'Otrzymano',
    address: 'Zgłoszona treść',
    name: 'Imię i nazwisko',
    explanation: 'Twoje uzasadnienie:',
    decidedSubject: (n: DsaNotice) => `Decyzja w sprawie zgłoszenia ${n.reference}`,
    decidedHeading: 'Rozpatrzyliśmy Twoje zgłoszenie',
    actioned: 'Usunęliśmy zgłoszoną treść lub uniemożliwiliśmy do niej dostęp.',
    rejected: 'Nie usunęliśmy zgłoszonej treści: nie uznaliśmy jej za nielegalną ani sprzeczną z regulaminem.',
    reasons: 'Uzasadnienie:',
    decidedOn: 'Data decyzji',
    redress: (shop: MailShop) =>
      `Jeśli się nie zgadzasz, odpowiedz na tę wiadomość lub napisz na ${shop.email}, a ponownie rozpatrzymy sprawę. Możesz też zwrócić się do certyfikowanego organu pozasądowego rozstrzygania sporów lub do sądu.`,
    shopSubject: (n: DsaNotice) => `Nowe zgłoszenie DSA ${n.reference}`,
    shopHeading: 'Wpłynęło zgłoszenie nielegalnej treści',
    shopIntro:
      'Zgłaszający otrzymał potwierdzenie odbioru. Rozpatrz zgłoszenie w panelu; decyzja z uzasadnieniem zostanie mu wysłana.',
  },
} satisfies Record<MailLanguage, unknown>;

export function dsaNoticeReceivedMessages(shop: MailShop, notice: DsaNotice): NewMessage[] {
  const t = TEXTS[shop.language];
  const what = [
    {
      facts: [
        [t.reference, notice.reference],
        [t.received, formatMailDateTime(notice.created_at, shop)],
        [t.address, notice.url],
        [t.name, notice.name],
      ] as const,
    },
    { paragraph: t.explanation },
    { quote: boundedQuote(notice.explanation) },
  ];
  return [
    composeMessage(shop, {
      kind: 'dsa-notice-received',
      to: notice.email,
      replyTo: shop.email,
      subject: t.receivedSubject(notice),
      heading: t.receivedHeading,
      blocks: [{ paragraph: t.receivedIntro(shop) }, ...what],
    }),
    composeMessage(shop, {
      kind: 'shop-dsa-notice',
      to: shop.notificationEmail,
      replyTo: notice.email,
      subject: t.shopSubject(notice),
      heading: t.shopHeading,
      blocks: [{ paragraph: t.shopIntro }, ...what, { link: { label: 'Admin', url: `${shop.siteUrl}/admin/` } }],
    }),
  ];
}

/** The decision for the notifier; only final decisions (`actioned`, `rejected`) are sent. */
export function dsaNoticeDecidedMessages(shop: MailShop, notice: DsaNotice): NewMessage[] {
  if (notice.status !== 'actioned' && notice.status !== 'rejected') return [];
  const t = TEXTS[shop.language];
  return [
    composeMessage(shop, {
      kind: 'dsa-notice-decided',
      to: notice.email,
      replyTo: shop.email,
      subject: t.decidedSubject(notice),
      heading: t.decidedHeading,
      blocks: [
        { paragraph: t[notice.status] },
        {
          facts: [
            [t.reference, notice.reference],
            [t.address, notice.url],
            [t.decidedOn, formatMailDateTime(notice.updated_at, shop)],
          ] as const,
        },
        ...(notice.decision_note ? [{ paragraph: t.reasons }, { quote: notice.decision_note }] : []),
        { paragraph: t.redress(shop) },
      ],
    }),
  ];
}
