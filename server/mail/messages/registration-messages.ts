/**
 * The answer to a registration, by e-mail, so that the page can say the same whoever asked: the link that creates the
 * account, or, to the owner of an address that has one, the news that it has one already.
 */
import type { NewMessage } from '../../store/outbox.js';
import { composeMessage } from '../compose-message.js';
import type { MailShop } from '../templates/mail-shop.js';

/** How long a registration link works: the page and the message say the same. */
export const REGISTRATION_LINK_HOURS = 24;

/** The link that creates the account; hidden in the mail log, since it signs its holder in. */
export function registrationLinkMessages(shop: MailShop, to: string, confirmUrl: string): NewMessage[] {
  const { t } = shop.translator;
  return [
    composeMessage(shop, {
      kind: 'account-confirmation',
      to,
      replyTo: shop.email,
      subject: t('mailRegistration.confirmSubject', { shop: shop.name }),
      heading: t('mailRegistration.confirmHeading'),
      redact: [confirmUrl],
      blocks: [
        { paragraph: t('mailRegistration.confirmIntro', { shop: shop.name }) },
        { link: { label: t('mailRegistration.confirmLink'), url: confirmUrl } },
        { paragraph: t('mailRegistration.confirmValid', { count: REGISTRATION_LINK_HOURS }) },
        { paragraph: t('mailRegistration.notYou') },
      ],
    }),
  ];
}

export function accountExistsMessages(shop: MailShop, to: string): NewMessage[] {
  const { t } = shop.translator;
  return [
    composeMessage(shop, {
      kind: 'account-exists',
      to,
      replyTo: shop.email,
      subject: t('mailRegistration.existsSubject', { shop: shop.name }),
      heading: t('mailRegistration.existsHeading'),
      blocks: [
        { paragraph: t('mailRegistration.existsIntro', { shop: shop.name }) },
        { link: { label: t('mailRegistration.signIn'), url: `${shop.storefrontUrl}/login` } },
        { link: { label: t('mailRegistration.reset'), url: `${shop.storefrontUrl}/forgot-password` } },
        { paragraph: t('mailRegistration.existsNotYou') },
      ],
    }),
  ];
}
