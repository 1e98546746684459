/**
 * The links a customer confirms changes to their account with: a new e-mail address is confirmed from that address
 * (so that a typo or a stranger's address never becomes the account's), and an erasure from the account's address
 * (so that a session left open on a shared computer cannot erase the account).
 */
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
