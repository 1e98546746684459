/**
 * The links a customer confirms changes to their account with: a new e-mail address is confirmed from that address
 * (so that a typo or a stranger's address never becomes the account's), and an erasure from the account's address
 * (so that a session left open on a shared computer cannot erase the account).
 */
import { readableDay } from '../../i18n/readable-date.js';
import type { NewMessage } from '../../store/outbox.js';
import { composeMessage } from '../compose-message.js';
import type { MailShop } from '../templates/mail-shop.js';

/** How long the confirmation links work: the pages and the messages say the same. */
export const ACCOUNT_LINK_HOURS = 24;

/** To the new address: the link that makes it the account's. Hidden in the mail log, since it changes the account. */
export function emailChangeMessages(shop: MailShop, to: string, confirmUrl: string): NewMessage[] {
  const { t } = shop.translator;
  return [
    composeMessage(shop, {
      kind: 'account-email-change',
      to,
      replyTo: shop.email,
      subject: t('mailAccount.emailChangeSubject', { shop: shop.name }),
      heading: t('mailAccount.emailChangeHeading'),
      redact: [confirmUrl],
      blocks: [
        { paragraph: t('mailAccount.emailChangeIntro', { shop: shop.name }) },
        { link: { label: t('mailAccount.emailChangeLink'), url: confirmUrl } },
        { paragraph: t('mailAccount.linkValidHours', { count: ACCOUNT_LINK_HOURS }) },
        { paragraph: t('mailAccount.emailChangeNotYou') },
      ],
    }),
  ];
}

/** To the account's address: the link to the page that erases the account. Hidden in the mail log too. */
export function erasureLinkMessages(shop: MailShop, to: string, confirmUrl: string): NewMessage[] {
  const { t } = shop.translator;
  return [
    composeMessage(shop, {
      kind: 'account-erasure',
      to,
      replyTo: shop.email,
      subject: t('mailAccount.eraseSubject', { shop: shop.name }),
      heading: t('mailAccount.eraseHeading'),
      redact: [confirmUrl],
      blocks: [
        { paragraph: t('mailAccount.eraseIntro', { shop: shop.name }) },
        { link: { label: t('mailAccount.eraseLink'), url: confirmUrl } },
        { paragraph: t('mailAccount.linkValidHours', { count: ACCOUNT_LINK_HOURS }) },
        { paragraph: t('mailAccount.eraseNotYou') },
      ],
    }),
  ];
}

/** To the account's address once the customer confirmed their erasure request: when it will be carried out. */
export function erasureRequestedMessages(shop: MailShop, to: string, dueOn: string): NewMessage[] {
  const { t } = shop.translator;
  return [
    composeMessage(shop, {
      kind: 'account-erasure-requested',
      to,
      replyTo: shop.email,
      subject: t('mailAccount.erasureRequestedSubject', { shop: shop.name }),
      heading: t('mailAccount.erasureRequestedHeading'),
      blocks: [
        {
          paragraph: t('mailAccount.erasureRequestedIntro', { shop: shop.name, due: readableDay(dueOn, shop.locale) }),
        },
      ],
    }),
  ];
}

/**
 * To the address an account had, written as it is erased (in the same store operation, while the address is still
 * known): what was erased and what the shop keeps.
 */
export function erasureDoneMessages(shop: MailShop, to: string): NewMessage[] {
  const { t } = shop.translator;
  return [
    composeMessage(shop, {
      kind: 'account-erasure-done',
      to,
      replyTo: shop.email,
      subject: t('mailAccount.erasureDoneSubject', { shop: shop.name }),
      heading: t('mailAccount.erasureDoneHeading'),
      blocks: [
        { paragraph: t('mailAccount.erasureDoneIntro', { shop: shop.name }) },
        { paragraph: t('mailAccount.erasureDoneKept') },
        { paragraph: t('mailAccount.erasureDoneQuestions', { email: shop.email }) },
      ],
    }),
  ];
}
